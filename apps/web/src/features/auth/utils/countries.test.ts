import { describe, expect, it } from 'vitest';
import { loadCountryNames, namesFrom, sortedCountries } from './countries';

describe('country names', () => {
  it('are in the interface language', async () => {
    const en = await loadCountryNames('en-us');
    const fr = await loadCountryNames('fr-ca');
    expect(en.SN).toBe('Senegal');
    expect(fr.SN).toBe('Sénégal');
    expect(fr.CD).toMatch(/Congo/);
  });

  it('take the first, official name where several are listed', () => {
    expect(namesFrom({ countries: { US: ['United States of America', 'USA'], SN: 'Senegal' } })).toEqual({
      US: 'United States of America',
      SN: 'Senegal',
    });
  });

  it('sort as the language sorts, accented letters in place', () => {
    const list = sortedCountries(
      { EG: 'Égypte', EC: 'Équateur', DK: 'Danemark', ER: 'Érythrée', FR: 'France' },
      'fr-ca',
    );
    expect(list.map((c) => c.code)).toEqual(['DK', 'EG', 'EC', 'ER', 'FR']);
  });
});
