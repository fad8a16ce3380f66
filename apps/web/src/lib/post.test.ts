import { describe, expect, it } from 'vitest';
import { joinPlace } from './post';

describe('an address as a card and a detail show it', () => {
  it('joins the filled parts and leaves out the empty ones', () => {
    expect(joinPlace('12 rue Carnot', null, 'Dakar', '  ', 'Senegal')).toBe('12 rue Carnot, Dakar, Senegal');
  });

  it('names a city once when its region has the same name, but for accents or case', () => {
    expect(joinPlace(null, null, 'Thiès', 'Thies', 'Senegal')).toBe('Thiès, Senegal');
    expect(joinPlace(null, null, 'Dakar', 'DAKAR', 'Sénégal')).toBe('Dakar, Sénégal');
  });

  it('keeps a region whose name differs from the city', () => {
    expect(joinPlace(null, null, 'Mbour', 'Thiès', 'Senegal')).toBe('Mbour, Thiès, Senegal');
  });
});
