import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFew, loadedAssets } from './warm-cache';

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

describe('asking for them again through the worker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for each once, four at a time at most, and carries on past a failure', async () => {
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      if (url.endsWith('/3.js')) throw new TypeError('offline');
      return new Response('');
    });
    const urls = Array.from({ length: 10 }, (_, i) => `/assets/${i}.js`);
    await fetchFew(urls);
    expect(asked.sort()).toEqual([...urls].sort());
    expect(most).toBe(4);
  });
});
