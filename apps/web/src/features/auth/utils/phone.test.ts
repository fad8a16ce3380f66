import { describe, expect, it } from 'vitest';
import { DEFAULT_DIAL_COUNTRY, dialCode, dialCountries, isDialCountry, toMobile } from './phone';

describe('dial codes', () => {
  it('default to +93 as SPEC 9 says', () => {
    expect(dialCode(DEFAULT_DIAL_COUNTRY)).toBe('+93');
  });

  it('cover the countries of the product, with their codes', () => {
    expect(dialCode('SN')).toBe('+221');
    expect(dialCode('NE')).toBe('+227');
    expect(dialCode('CD')).toBe('+243');
    expect(dialCode('CA')).toBe('+1');
    expect(dialCountries().length).toBeGreaterThan(200);
    expect(isDialCountry('SN')).toBe(true);
    expect(isDialCountry('ZZ')).toBe(false);
  });
});

describe('toMobile', () => {
  it('puts the chosen dial code before the number, in E.164', () => {
    expect(toMobile('SN', '77 123 45 67')).toBe('+221771234567');
    expect(toMobile('CD', '081 234 5678')).toBe('+243812345678');
  });

  it('keeps a number typed with its own international prefix', () => {
    expect(toMobile('AF', '+221 77 123 45 67')).toBe('+221771234567');
    expect(toMobile('AF', '00221771234567')).toBe('+221771234567');
  });

  it('refuses an empty, short or foreign-looking number', () => {
    expect(toMobile('SN', '')).toBeNull();
    expect(toMobile('SN', '12')).toBeNull();
    expect(toMobile('SN', 'hello')).toBeNull();
  });
});
