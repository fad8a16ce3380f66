// Countries as a post stores them (migration 0022): ISO 3166-1 alpha-2 codes. A client may send a
// code or a name in English or French (older clients and offline queues send the name the form
// showed); the server keeps the code, and a search by country finds a post by any of its names.
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

export type CountryLanguage = 'en' | 'fr';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as countries.LocaleData);
countries.registerLocale(require('i18n-iso-countries/langs/fr.json') as countries.LocaleData);

/** The country's name in `language`; its code when the list has no name for it (e.g. XK). */
export function countryName(code: string, language: CountryLanguage): string {
  return countries.getName(code, language) ?? code;
}

/** As search_norm() in SQL (migration 0002): no accents, lower case, punctuation as one space. */
export const normalizeName = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Names people write that the lists lack; they win over the lists' aliases ("Congo" is the
 * Republic of the Congo, as in French; the DRC's is "RD Congo").
 */
const EXTRA_NAMES: Record<string, readonly string[]> = {
  CD: ['RD Congo', 'RDC', 'DR Congo', 'DRC', 'Congo-Kinshasa'],
  CG: ['Congo', 'Congo-Brazzaville'],
  CF: ['Centrafrique'],
  BR: ['Brasil'],
};

/**
 * Every name with its code, the first for a name winning: the extras, the codes themselves, then
 * the lists' names in both languages and the browser's (Intl.DisplayNames, what the web app shows,
 * so a search finds what a reader sees).
 */
export function namedCountries(): [name: string, code: string][] {
  const pairs: [string, string][] = [];
  for (const [code, extra] of Object.entries(EXTRA_NAMES)) for (const name of extra) pairs.push([name, code]);
  const codes = Object.keys(countries.getAlpha2Codes());
  for (const code of codes) pairs.push([code, code]);
  for (const language of ['en', 'fr'] as const) {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    const listed = countries.getNames(language, { select: 'all' });
    for (const code of codes) {
      for (const name of listed[code] ?? []) pairs.push([name, code]);
      const shown = display.of(code);
      if (shown) pairs.push([shown, code]);
    }
  }
  return pairs;
}

let cached: Map<string, string> | undefined;
/** Normalised name (or code) → code, built once (about 500 names). */
export function countryNames(): ReadonlyMap<string, string> {
  if (!cached) {
    cached = new Map();
    for (const [name, code] of namedCountries()) {
      const key = normalizeName(name);
      if (key && !cached.has(key)) cached.set(key, code);
    }
  }
  return cached;
}

/** The ISO code of a code or a name ('SN', 'sn', 'Senegal', 'Sénégal', 'RD Congo'); null when unknown. */
export function countryCodeOf(text: string): string | null {
  return countryNames().get(normalizeName(text)) ?? null;
}

/**
 * The codes of the countries a search text names: any of their names contains it ('ma': Mali,
 * Maroc, Madagascar...) or it is their code. `text` is normalised already.
 */
export function countryCodesMatching(normalized: string): string[] {
  if (!normalized) return [];
  const found = new Set<string>();
  for (const [name, code] of countryNames()) {
    if (name === normalized || (name.length > 2 && name.includes(normalized))) found.add(code);
  }
  return [...found].sort();
}
