// A stored number (E.164, "+221776123456") as people write it: "+221 77 612 34 56". Only for
// showing; links (tel:, sms:, wa.me) and the API keep the E.164 form.
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export function formatPhone(number: string): string {
  const text = number.trim();
  if (!text.startsWith('+')) return text;
  return parsePhoneNumberFromString(text)?.formatInternational() ?? text;
}
