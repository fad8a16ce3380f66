// Auth screens render through the shared helper; the "elsewhere" route also shows the router
// state, since these screens pass the account type and the number along in it.
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { renderScreen as renderShared } from '../../../testing/render';

export const renderScreen = (
  path: string,
  screen: ReactElement,
  entry: string | { pathname: string; state: unknown },
) => renderShared(path, screen, entry, (location) => `${location.pathname} ${JSON.stringify(location.state)}`);

/** A browser that grants the location (Dakar) or refuses it. */
export function stubGeolocation(grant: boolean): void {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (grant) ok({ coords: { latitude: 14.6928, longitude: -17.4467 } } as GeolocationPosition);
    else fail?.({ code: 1, message: 'denied' } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

/** fetch answering each call with the next of `replies` (status and JSON body). */
export function stubFetch(...replies: [number, unknown?][]) {
  const fetchMock = vi.fn();
  for (const [status, body] of replies) {
    fetchMock.mockResolvedValueOnce(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  }
  // The social buttons ask which providers are enabled; that answer is not part of what a test
  // checks, so it is served here and kept out of the recorded calls.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/auth/providers'
      ? Promise.resolve(new Response(JSON.stringify({ data: { google: true, facebook: true, local: false } })))
      : fetchMock(input, init),
  );
  return fetchMock;
}

export const sentBody = (fetchMock: ReturnType<typeof vi.fn>, call = 0): unknown => {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
};
