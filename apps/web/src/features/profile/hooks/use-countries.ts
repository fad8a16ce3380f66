// Country names in the interface language and the dial codes, loaded only by the screens that
// ask for a country: `/` never downloads them.
import { useQuery } from '@tanstack/react-query';
import { localeTag, type Language } from '@app/shared';
import { getLanguage } from '../../../lib/settings';

export interface CountryName {
  /** ISO 3166-1 alpha-2, as the API takes it. */
  code: string;
  name: string;
}

type NamesFile = { countries: Record<string, string | string[]> };
const NAME_FILES: Record<Language, () => Promise<{ default: NamesFile }>> = {
  'en-us': () => import('i18n-iso-countries/langs/en.json'),
  'fr-ca': () => import('i18n-iso-countries/langs/fr.json'),
};

/** Every country, named in `language` and sorted the way its speakers sort. */
export async function loadCountryNames(language: Language): Promise<CountryName[]> {
  const { countries } = (await NAME_FILES[language]()).default;
  const collator = new Intl.Collator(localeTag(language));
  return Object.entries(countries)
    .map(([code, names]) => ({ code, name: Array.isArray(names) ? (names[0] ?? code) : names }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Calling code (without "+") per country code, for the countries that have one. */
export async function loadDialCodes(): Promise<Record<string, string>> {
  const { getCountries, getCountryCallingCode } = await import('libphonenumber-js/min');
  return Object.fromEntries(getCountries().map((code) => [code, getCountryCallingCode(code)]));
}

export function useCountryNames() {
  const language = getLanguage();
  return useQuery({
    queryKey: ['countryNames', language],
    queryFn: () => loadCountryNames(language),
    staleTime: Infinity,
  });
}

export function useDialCodes() {
  return useQuery({ queryKey: ['dialCodes'], queryFn: loadDialCodes, staleTime: Infinity });
}
