import { describe, expect, it } from 'vitest';
import { normalizeMobile } from './phone.js';

describe('normalizeMobile', () => {
  it('normalises numbers written in different ways to E.164', () => {
    expect(normalizeMobile('+221 77 123 45 67')).toBe('+221771234567');
    expect(normalizeMobile('00221771234567')).toBe('+221771234567');
    expect(normalizeMobile('+243 81 234 5678')).toBe('+243812345678');
    expect(normalizeMobile('+1 514-555-0199')).toBe('+15145550199');
  });

  it('refuses what is not a valid number', () => {
    expect(normalizeMobile('771234567')).toBeNull();
    expect(normalizeMobile('+221 12')).toBeNull();
    expect(normalizeMobile('hello')).toBeNull();
    expect(normalizeMobile("+221' or 1=1")).toBeNull();
  });
});
