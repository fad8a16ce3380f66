import { describe, expect, it } from 'vitest';
import { countryNameIn, loadCountryList, loadDialCodes } from './countries';

describe('the country list', () => {
  it('names every country in the interface language, sorted for its readers', async () => {
    const en = await loadCountryList('en-us');
    const fr = await loadCountryList('fr-ca');
    expect(en.nameOf('SN')).toBe('Senegal');
    expect(fr.nameOf('SN')).toBe('Sénégal');
    expect(fr.nameOf('CD')).toMatch(/Congo/);
    expect(en.sorted.find((c) => c.code === 'SN')?.name).toBe('Senegal');
    expect(en.sorted.length).toBeGreaterThan(240);
    // French sorts "Égypte" among the E's, not after Z.
    const names = fr.sorted.map((c) => c.name);
    expect(names.indexOf('Égypte')).toBeLessThan(names.indexOf('Zambie'));
    expect(names.indexOf('Égypte')).toBeGreaterThan(names.indexOf('Danemark'));
  });

  it('keeps an unknown code as it is, and reads a lower-case code', async () => {
    const en = await loadCountryList('en-us');
    expect(en.nameOf('sn')).toBe('Senegal');
    expect(en.nameOf('Senegal')).toBe('Senegal');
  });

  it("names a post's country code in the reader's language, and keeps an older post's name", async () => {
    expect(countryNameIn('SN', 'en-us')).toBe('Senegal');
    expect(countryNameIn('SN', 'fr-ca')).toBe('Sénégal');
    expect(countryNameIn('ci', 'fr-ca')).toBe('Côte d’Ivoire');
    expect(countryNameIn('Sénégal', 'en-us')).toBe('Sénégal');
    // The same names as the country picker's.
    const fr = await loadCountryList('fr-ca');
    expect(countryNameIn('CD', 'fr-ca')).toBe(fr.nameOf('CD'));
    expect(countryNameIn('CD', 'fr-ca', fr)).toBe(fr.nameOf('CD'));
  });

  it('gives the dial code of each country (SPEC 9 default +93 is Afghanistan)', async () => {
    const dial = await loadDialCodes();
    expect(dial.AF).toBe('93');
    expect(dial.SN).toBe('221');
    expect(dial.CD).toBe('243');
  });
});
