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

/** The product's name in each language: SMS, e-mails and pages name it in the reader's language. */
export const PRODUCT_NAME: Bilingual = { en: 'Needs & Offers', fr: 'Besoins & Offres' };

/**
 * French "de" before a name: elided to "d'" before a vowel or a mute h ("le courriel d'Awa",
 * "d'Hélène"), kept before a consonant ("de Moussa"). A y before a vowel is a consonant ("de
 * Yacine"), before a consonant a vowel ("d'Yves").
 */
export function frenchOf(name: string): string {
  const text = name.trim();
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const elides = /^[aeiou]/.test(plain) || /^h[aeiouy]/.test(plain) || /^y[^aeiouy]/.test(plain);
  return elides ? `d'${text}` : `de ${text}`;
}

/** Stands for a skipped part (placeholder, address, time): an invisible separator. */
const SKIPPED = '\u2063';
const SIGN_TOO_CLOSE = new RegExp(`[^\\s\\u00a0\\u202f:?!(«"“'=]([:?!])`, 'g');

/**
 * French as written in Canada puts a space before ":", "?" and "!" ("Courriel :", "Pas encore
 * fait ?"); the texts use a no-break space (U+00A0) so the sign never starts a line. Returns each
 * place where a sign follows a letter, digit, closing mark or placeholder directly; the signs
 * inside placeholders (`{{x}}`, `${x}`), addresses (`https://…`) and times (`11:19`) are not text.
 */
export function frenchSpacingProblems(text: string): string[] {
  const plain = text
    .replace(/\{\{[^}]*\}\}/g, SKIPPED)
    .replace(/\$\{[^}]*\}/g, SKIPPED)
    .replace(/\b(?:https?|mailto|tel|sms):\S*/g, SKIPPED)
    .replace(/\b\d{1,2}:\d{2}\b/g, SKIPPED);
  const problems: string[] = [];
  for (const match of plain.matchAll(SIGN_TOO_CLOSE)) {
    const at = match.index ?? 0;
    problems.push(plain.slice(Math.max(0, at - 20), at + 2));
  }
  return problems;
}

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
