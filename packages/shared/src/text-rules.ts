// Rules for what people write to each other. D-32: a request's note may not carry contacts, which
// are what the fee buys. Bidirectional overrides and other invisible format characters make a text
// read other than it was written ("gpj.exe" shown as "exe.jpg", digits split by zero-width spaces):
// they are removed from every message, note, reason and review.
// Joiners stay: emoji sequences and Persian or Arabic words need them.
const FORMAT_CHARACTERS = /(?![\u200C\u200D])\p{Cf}/gu;

export const stripBidiControls = (text: string): string => text.replace(FORMAT_CHARACTERS, '');

/**
 * Eight digits or more, with what people type between them: spaces, dots, commas, dashes,
 * underscores, slashes, brackets (+221 77 123 45 67, 77,123,45,67).
 */
const PHONE = /(?:\+|\b00)?\d(?:[\s.,_\-/()]{0,4}\d){7,}/g;
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\s?\.\s?(?:com|net|org|info|biz|io|me|app|co|sn|ne|cd|cm|ci|ml|bf|tg|bj|ga|fr|be|ly|gl|to)(?:\/\S*)?\b/i;

/** A date people write ("05/03/2026", "2026-03-05", "5.3.26"): eight digits that are no phone. */
const DATE = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/;

/** The text as it reads: compatibility forms folded (fullwidth), invisible characters gone, any script's digits as 0-9. */
const normalized = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\p{Nd}/gu, (d) => (/\d/.test(d) ? d : '0'));

/** Which kind of contact a text holds, or null. */
export function contactIn(text: string): 'phone' | 'email' | 'link' | null {
  const plain = normalized(text);
  if (EMAIL.test(plain)) return 'email';
  if (LINK.test(plain)) return 'link';
  // A run of digits is a phone number unless the whole run is one date.
  for (const run of plain.match(PHONE) ?? []) if (!DATE.test(run.trim())) return 'phone';
  return null;
}
