// Country names in the interface language (i18n-iso-countries), loaded only by the publish form.
import { useQuery } from '@tanstack/react-query';
import { localeTag, type Language } from '@app/shared';

type NamesFile = { countries: Record<string, string | string[]> };
const NAME_FILES: Record<Language, () => Promise<{ default: NamesFile }>> = {
  'en-us': () => import('i18n-iso-countries/langs/en.json'),
  'fr-ca': () => import('i18n-iso-countries/langs/fr.json'),
};

export interface CountryList {
  /** Sorted the way the language sorts, accents in place. */
  sorted: { code: string; name: string }[];
  nameOf: (code: string) => string;
}

export async function loadCountryList(language: Language): Promise<CountryList> {
  const { countries } = (await NAME_FILES[language]()).default;
  const names = new Map(
    Object.entries(countries).map(([code, n]) => [code, Array.isArray(n) ? (n[0] ?? code) : n] as const),
  );
  const collator = new Intl.Collator(localeTag(language));
  const sorted = [...names].map(([code, name]) => ({ code, name })).sort((a, b) => collator.compare(a.name, b.name));
  return { sorted, nameOf: (code) => names.get(code) ?? code };
}

export function useCountryList(language: Language) {
  return useQuery({
    queryKey: ['posts', 'countryList', language],
    queryFn: () => loadCountryList(language),
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}
