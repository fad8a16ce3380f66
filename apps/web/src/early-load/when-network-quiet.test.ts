import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenNetworkQuiet } from './when-network-quiet';
import { finishDownload, ResourceObserver } from '../testing/resource-timing';

describe('work that waits for a quiet network (the service worker)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', ResourceObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs 2 s after the last download ended, not while the map still downloads', () => {
    const task = vi.fn();
    whenNetworkQuiet(task); // jsdom's document has loaded
    vi.advanceTimersByTime(1_500);
    finishDownload(); // a street tile
    vi.advanceTimersByTime(1_500);
    finishDownload(); // the country shapes
    vi.advanceTimersByTime(1_900);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100 + 5_000); // quiet, then idle (or requestIdleCallback's timeout)
    expect(task).toHaveBeenCalledTimes(1);
    finishDownload();
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs 20 s after the load at the latest, however busy the network stays', () => {
    const task = vi.fn();
    whenNetworkQuiet(task);
    for (let t = 0; t < 19_500; t += 500) {
      vi.advanceTimersByTime(500);
      finishDownload();
    }
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500 + 5_000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
