import { QueryClient } from '@tanstack/react-query';
import { CRS, latLng, point } from 'leaflet';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZOOM_CITY } from '@app/shared';
import { DEFAULT_CENTRE, placeholderZoom, POSITION_WAIT_MS } from '../components/map/placeholder-view';
import { requestsReceived, server } from '../testing/server';
import { viewportBbox } from '../features/map/utils/viewport';
import { covers, prefetchFirstMapView, withFirstView } from './first-view';
import { boundsAround, startFirstMapView } from './first-view-request';
import { mapViewQueryOptions } from '../features/map/api/get-map-view';

describe('the first view asked for at start-up', () => {
  it("has Leaflet's bounds for a view of that size around the position", () => {
    const centre = { lat: 14.6928, lng: -17.4467 };
    const zoom = 12;
    const c = CRS.EPSG3857.latLngToPoint(latLng(centre.lat, centre.lng), zoom);
    const nw = CRS.EPSG3857.pointToLatLng(c.subtract(point(412 / 2, 823 / 2)), zoom);
    const se = CRS.EPSG3857.pointToLatLng(c.add(point(412 / 2, 823 / 2)), zoom);
    const b = boundsAround(centre, zoom, 412, 823);
    expect(b.west).toBeCloseTo(nw.lng, 9);
    expect(b.north).toBeCloseTo(nw.lat, 9);
    expect(b.east).toBeCloseTo(se.lng, 9);
    expect(b.south).toBeCloseTo(se.lat, 9);
  });

  it('is used for a view it holds, and not across the antimeridian', () => {
    expect(covers([-18, 14, -17, 15], [-17.6, 14.5, -17.2, 14.9])).toBe(true);
    expect(covers([-18, 14, -17, 15], [-17.6, 14.5, -16.9, 14.9])).toBe(false);
    expect(covers([-18, 14, -17, 15], [-18.1, 14.5, -17.2, 14.9])).toBe(false);
    expect(covers([179, 0, -179, 1], [179.5, 0.2, 179.8, 0.8])).toBe(false);
  });
});

describe('the first view asked for once per page', () => {
  const requests: URL[] = [];
  beforeEach(() => {
    requests.length = 0;
    Reflect.deleteProperty(window, 'firstMapView');
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 14.6928, longitude: -17.4467 } } as GeolocationPosition),
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'firstMapView');
    Reflect.deleteProperty(navigator, 'geolocation');
    Reflect.deleteProperty(window, 'pagePosition');
  });
  const answer = (failFirst: boolean) =>
    server.use(
      http.get('*/api/solution/map', ({ request }) => {
        requests.push(new URL(request.url));
        if (failFirst && requests.length === 1) return HttpResponse.error();
        return HttpResponse.json({ data: { points: [], clusters: [{ lat: 14.7, lng: -17.4, count: 3 }] } });
      }),
    );

  it("is the early script's request: the app takes its answer instead of asking again", async () => {
    answer(false);
    // The map pages' early script, then the app, starting.
    const early = await startFirstMapView(ZOOM_CITY);
    const client = new QueryClient();
    prefetchFirstMapView(client, ZOOM_CITY);
    const key = mapViewQueryOptions(early!.input).queryKey;
    await vi.waitFor(() => expect(client.getQueryData(key)).toBeDefined());
    expect(client.getQueryData(key)?.clusters).toHaveLength(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.searchParams.get('zoom')).toBe(String(ZOOM_CITY));
    expect(requests[0]!.searchParams.get('bbox')).toBe(early!.view.bbox.join(','));
    // The map's own view, inside the window's, reads that answer.
    expect(withFirstView({ bbox: early!.view.bbox, zoom: ZOOM_CITY })).toEqual(early!.view);
  });

  it('is asked again by the app when the early request failed (a dropped signal)', async () => {
    answer(true);
    const early = await startFirstMapView(ZOOM_CITY);
    await expect(early!.response).rejects.toThrow();
    const client = new QueryClient();
    prefetchFirstMapView(client, ZOOM_CITY);
    const key = mapViewQueryOptions(early!.input).queryKey;
    await vi.waitFor(() => expect(client.getQueryData(key)).toBeDefined());
    expect(requests).toHaveLength(2);
  });

  const refuse = () =>
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
      },
    });

  it("asks for the map's placeholder view (the world) when the position is refused", async () => {
    answer(false);
    refuse();
    const early = await startFirstMapView(ZOOM_CITY);
    const zoom = placeholderZoom(ZOOM_CITY);
    expect(early!.view.zoom).toBe(zoom);
    const client = new QueryClient();
    prefetchFirstMapView(client, ZOOM_CITY);
    await vi.waitFor(() => expect(client.getQueryData(mapViewQueryOptions(early!.input).queryKey)).toBeDefined());
    expect(requests).toHaveLength(1);
    expect(requests[0]!.searchParams.get('zoom')).toBe(String(zoom));
    // The map opens there without a position, smaller than the window: it reads that answer.
    const centre = { lat: DEFAULT_CENTRE[0], lng: DEFAULT_CENTRE[1] };
    const mapView = { bbox: viewportBbox(boundsAround(centre, zoom, 400, 500), zoom), zoom };
    expect(withFirstView(mapView)).toEqual(early!.view);
  });

  it('is not asked for when the refusal comes after the map has asked for itself', async () => {
    answer(false);
    refuse();
    window.pagePosition = { askedAt: performance.now() - POSITION_WAIT_MS, waitingSince: 0 };
    await expect(startFirstMapView(ZOOM_CITY)).resolves.toBeNull();
    await requestsReceived();
    expect(requests).toHaveLength(0);
  });
});
