import { describe, expect, it } from 'vitest';
import { inSlices } from './next-task';

describe('inSlices (no long task)', () => {
  it('does every item once, in order, and lets other tasks run between slices', async () => {
    const log: string[] = [];
    setTimeout(() => log.push('other task'), 0);
    // A slice of 0 ms ends after each item.
    await inSlices(['a', 'b', 'c'], (item) => log.push(item), 0);
    expect(log.filter((x) => x !== 'other task')).toEqual(['a', 'b', 'c']);
    expect(log.indexOf('other task')).toBeGreaterThan(0);
    expect(log.indexOf('other task')).toBeLessThan(3);
  });

  it('does everything in the one task when the slice is long enough', async () => {
    const log: string[] = [];
    setTimeout(() => log.push('other task'), 0);
    await inSlices(['a', 'b', 'c'], (item) => log.push(item), 10_000);
    expect(log).toEqual(['a', 'b', 'c']);
  });
});
