// D-37, D-36: an SMS sent to the product's number. "STOP" turns the sender's SMS alerts off;
// "AIDE"/"HELP" answers with the USSD code and the web address. Replies are in the sender's
// language (French for an unknown number of a francophone country).
import type { UssdPorts } from './context.js';
import { countryOfNumber } from './register.js';
import { TEXTS, languageOfCountry } from './texts.js';

export interface InboundSmsDeps {
  userByPhone: UssdPorts['userByPhone'];
  stopSmsAlerts(userId: string): Promise<number>;
  sms(to: string, text: string): void;
  code: string;
  web: string;
}

const STOP = new Set(['STOP', 'ARRET', 'ARRETER', 'STOPALL', 'UNSUBSCRIBE']);
const HELP = new Set(['HELP', 'AIDE', 'INFO']);

/** What the sender asked for: 'stop', 'help', or 'other' (nothing is done and nothing answered). */
export async function inboundSms(from: string, text: string, deps: InboundSmsDeps): Promise<'stop' | 'help' | 'other'> {
  const word = text.normalize('NFD').replace(/\p{M}/gu, '').trim().toUpperCase().split(/\s+/)[0] ?? '';
  const kind = STOP.has(word) ? 'stop' : HELP.has(word) ? 'help' : 'other';
  if (kind === 'other') return kind;
  const user = await deps.userByPhone(from);
  const t = TEXTS[user?.language ?? languageOfCountry(countryOfNumber(from))];
  if (kind === 'stop') {
    if (user) await deps.stopSmsAlerts(user.id);
    deps.sms(from, user ? t.stopped(deps.code) : t.unknownSender(deps.code));
  } else {
    deps.sms(from, t.help(deps.code, deps.web));
  }
  return kind;
}
