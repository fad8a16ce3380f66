import { describe, expect, it } from 'vitest';
import { createClock } from './clock.js';

describe('clock (D-16)', () => {
  it('moves forward by what a test asks, without waiting', () => {
    const clock = createClock('test');
    const before = clock.now().getTime();
    clock.advance(91 * 86_400_000);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(91 * 86_400_000);
  });

  it('cannot be moved in production', () => {
    expect(() => createClock('production').advance(1000)).toThrow(/production/);
  });
});
