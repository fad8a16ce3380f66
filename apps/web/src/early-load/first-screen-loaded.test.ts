import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../testing/server';
import { finishDownload, ResourceObserver } from '../testing/resource-timing';

// Idle callbacks, played by hand: `becomeIdle()` is the main thread going idle.
let idleCallbacks: (() => void)[] = [];
const becomeIdle = () => {
  for (const callback of idleCallbacks.splice(0)) callback();
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fresh module is a fresh page: it keeps one answer per page. */
const freshPage = async () => {
  vi.resetModules();
  return import('./first-screen-loaded');
};

beforeEach(() => {
  idleCallbacks = [];
  vi.stubGlobal('PerformanceObserver', ResourceObserver);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the first screen loaded (calls that wait for it)', () => {
  it('is 500 ms without a download ending, after the load, then an idle moment', async () => {
    // The timers only: the idle callbacks are the stub's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { firstScreenLoaded, FIRST_SCREEN_QUIET_MS } = await freshPage();
    const loaded = vi.fn();
    void firstScreenLoaded().then(loaded); // jsdom's document has loaded
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_QUIET_MS - 100);
    finishDownload(); // the map's shapes arrive: the count starts again
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_QUIET_MS - 100);
    becomeIdle();
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(loaded).not.toHaveBeenCalled(); // quiet, but the main thread is still busy
    becomeIdle();
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('comes at most 3 s after the load on a link that never goes quiet (street tiles)', async () => {
    // The timers only: the idle callbacks are the stub's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { firstScreenLoaded, FIRST_SCREEN_WAIT_MAX_MS } = await freshPage();
    const loaded = vi.fn();
    void firstScreenLoaded().then(loaded);
    for (let t = 0; t < FIRST_SCREEN_WAIT_MAX_MS; t += 250) {
      finishDownload();
      await vi.advanceTimersByTimeAsync(250);
    }
    becomeIdle();
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('holds the calls that wait for it, not the others, then lets them through at once', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/deals/unread', () => {
        asked.push('unread');
        return HttpResponse.json({ data: { count: 2 } });
      }),
      http.get('/api/catalogue', () => {
        asked.push('catalogue');
        return HttpResponse.json({ data: [] });
      }),
    );
    localStorage.setItem('language', 'en-us');
    const { FIRST_SCREEN_QUIET_MS } = await freshPage();
    const { apiFetch } = await import('../lib/api-client');
    const badge = apiFetch('/deals/unread', { afterFirstScreen: true });
    await apiFetch('/catalogue');
    await settle();
    expect(asked).toEqual(['catalogue']);
    await new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_QUIET_MS + 50));
    expect(asked).toEqual(['catalogue']);
    becomeIdle();
    await expect(badge).resolves.toEqual({ data: { count: 2 } });
    expect(asked).toEqual(['catalogue', 'unread']);
    // Once loaded, for the rest of the page's life.
    await apiFetch('/deals/unread', { afterFirstScreen: true });
    expect(asked).toEqual(['catalogue', 'unread', 'unread']);
  });

  it('lets them through at once in a browser without idle callbacks', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const { firstScreenLoaded } = await freshPage();
    const loaded = vi.fn();
    void firstScreenLoaded().then(loaded);
    await settle();
    expect(loaded).toHaveBeenCalled();
  });
});
