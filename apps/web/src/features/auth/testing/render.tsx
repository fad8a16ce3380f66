// Auth screens render through the shared helper; the "elsewhere" route also shows the router
// state, since these screens pass the account type and the number along in it.
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { renderScreen as renderShared, sentRequest, type SentRequest } from '../../../testing/render';
import { server } from '../../../testing/server';

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

/**
 * Has the mock server answer each request with the next of `replies` (status and JSON body), and
 * returns the recorder of the requests, one call (a SentRequest) each.
 */
export function stubFetch(...replies: [number, unknown?][]) {
  const fetchMock = vi.fn(
    (..._request: SentRequest): [number, unknown?] => replies.shift() ?? [404, { code: 'NOT_FOUND', message: '' }],
  );
  server.use(
    // The social buttons ask which providers are enabled, and the screens which country the device
    // is in (D-24); those answers are not part of what a test checks, so they are served here and
    // kept out of the recorded calls. The device's country is unknown unless `placeCountry` says.
    http.get('/api/auth/providers', () => HttpResponse.json({ data: { google: true, facebook: true, local: false } })),
    http.get('/api/places/reverse', () =>
      placeCountry.code
        ? HttpResponse.json({ data: { name: 'Dakar', country_code: placeCountry.code } })
        : HttpResponse.json({ code: 'NOT_FOUND', message: '' }, { status: 404 }),
    ),
    http.all('*', async ({ request }) => {
      const [status, body] = fetchMock(...(await sentRequest(request)));
      return new HttpResponse(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return fetchMock;
}

export const sentBody = (fetchMock: ReturnType<typeof stubFetch>, call = 0): unknown => {
  const body = fetchMock.mock.calls[call]?.[1].body;
  return typeof body === 'string' ? JSON.parse(body) : body;
};
