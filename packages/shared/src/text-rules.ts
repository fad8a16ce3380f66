// Rules for what people write to each other. D-32: a request's note may not carry contacts, which
// are what the fee buys. Bidirectional override characters make a text read other than it was
// written ("gpj.exe" shown as "exe.jpg"): they are removed from every message and note.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');

/** Eight digits or more, with the separators people type between them (+221 77 123 45 67). */
const PHONE = /(?:\+|\b00)?\d(?:[\s.\-/()]{0,3}\d){7,}/;
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|info|biz|io|me|app|co|sn|ne|cd|cm|ci|ml|bf|tg|bj|ga|fr|be|ly|gl|to)(?:\/\S*)?\b/i;

/** Dates people write ("05/03/2026", "2026-03-05", "5.3.26"): eight digits that are no phone. */
const DATE = /\b(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})\b/g;

/** Which kind of contact a text holds, or null. */
export function contactIn(text: string): 'phone' | 'email' | 'link' | null {
  if (EMAIL.test(text)) return 'email';
  if (LINK.test(text)) return 'link';
  if (PHONE.test(text.replace(DATE, ' '))) return 'phone';
  return null;
}
