import { describe, expect, it } from 'vitest';
import { loadCountryNames, loadDialCodes } from './use-countries';

describe('the country lists', () => {
  it('name every country in the interface language, sorted for its readers', async () => {
    const en = await loadCountryNames('en-us');
    const fr = await loadCountryNames('fr-ca');
    expect(en.find((c) => c.code === 'SN')?.name).toBe('Senegal');
    expect(fr.find((c) => c.code === 'SN')?.name).toBe('Sénégal');
    expect(fr.find((c) => c.code === 'US')?.name).toBeTypeOf('string');
    expect(en.length).toBeGreaterThan(240);
    // French sorts "Égypte" among the E's, not after Z.
    const names = fr.map((c) => c.name);
    expect(names.indexOf('Égypte')).toBeLessThan(names.indexOf('Zambie'));
    expect(names.indexOf('Égypte')).toBeGreaterThan(names.indexOf('Danemark'));
  });

  it('give the dial code of each country (SPEC 9 default +93 is Afghanistan)', async () => {
    const dial = await loadDialCodes();
    expect(dial.AF).toBe('93');
    expect(dial.SN).toBe('221');
    expect(dial.CD).toBe('243');
  });
});
