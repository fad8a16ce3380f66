// USSD sessions driven as Africa's Talking drives them (africastalking-stub.ts forms), and web
// accounts whose SMS codes are read from the stub (the app sends through the real adapter).
import type { FastifyInstance } from 'fastify';
import { type AfricasTalkingStub, ussdForm } from './africastalking-stub.js';
import { newAccount, registerAndLogIn } from './accounts.js';

export interface UssdStepLog {
  text: string;
  reply: string;
}

/** One session: each answer appended to `text` joined by `*`, as the gateway posts it. */
export function ussdSession(
  app: FastifyInstance,
  secret: string,
  phone: string,
  sessionId = `ATUid_${Math.random().toString(36).slice(2)}`,
) {
  const answers: string[] = [];
  const log: UssdStepLog[] = [];
  const post = async () => {
    const text = answers.join('*');
    const res = await app.inject({
      method: 'POST',
      url: `/api/ussd/africastalking/${secret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: ussdForm(sessionId, phone, text),
    });
    if (res.statusCode !== 200) throw new Error(`ussd ${res.statusCode}: ${res.body}`);
    log.push({ text, reply: res.body });
    return res.body;
  };
  return {
    log,
    dial: () => post(),
    answer: (value: string) => {
      answers.push(value);
      return post();
    },
    /** Answers with the number of the line holding `label`, paging with 9 until it shows. */
    async pick(screen: string, label: string): Promise<string> {
      let current = screen;
      for (let page = 0; page < 5; page++) {
        const line = current.split('\n').find((l) => /^\d\. /.test(l) && l.includes(label));
        if (line) return this.answer(line.slice(0, 1));
        if (!/\n9\. /.test(current)) break;
        current = await this.answer('9');
      }
      throw new Error(`no "${label}" on: ${current}`);
    },
  };
}

/** Waits for the stub to receive a message to `to` matching `pattern`. */
export async function smsTo(stub: AfricasTalkingStub, to: string, pattern: RegExp, ms = 5000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const found = stub.messages.findLast((m) => m.to === to && pattern.test(m.message));
    if (found) return found.message;
    if (Date.now() > until)
      throw new Error(
        `no SMS to ${to} matching ${pattern}: ${JSON.stringify(stub.messages.filter((m) => m.to === to))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A web account registered and signed in, its SMS code read from the stub. */
export async function webAccount(
  app: FastifyInstance,
  stub: AfricasTalkingStub,
  overrides: Record<string, unknown> = {},
) {
  const account = newAccount(overrides);
  const mobile = account.mobile_no as string;
  const sent = await app.inject({ method: 'POST', url: '/api/user/sendMessage', payload: { mobile_no: mobile } });
  if (sent.statusCode !== 200) throw new Error(`sendMessage ${sent.statusCode}: ${sent.body}`);
  const code = /\b(\d{6})\b/.exec(await smsTo(stub, mobile, /\b\d{6}\b/))![1];
  const checked = await app.inject({
    method: 'POST',
    url: '/api/user/codeValidation',
    payload: { mobile_no: mobile, code, forget_password: false },
  });
  const verification_token = checked.json().data.verification_token as string;
  const { user, auth_key } = await registerAndLogIn(app, account, verification_token);
  return { account, user, mobile, headers: { 'access-token': auth_key as string } };
}
