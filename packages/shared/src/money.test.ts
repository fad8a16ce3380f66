import { describe, expect, it } from 'vitest';
import { convertOwnPrice, currencyOfSetting, formatMoney, parseDecimal, percentOf, toDecimalString } from './money.js';

describe('money', () => {
  it('formats a price for an English reader in dollars, euros and CFA francs', () => {
    expect(formatMoney(220, 'USD', 'en-us')).toBe('$2.20');
    expect(formatMoney(199, 'EUR', 'en-us')).toBe('€1.99');
    expect(formatMoney(1300, 'XOF', 'en-us').replace(/\s/g, ' ')).toBe('F CFA 1,300');
  });

  it('formats a price for a French Canadian reader', () => {
    const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(nbsp(formatMoney(220, 'USD', 'fr-ca'))).toBe('2,20 $ US');
    expect(nbsp(formatMoney(1340, 'EUR', 'fr-ca'))).toBe('13,40 €');
    expect(nbsp(formatMoney(8790, 'XOF', 'fr-ca'))).toBe('8 790 F CFA');
  });

  it('writes exact decimal strings from minor units', () => {
    expect(toDecimalString(1500, 'USD')).toBe('15.00');
    expect(toDecimalString(5, 'EUR')).toBe('0.05');
    expect(toDecimalString(7900, 'XOF')).toBe('7900');
    expect(toDecimalString(-199, 'USD')).toBe('-1.99');
    expect(() => toDecimalString(1.5, 'USD')).toThrow(RangeError);
  });

  it('parses decimal text without float error and refuses malformed amounts', () => {
    expect(parseDecimal('0.29', 'USD')).toBe(29);
    expect(parseDecimal('15', 'USD')).toBe(1500);
    expect(parseDecimal('15,5', 'EUR')).toBe(1550);
    expect(parseDecimal('7900', 'XOF')).toBe(7900);
    expect(parseDecimal('1.5', 'XOF')).toBeNull();
    expect(parseDecimal('1.234', 'USD')).toBeNull();
    expect(parseDecimal('-3', 'USD')).toBeNull();
    expect(parseDecimal('abc', 'USD')).toBeNull();
  });

  it('takes 15% rounded half up to the cent (D-15)', () => {
    expect(percentOf(1500, 15)).toBe(225);
    expect(percentOf(220, 15)).toBe(33);
    expect(percentOf(110, 15)).toBe(17); // 16.5 rounds up
    expect(percentOf(55, 15)).toBe(8); // 8.25 rounds down
  });

  it('maps the stored currency setting to an ISO code', () => {
    expect(currencyOfSetting('dollar')).toBe('USD');
    expect(currencyOfSetting('euro')).toBe('EUR');
    expect(currencyOfSetting('fr')).toBe('XOF');
  });
});

describe('convertOwnPrice (D-4)', () => {
  it('derives euros at the configured rate and CFA francs at the fixed peg', () => {
    expect(convertOwnPrice(1000, 'USD', 920_000)).toEqual({ USD: 1000, EUR: 920, XOF: 6035 });
  });

  it('keeps the entered amount exact and converts the others from it', () => {
    expect(convertOwnPrice(100, 'EUR', 920_000)).toEqual({ USD: 109, EUR: 100, XOF: 656 });
    expect(convertOwnPrice(655957, 'XOF', 920_000)).toEqual({ USD: 108696, EUR: 100000, XOF: 655957 });
  });

  it('refuses a fractional amount', () => {
    expect(() => convertOwnPrice(1.5, 'USD', 920_000)).toThrow(RangeError);
  });
});
