// Country names in the interface language, from i18n-iso-countries. Only the chosen language's
// list is downloaded, and only by the screens that show a country (never by `/`).
import type { Language } from '@app/shared';
import { localeTag } from '@app/shared';

export type CountryNames = Readonly<Record<string, string>>;
type LangFile = { countries: Record<string, string | string[]> };

const loaders: Record<Language, () => Promise<{ default: LangFile }>> = {
  'en-us': () => import('i18n-iso-countries/langs/en.json'),
  'fr-ca': () => import('i18n-iso-countries/langs/fr.json'),
};

/** ISO 3166-1 alpha-2 → name. Where the file lists several names, the first is the official one. */
export function namesFrom(file: LangFile): CountryNames {
  return Object.fromEntries(
    Object.entries(file.countries).map(([code, name]) => [code, Array.isArray(name) ? (name[0] ?? code) : name]),
  );
}

export const loadCountryNames = async (language: Language): Promise<CountryNames> =>
  namesFrom((await loaders[language]()).default);

/** Every country, sorted by its name as the language sorts (accents in place in French). */
export function sortedCountries(names: CountryNames, language: Language): { code: string; name: string }[] {
  const collator = new Intl.Collator(localeTag(language));
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
