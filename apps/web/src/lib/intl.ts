// Intl formatters, built once per locale and options. Building one is slow (the engine loads the
// locale's data: tens of milliseconds on a low-end phone), and screens format in every render
// (the mailbox on each page, a count on each map cluster, an age on each card).
const built = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function once<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  build: () => T,
): T {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  const found = built.get(key) as T | undefined;
  if (found) return found;
  const format = build();
  built.set(key, format);
  return format;
}

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  once('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  once('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const relativeTimeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions = {}) =>
  once('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
