// The one country module of the web app: every country the server accepts (ISO 3166-1
// alpha-2, i18n-iso-countries' list), named in the interface language by the browser's own
// Intl.DisplayNames, sorted the way that language sorts, cached under one query key. Screens that
// show no country never load it. A browser without Intl.DisplayNames (old Android WebViews) gets
// the names from i18n-iso-countries' file for the language instead.
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { localeTag, type Language } from '@app/shared';
import { sharedKeys } from './query-keys';
import { getLanguage } from './settings';

export interface Country {
  /** ISO 3166-1 alpha-2, as the API takes it. */
  code: string;
  name: string;
}

export interface CountryList {
  /** Every country, sorted the way the language sorts, accents in place. */
  sorted: Country[];
  /** The country's name, or the code itself when it is not a known country. */
  nameOf: (code: string) => string;
}

type NamesFile = { countries: Record<string, string | string[]> };
const NAME_FILES: Record<Language, () => Promise<{ default: NamesFile }>> = {
  'en-us': () => import('i18n-iso-countries/langs/en.json'),
  'fr-ca': () => import('i18n-iso-countries/langs/fr.json'),
};

async function countryCodes(): Promise<string[]> {
  const { default: rows } = await import('i18n-iso-countries/codes.json');
  return (rows as string[][]).map((row) => row[0]!);
}

/** code → name in `language`, by Intl.DisplayNames when the browser has it. */
async function namesIn(language: Language): Promise<Map<string, string>> {
  if (typeof Intl.DisplayNames === 'function') {
    const display = new Intl.DisplayNames([localeTag(language)], { type: 'region', fallback: 'code' });
    return new Map((await countryCodes()).map((code) => [code, display.of(code) ?? code]));
  }
  // Where the file lists several names, the first is the official one.
  const { countries } = (await NAME_FILES[language]()).default;
  return new Map(Object.entries(countries).map(([code, n]) => [code, Array.isArray(n) ? (n[0] ?? code) : n]));
}

const lists = new Map<Language, Promise<CountryList>>();

/** The list of `language`, built once per visit (the query cache may be dropped; this is not). */
export function loadCountryList(language: Language): Promise<CountryList> {
  let list = lists.get(language);
  if (!list) {
    list = buildList(language);
    lists.set(language, list);
    list.catch(() => lists.delete(language)); // Offline before the chunk was cached: try again later.
  }
  return list;
}

async function buildList(language: Language): Promise<CountryList> {
  const names = await namesIn(language);
  const collator = new Intl.Collator(localeTag(language));
  const sorted = [...names].map(([code, name]) => ({ code, name })).sort((a, b) => collator.compare(a.name, b.name));
  return { sorted, nameOf: (code) => names.get(code.toUpperCase()) ?? code };
}

/** The country list of the interface language (or `language`), loaded once per visit. */
export function useCountryList(language: Language = getLanguage()) {
  return useQuery({
    queryKey: sharedKeys.countries(language),
    queryFn: () => loadCountryList(language),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

const displays = new Map<Language, Intl.DisplayNames>();

/**
 * A post's country as its reader sees it: posts store ISO codes, named in `language` by
 * `list`, else by Intl.DisplayNames; a value that is no code (a name an older post kept) is shown
 * as written.
 */
export function countryNameIn(value: string, language: Language, list?: CountryList): string {
  if (!/^[A-Za-z]{2}$/.test(value)) return value;
  if (list) return list.nameOf(value);
  if (typeof Intl.DisplayNames !== 'function') return value.toUpperCase();
  let display = displays.get(language);
  if (!display) {
    display = new Intl.DisplayNames([localeTag(language)], { type: 'region', fallback: 'code' });
    displays.set(language, display);
  }
  return display.of(value.toUpperCase()) ?? value;
}

/**
 * countryNameIn for `language` (the interface's). Intl.DisplayNames answers at once; only a browser
 * without it loads the list of names, and shows the code until it arrives.
 */
export function useCountryName(language: Language = getLanguage()) {
  const { data } = useQuery({
    queryKey: sharedKeys.countries(language),
    queryFn: () => loadCountryList(language),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled: typeof Intl.DisplayNames !== 'function',
  });
  return useCallback(
    (value: string | null | undefined): string | null => (value ? countryNameIn(value, language, data) : null),
    [language, data],
  );
}

/** Calling code (without "+") per country code, for the countries that have one. */
export async function loadDialCodes(): Promise<Record<string, string>> {
  const { getCountries, getCountryCallingCode } = await import('libphonenumber-js/min');
  return Object.fromEntries(getCountries().map((code) => [code, getCountryCallingCode(code)]));
}

export function useDialCodes() {
  return useQuery({ queryKey: sharedKeys.dialCodes(), queryFn: loadDialCodes, staleTime: Infinity, gcTime: Infinity });
}
