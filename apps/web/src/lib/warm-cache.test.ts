import { describe, expect, it } from 'vitest';
import { loadedAssets } from './warm-cache';

const entry = (name: string) => ({ name }) as PerformanceEntry;

describe('the files a first visit loaded, to keep for offline (issue 17)', () => {
  it('are the same-origin hashed assets, once each; not the API, not other hosts', () => {
    const origin = 'https://app.example.org';
    expect(
      loadedAssets(
        [
          entry(`${origin}/assets/index-abc.js`),
          entry(`${origin}/assets/fr-ca-123.js`),
          entry(`${origin}/assets/index-abc.js`),
          entry(`${origin}/assets/map-kit-9.css`),
          entry(`${origin}/api/solution/map?x=1`),
          entry('https://tile.openstreetmap.org/12/1/2.png'),
        ],
        origin,
      ),
    ).toEqual([`${origin}/assets/index-abc.js`, `${origin}/assets/fr-ca-123.js`, `${origin}/assets/map-kit-9.css`]);
  });
});
