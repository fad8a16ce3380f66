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

/** The country `GET /api/places/reverse` names for the stubbed position (null: not found). */
export const placeCountry: { code: string | null } = { code: null };

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
  // The social buttons ask which providers are enabled, and the screens which country the device
  // is in (D-24); those answers are not part of what a test checks, so they are served here and
  // kept out of the recorded calls. The device's country is unknown unless `placeCountry` says.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/auth/providers'
      ? Promise.resolve(new Response(JSON.stringify({ data: { google: true, facebook: true, local: false } })))
      : String(input).startsWith('/api/places/reverse?')
        ? Promise.resolve(
            placeCountry.code
              ? new Response(JSON.stringify({ data: { name: 'Dakar', country_code: placeCountry.code } }))
              : new Response(JSON.stringify({ code: 'NOT_FOUND', message: '' }), { status: 404 }),
          )
        : fetchMock(input, init),
  );
  return fetchMock;
}

export const sentBody = (fetchMock: ReturnType<typeof vi.fn>, call = 0): unknown => {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
};
