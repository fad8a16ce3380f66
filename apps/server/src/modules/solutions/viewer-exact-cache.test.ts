// What a viewer sees exactly is remembered for its lifetime at most, forgotten at once when posts
// change, and never kept from a read that a change overtook.
import { describe, expect, it } from 'vitest';
import { viewerExactCache } from './viewer-exact-cache.js';

const row = {
  id: 'p1',
  exact_lat: 14.7,
  exact_lng: -17.45,
  pickup_street_address: null,
  delivery_street_address: null,
};

describe('viewerExactCache', () => {
  it('remembers a viewer until the lifetime ends', () => {
    let t = 0;
    const cache = viewerExactCache(5_000, () => t);
    cache.keep('u1', new Map([['p1', row]]), cache.mark());
    t = 4_999;
    expect(cache.get('u1')).toEqual(new Map([['p1', row]]));
    t = 5_000;
    expect(cache.get('u1')).toBeUndefined();
  });

  it('forgets every viewer when posts change, and keeps nothing read across the change', () => {
    const cache = viewerExactCache();
    cache.keep('u1', 'many', cache.mark());
    const before = cache.mark();
    cache.clear();
    expect(cache.get('u1')).toBeUndefined();
    cache.keep('u2', new Map(), before);
    expect(cache.get('u2')).toBeUndefined();
  });
});
