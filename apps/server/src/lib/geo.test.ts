import { expect, it } from 'vitest';
import { distanceKm, roundKm } from './geo.js';

it('measures Dakar to Thiès and to itself in kilometres', () => {
  // Dakar (14.6928, -17.4467) to Thiès (14.7910, -16.9359): about 56 km by great circle.
  expect(roundKm(distanceKm([-17.4467, 14.6928], 14.791, -16.9359))).toBeCloseTo(56, 0);
  expect(distanceKm([-17.4467, 14.6928], 14.6928, -17.4467)).toBe(0);
});
