// Money as integer minor units with an ISO code (D-3). Never a float in storage or arithmetic;
// a float appears only inside Intl formatting for display.
import { localeTag, type Language } from './i18n.js';

// XAF (D-38): the Central African CFA franc, pegged like XOF; paid by mobile money in Cameroon.
export const CURRENCY_CODES = ['USD', 'EUR', 'XOF', 'CDF', 'XAF'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** ISO 4217 minor digits. */
const MINOR_DIGITS: Record<CurrencyCode, number> = { USD: 2, EUR: 2, XOF: 0, CDF: 2, XAF: 0 };

/** The display-currency setting stored in local storage as `currency` (SPEC 3). */
export const CURRENCY_SETTINGS = ['dollar', 'euro', 'fr'] as const;
export type CurrencySetting = (typeof CURRENCY_SETTINGS)[number];
export const DEFAULT_CURRENCY: CurrencySetting = 'dollar';

export const currencyOfSetting = (setting: CurrencySetting): 'USD' | 'EUR' | 'XOF' =>
  setting === 'euro' ? 'EUR' : setting === 'fr' ? 'XOF' : 'USD';

export const isCurrencySetting = (value: unknown): value is CurrencySetting =>
  CURRENCY_SETTINGS.includes(value as CurrencySetting);

export const minorDigits = (code: CurrencyCode): number => MINOR_DIGITS[code];

const formatters = new Map<string, Intl.NumberFormat>();

/** "$2.20", "2,20 $ US", "1 300 F CFA": the user's locale and the amount's currency (D-3). */
/** Prices repeat (catalogue presets): a map of 300 markers formats a handful of distinct amounts. */
const formatted = new Map<string, string>();
const MAX_FORMATTED = 5_000;

export function formatMoney(minor: number, code: CurrencyCode, language: Language): string {
  const key = `${language}:${code}`;
  const memoKey = `${key}:${minor}`;
  const known = formatted.get(memoKey);
  if (known !== undefined) return known;
  let fmt = formatters.get(key);
  if (!fmt) {
    const digits = MINOR_DIGITS[code];
    fmt = new Intl.NumberFormat(localeTag(language), {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, fmt);
  }
  const text = fmt
    .formatToParts(minor / 10 ** MINOR_DIGITS[code])
    .map((part) => (part.type === 'currency' && part.value === code ? (LOCAL_SYMBOL[code] ?? code) : part.value))
    .join('');
  if (formatted.size >= MAX_FORMATTED) formatted.clear();
  formatted.set(memoKey, text);
  return text;
}

// fr-CA has no symbol for the African francs and prints the ISO code; users know them by these.
const LOCAL_SYMBOL: Partial<Record<CurrencyCode, string>> = { XOF: 'F CFA', CDF: 'FC', XAF: 'F CFA' };

/** Exact decimal string of API.md ("15.00", "7900"). */
export function toDecimalString(minor: number, code: CurrencyCode): string {
  assertMinor(minor);
  const digits = MINOR_DIGITS[code];
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** Parses "15", "15.5" or "15.50" into minor units without float arithmetic; null if malformed. */
export function parseDecimal(text: string, code: CurrencyCode): number | null {
  const digits = MINOR_DIGITS[code];
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** A percentage of an amount, rounded half up to the minor unit (D-15: 15% pay-as-you-go). */
export function percentOf(minor: number, percent: number): number {
  assertMinor(minor);
  return Math.floor((minor * percent + 50) / 100);
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
}

/**
 * Euros per dollar in millionths when the server names no other (its FX_EUR_PER_USD default): the
 * publish form's echo of a price in the other currencies uses it; the server converts for real.
 */
export const DEFAULT_EUR_PER_USD_MICRO = 920_000;

/** D-4: CFA franc (XOF) per euro, a fixed peg. As an integer fraction: 655957 / 1000. */
const XOF_PER_EUR_MILLI = 655_957;

/**
 * D-4: an own-proposition price entered in one currency, with the other two derived. The dollar–euro
 * rate is configurable, given as euros per dollar in millionths (0.92 → 920000). Integer arithmetic
 * with one rounding per conversion.
 */
export function convertOwnPrice(
  minor: number,
  code: 'USD' | 'EUR' | 'XOF',
  eurPerUsdMicro: number,
): { USD: number; EUR: number; XOF: number } {
  assertMinor(minor);
  const div = (a: number, b: number) => Math.round(a / b);
  // EUR cents ↔ XOF francs: francs = cents / 100 * 655.957.
  const eurToXof = (eur: number) => div(eur * XOF_PER_EUR_MILLI, 100_000);
  const xofToEur = (xof: number) => div(xof * 100_000, XOF_PER_EUR_MILLI);
  const usdToEur = (usd: number) => div(usd * eurPerUsdMicro, 1_000_000);
  const eurToUsd = (eur: number) => div(eur * 1_000_000, eurPerUsdMicro);
  if (code === 'USD') {
    const EUR = usdToEur(minor);
    return { USD: minor, EUR, XOF: eurToXof(EUR) };
  }
  if (code === 'EUR') return { USD: eurToUsd(minor), EUR: minor, XOF: eurToXof(minor) };
  const EUR = xofToEur(minor);
  return { USD: eurToUsd(EUR), EUR, XOF: minor };
}
