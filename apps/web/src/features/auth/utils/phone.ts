// Dial codes and mobile numbers. SPEC 5: the mobile is the dial code (default +93) plus the
// number; it is sent in E.164 so the SMS goes where the server will look for it.
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { DEFAULT_DIAL_CODE } from '@app/shared';

export type DialCountry = CountryCode;

const COUNTRIES = getCountries();

export const dialCountries = (): readonly DialCountry[] => COUNTRIES;

export const isDialCountry = (code: string): code is DialCountry => COUNTRIES.includes(code as DialCountry);

export const dialCode = (country: DialCountry): string => `+${getCountryCallingCode(country)}`;

/** SPEC 9: +93 is the default; several countries share a code, so the first one owns it. */
export const DEFAULT_DIAL_COUNTRY: DialCountry = COUNTRIES.find((c) => dialCode(c) === DEFAULT_DIAL_CODE) ?? 'AF';

/**
 * The number in E.164, or null when it is not a valid number. A number typed with its own
 * international prefix ("+221…" or "00221…") keeps it; otherwise the chosen dial code applies,
 * and a national trunk prefix ("0…") is handled by the country's rules.
 */
export function toMobile(country: DialCountry, typed: string): string | null {
  const text = typed.trim();
  if (text === '') return null;
  const parsed = /^(\+|00)/.test(text)
    ? parsePhoneNumberFromString(text.replace(/^00/, '+'))
    : parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed.number : null;
}

/** D-24: the dial code of the chosen country, else of the place the device is in, else SPEC's +93. */
export const localDialCountry = (country: string | null | undefined): DialCountry =>
  country && isDialCountry(country) ? country : DEFAULT_DIAL_COUNTRY;
