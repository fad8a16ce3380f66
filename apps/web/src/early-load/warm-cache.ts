// A first visit then offline works. The screens, the locale and the map this
// visit loaded came before the service worker controlled the page, so its runtime cache never saw
// them. Once it controls the page, each is asked for again through it: the worker's 'assets'
// route keeps it (bounded, with its expiry), and the browser's HTTP cache answers (hashed names,
// cached for a year), so nothing is downloaded twice.
import { inSlices } from '../lib/next-task';

/** The same-origin hashed files (`/assets/…`) this page has loaded so far. */
export function loadedAssets(entries: readonly PerformanceEntry[], origin: string): string[] {
  const urls = new Set<string>();
  for (const entry of entries) {
    const url = new URL(entry.name, origin);
    if (url.origin === origin && url.pathname.startsWith('/assets/')) urls.add(url.href);
  }
  return [...urls];
}

/** Waits (at most `timeoutMs`) for the worker to control the page, then routes the files through it. */
export async function warmRuntimeCache(timeoutMs = 30_000): Promise<void> {
  const sw = navigator.serviceWorker;
  if (!sw.controller) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      sw.addEventListener(
        'controllerchange',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
  if (!sw.controller) return;
  await askInSlices(loadedAssets(performance.getEntriesByType('resource'), location.origin));
}

/**
 * Asks for each file, a few per task: the ~30 requests asked at once were one long task of the
 * first seconds. The worker keeps a file even when the page moves on before its answer,
 * but not one never asked for: a page being left asks for the rest at once.
 */
export async function askInSlices(urls: string[]): Promise<void> {
  const waiting = new Set(urls);
  const answers: Promise<unknown>[] = [];
  const ask = (url: string) => {
    if (!waiting.delete(url)) return;
    answers.push(fetch(url).catch(() => undefined));
  };
  const askTheRest = () => [...waiting].forEach(ask);
  addEventListener('pagehide', askTheRest);
  try {
    await inSlices(urls, ask, 4);
  } finally {
    removeEventListener('pagehide', askTheRest);
  }
  await Promise.all(answers);
}
