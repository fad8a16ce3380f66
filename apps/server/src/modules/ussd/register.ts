// D-37: an unknown number registers with a first name and a country, then goes on. The number the
// network presents is proven (no SMS code is needed); the first name follows the web's rule.
import { countryCodeSchema, newUserSchema } from '@app/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { countryName } from '../../lib/countries.js';
import type { UssdPorts, UssdUser } from './context.js';
import { type Lang, TEXTS, languageOfCountry } from './texts.js';
import { type Answers, type Screen, con, invalid } from './walk.js';

/** How many answers registration takes (first name, country): skipped when walking the session again. */
export const REGISTRATION_ANSWERS = 2;

export const countryOfNumber = (phone: string): string | null => parsePhoneNumberFromString(phone)?.country ?? null;

export async function registration(
  a: Answers,
  input: { phone: string; sessionId: string; code: string },
  ports: UssdPorts,
): Promise<{ user: UssdUser } | { screen: Screen }> {
  const home = countryOfNumber(input.phone);
  const lang: Lang = languageOfCountry(home);
  const t = TEXTS[lang];
  const name = a.next();
  if (name === undefined) return { screen: con(t.regName) };
  const firstName = newUserSchema.shape.firstName.safeParse(name);
  if (!firstName.success || /\d/.test(firstName.data)) throw invalid(t, input.code);
  const typed = a.next();
  if (typed === undefined) return { screen: con(t.regCountry(home ? countryName(home, lang) : null)) };
  const country = typed === '1' && home ? home : countryCodeSchema.safeParse(typed.toUpperCase()).data;
  if (!country) throw invalid(t, input.code);
  const user = await ports.register({
    firstName: firstName.data,
    country,
    phone: input.phone,
    language: languageOfCountry(country),
    sessionId: input.sessionId,
  });
  return { user };
}
