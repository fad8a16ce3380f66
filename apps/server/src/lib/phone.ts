// Phone numbers are stored in E.164: "+221 77 123 45 67", "00221771234567" and
// "+221771234567" are one number.
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export function normalizeMobile(input: string): string | null {
  const text = input.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isValid() ? parsed.number : null;
}

/** A login identifier is an e-mail when it has an @, else a phone number. */
export const looksLikeEmail = (identifier: string): boolean => identifier.includes('@');
