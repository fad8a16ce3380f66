import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format';

describe('formatPhone', () => {
  it('writes a Senegalese and a Cameroonian number in groups, as people read them', () => {
    expect(formatPhone('+221776123456')).toBe('+221 77 612 34 56');
    expect(formatPhone('+237677123456')).toBe('+237 6 77 12 34 56');
  });

  it('leaves what is not an international number as it came', () => {
    expect(formatPhone('hidden')).toBe('hidden');
    expect(formatPhone('+1')).toBe('+1');
  });
});
