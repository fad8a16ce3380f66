// D-19, D-25: the server's settings for the map (its tile server) and the pages that show its
// mobile money numbers, asked once per page. The map pages' early script (early-load/first-map-view.ts) asks
// as the page loads, and the app's first ask takes that answer: the two are bundled apart, so the
// window holds it between them. Without React, for the early script.
import type { ClientConfig } from '@app/shared';
import { apiFetch } from './api-client';

declare global {
  interface Window {
    /** The early script's ask, until the app takes it. */
    earlyClientConfig?: Promise<ClientConfig>;
  }
}

const askServer = () => apiFetch<{ data: ClientConfig }>('/config').then((r) => r.data);

/** The early script's ask; whoever takes it sees a failure, until then it is not an unhandled one. */
export function askClientConfigEarly(): void {
  window.earlyClientConfig ??= askServer();
  window.earlyClientConfig.catch(() => undefined);
}

/** The early answer once, then the server's (a retry, or a query asked again, asks anew). */
export function getClientConfig(): Promise<ClientConfig> {
  const early = window.earlyClientConfig;
  window.earlyClientConfig = undefined;
  return early ?? askServer();
}
