// D-38 and D-15 (revised): what a payer pays in, and by which operators. A payer's currency comes
// from their country (the CFA franc zones, DR Congo, the euro area), so a supplier in Dakar is asked
// for francs and never for dollars. Integer arithmetic only (D-3).
import { PAY_AS_YOU_GO_PERCENT } from './constants.js';
import type { CurrencyCode } from './money.js';

/** The currencies paid by mobile money (D-38); dollars and euros keep PayPal. */
export const MOBILE_MONEY_CURRENCIES = ['XOF', 'XAF', 'CDF'] as const satisfies readonly CurrencyCode[];
export const isMobileMoneyCurrency = (code: CurrencyCode): boolean =>
  (MOBILE_MONEY_CURRENCIES as readonly CurrencyCode[]).includes(code);

export const PAYMENT_METHODS = ['card', 'mobile_money'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** UEMOA (XOF) and CEMAC (XAF), both pegged to the euro at 655.957. */
const XOF_ZONE = new Set(['BJ', 'BF', 'CI', 'GW', 'ML', 'NE', 'SN', 'TG']);
const XAF_ZONE = new Set(['CM', 'CF', 'TD', 'CG', 'GQ', 'GA']);
const EURO_AREA = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK',
  'SI', 'ES', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK', 'GF', 'GP', 'MQ', 'RE', 'YT', 'PM', 'BL', 'MF',
]); // prettier-ignore

/** The currency a person pays in, from their country: dollars only where nothing closer applies. */
export function payerCurrency(country: string | null | undefined): CurrencyCode {
  const code = (country ?? '').toUpperCase();
  if (XOF_ZONE.has(code)) return 'XOF';
  if (XAF_ZONE.has(code)) return 'XAF';
  if (code === 'CD') return 'CDF';
  if (EURO_AREA.has(code)) return 'EUR';
  return 'USD';
}

/**
 * Congolese francs per dollar when the server names no other (its FX_CDF_PER_USD default), in
 * thousandths (2800 → 2_800_000).
 */
export const DEFAULT_CDF_PER_USD_MILLI = 2_800_000;

/** The operators CinetPay offers per country (D-38), in the order the checkout lists them. */
export const MOBILE_MONEY_OPERATORS: Record<string, readonly string[]> = {
  SN: ['Orange Money', 'Wave', 'Free Money'],
  CI: ['Orange Money', 'MTN Mobile Money', 'Moov Money', 'Wave'],
  NE: ['Airtel Money', 'Moov Money'],
  CD: ['Orange Money', 'Airtel Money', 'M-Pesa'],
  CM: ['Orange Money', 'MTN Mobile Money'],
  BF: ['Orange Money', 'Moov Money'],
  ML: ['Orange Money', 'Moov Money'],
  TG: ['T-Money', 'Moov Money'],
  BJ: ['MTN Mobile Money', 'Moov Money'],
};

/** Every operator of the currency's countries, for a payer whose country names none. */
export function operatorsFor(country: string | null | undefined, currency: CurrencyCode): readonly string[] {
  const own = MOBILE_MONEY_OPERATORS[(country ?? '').toUpperCase()];
  if (own) return own;
  const zone = currency === 'XOF' ? XOF_ZONE : currency === 'XAF' ? XAF_ZONE : new Set(['CD']);
  const all = [...zone].flatMap((c) => MOBILE_MONEY_OPERATORS[c] ?? []);
  return [...new Set(all)];
}

/** A deal's unit price in the three catalogue currencies (minor units). */
export interface CataloguePrices {
  usd: number;
  eur: number;
  xof: number;
}

/** n/d rounded half up to a multiple of `step` whole units. */
const roundTo = (n: bigint, d: bigint, step: bigint) => ((2n * n + step * d) / (2n * step * d)) * step;

/**
 * D-15 revised: the fee, 15% of the deal's total (unit price × units) in the payer's currency.
 * Euros and dollars to the cent; CFA and Congolese francs to whole francs, in multiples of 5 as
 * CinetPay takes them (its amount "must be a multiple of 5"). CDF is converted from the dollar
 * price at `cdfPerUsdMilli` (CDF keeps two minor digits, so whole francs are hundreds).
 */
export function feeIn(prices: CataloguePrices, units: number, currency: CurrencyCode, cdfPerUsdMilli: number): number {
  const pct = BigInt(PAY_AS_YOU_GO_PERCENT);
  const u = BigInt(units);
  switch (currency) {
    case 'USD':
    case 'EUR': {
      const total = BigInt(currency === 'USD' ? prices.usd : prices.eur) * u * pct;
      return Number(roundTo(total, 100n, 1n));
    }
    case 'XOF':
    case 'XAF':
      return Number(roundTo(BigInt(prices.xof) * u * pct, 100n, 5n));
    case 'CDF': {
      // cents × (CDF per USD in thousandths) × percent / (100 cents × 1000 × 100 %) = whole francs.
      const n = BigInt(prices.usd) * u * BigInt(cdfPerUsdMilli) * pct;
      return Number(roundTo(n, 10_000_000n, 5n)) * 100;
    }
  }
}
