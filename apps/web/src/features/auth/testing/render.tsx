// Auth screens render through the shared helper; the "elsewhere" route also shows the router
// state, since these screens pass the account type and the number along in it.
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { renderScreen as renderShared, routeFetch } from '../../../testing/render';
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
 * routeFetch (answers by "METHOD /path", anything else 404), plus the answers every auth screen
 * asks for on its own: the social buttons ask which providers are enabled, and the screens which
 * country the device is in (D-24). Those are not part of what a test checks, so they are served
 * here and kept out of the recorded calls. The device's country is unknown unless `placeCountry`
 * says.
 */
export function routeAuthFetch(routes: Parameters<typeof routeFetch>[0] = {}) {
  const fetchMock = routeFetch(routes);
  server.use(
    http.get('/api/auth/providers', () => HttpResponse.json({ data: { google: true, facebook: true, local: false } })),
    http.get('/api/places/reverse', () =>
      placeCountry.code
        ? HttpResponse.json({ data: { name: 'Dakar', country_code: placeCountry.code } })
        : HttpResponse.json({ code: 'NOT_FOUND', message: '' }, { status: 404 }),
    ),
  );
  return fetchMock;
}

/** The body of the `call`-th recorded request, parsed when it is JSON. */
export const sentBody = (fetchMock: ReturnType<typeof routeFetch>, call = 0): unknown => {
  const body = fetchMock.mock.calls[call]?.[1].body;
  return typeof body === 'string' ? JSON.parse(body) : body;
};
