import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage, currencyOfCountry } from './local-defaults';
import { getCurrency, getLanguage } from './settings';

const browserSays = (...languages: string[]) =>
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages as unknown as readonly string[]);

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('local defaults (D-24)', () => {
  it('take the language from the browser until the user chooses one', () => {
    browserSays('fr-FR', 'en-US');
    expect(getLanguage()).toBe('fr-ca');
    browserSays('fr-SN');
    expect(getLanguage()).toBe('fr-ca');
    browserSays('wo-SN', 'en-GB');
    expect(getLanguage()).toBe('en-us');
    browserSays('wo-SN');
    expect(getLanguage()).toBe('en-us'); // SPEC's default when the browser speaks neither.
    localStorage.setItem('language', 'en-us');
    browserSays('fr-FR');
    expect(getLanguage()).toBe('en-us');
  });

  it('name the currency of the franc zone, the euro area, and else the dollar', () => {
    expect(['SN', 'NE', 'CI', 'CM', 'GA', 'TD'].map(currencyOfCountry)).toEqual(['fr', 'fr', 'fr', 'fr', 'fr', 'fr']);
    expect(['FR', 'DE', 'be'].map(currencyOfCountry)).toEqual(['euro', 'euro', 'euro']);
    expect(['US', 'CD', 'NG', 'GH'].map(currencyOfCountry)).toEqual(['dollar', 'dollar', 'dollar', 'dollar']);
  });

  it("take the currency from the user's country, else the device's, the user's choice first", () => {
    expect(getCurrency()).toBe('dollar');
    localStorage.setItem('positionCountry', 'FR');
    expect(getCurrency()).toBe('euro');
    localStorage.setItem('currentUser', JSON.stringify({ _id: 'u1', firstName: 'Awa', country: 'SN' }));
    expect(getCurrency()).toBe('fr');
    localStorage.setItem('currency', 'dollar');
    expect(getCurrency()).toBe('dollar');
  });

  it('read only what a browser may say', () => {
    expect(browserLanguage([])).toBeNull();
    expect(browserLanguage(['FR'])).toBe('fr-ca');
    expect(browserLanguage(['de-DE', 'en'])).toBe('en-us');
  });
});
