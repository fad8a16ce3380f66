export const LANGUAGES = ['en-us', 'fr-ca'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-us';

export interface Bilingual {
  en: string;
  fr: string;
}

/** Picks the text of a bilingual pair for an interface language. */
export const pick = (text: Bilingual, language: Language): string => (language === 'fr-ca' ? text.fr : text.en);

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** BCP 47 tag for Intl and <html lang>. */
export const localeTag = (language: Language): 'en-US' | 'fr-CA' => (language === 'fr-ca' ? 'fr-CA' : 'en-US');

/**
 * The language a link asks for with `?lang=`: `fr` or `en` (or the full `fr-ca` / `en-us`), in
 * any case; undefined for anything else.
 */
export function linkLanguage(search: string): Language | undefined {
  const value = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (value === 'fr' || value === 'fr-ca') return 'fr-ca';
  if (value === 'en' || value === 'en-us') return 'en-us';
  return undefined;
}
