// Calls the first screen does not need (the header's badges and mailbox, the
// notification stream, the stored user's fresh copy) wait until it has loaded: the page's load
// event, then FIRST_SCREEN_QUIET_MS without a download ending (the screen's code and data, the
// map's shapes and tiles are in) and an idle moment, at most FIRST_SCREEN_WAIT_MAX_MS after the
// load. On a slow link they then leave the screen the bandwidth and HTTP/1.1's six connections;
// the header shows what is stored until they answer. Browsers without requestIdleCallback
// (Safari) ask at once.
import { whenNetworkQuiet } from './when-network-quiet';

export const FIRST_SCREEN_QUIET_MS = 500;
export const FIRST_SCREEN_WAIT_MAX_MS = 3_000;

let loaded: Promise<void> | undefined;

/** Resolves once the page's first screen has loaded (see above); at once after that. */
export function firstScreenLoaded(): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return Promise.resolve();
  loaded ??= new Promise((resolve) =>
    whenNetworkQuiet(resolve, { quietMs: FIRST_SCREEN_QUIET_MS, maxWaitMs: FIRST_SCREEN_WAIT_MAX_MS }),
  );
  return loaded;
}
