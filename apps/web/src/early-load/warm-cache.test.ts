import { afterEach, describe, expect, it, vi } from 'vitest';
import { askInSlices, loadedAssets } from './warm-cache';

const entry = (name: string) => ({ name }) as PerformanceEntry;

describe('the files a first visit loaded, to keep for offline', () => {
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

describe('asking for the files again, through the worker', () => {
  afterEach(() => vi.unstubAllGlobals());
  const urls = Array.from({ length: 40 }, (_, i) => `/assets/chunk-${i}.js`);
  /** Records each request; `issueMs` is what issuing one costs the page. */
  const recordFetch = (issueMs = 0) => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      const until = performance.now() + issueMs;
      while (performance.now() < until);
      asked.push(url);
      return url.endsWith('-3.js') ? Promise.reject(new TypeError('offline')) : Promise.resolve(new Response('x'));
    });
    return asked;
  };

  it('asks for each file once, and carries on past a failure', async () => {
    const asked = recordFetch();
    await askInSlices(urls);
    expect(asked).toEqual(urls);
  });

  it('asks for the rest at once when the page is left before it is done', async () => {
    // A slow page: each request takes 2 ms to issue, so a slice holds a few.
    const asked = recordFetch(2);
    const done = askInSlices(urls);
    await Promise.resolve();
    const beforeLeaving = asked.length;
    expect(beforeLeaving).toBeGreaterThan(0);
    expect(beforeLeaving).toBeLessThan(urls.length);
    dispatchEvent(new Event('pagehide'));
    expect(asked).toEqual(urls);
    await done;
    expect(asked).toEqual(urls);
  });
});
