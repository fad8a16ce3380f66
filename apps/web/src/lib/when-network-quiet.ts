// Work for later visits (the service worker's precache) that must not share a slow link with this one.

/** No download has ended for this long: the first screen, the map's tiles and shapes are in. */
const QUIET_MS = 2_000;
/** Steady traffic (a user browsing on) holds the worker back no longer than this after the load. */
const QUIET_WAIT_MAX_MS = 20_000;

/**
 * Runs `task` once the page has loaded, the network has gone quiet (no download has ended for
 * `quietMs`, or `maxWaitMs` after the load) and the main thread is idle. The
 * service worker's precache (about 270 KB) waits so. On a slow link the map's street tiles and
 * shapes come after the load event, and the precache would share the link.
 */
export function whenNetworkQuiet(
  task: () => void,
  { quietMs = QUIET_MS, maxWaitMs = QUIET_WAIT_MAX_MS }: { quietMs?: number; maxWaitMs?: number } = {},
): void {
  let done = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const observer = 'PerformanceObserver' in window ? new PerformanceObserver(() => restart()) : undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(quiet);
    observer?.disconnect();
    if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 5_000 });
    else task();
  };
  const restart = () => {
    clearTimeout(quiet);
    quiet = setTimeout(run, quietMs);
  };
  const start = () => {
    observer?.observe({ type: 'resource' });
    restart();
    setTimeout(run, maxWaitMs);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
