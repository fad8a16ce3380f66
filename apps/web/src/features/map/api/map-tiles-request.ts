// A visitor's map asks for the web-map tiles covering its viewport (GET
// /api/solution/map/tiles/z/x/y), the same bytes for every visitor, each kept by the browser and
// the service worker and revalidated with its ETag, and merges them; a signed-in user's asks for
// the viewport (map-view-request.ts, D-35). Apart from map-view-request.ts, which the app's entry
// holds (the first view), so that the tiles' code comes with the map's.
import { mergeTileViews, viewTiles } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { isSignedIn } from '../../../lib/session';
import { getViewportMapView, type MapView, type MapViewInput } from './map-view-request';

/** A view for whoever asks: tiles for a visitor, the viewport for a signed-in user. */
export const getMapView = (input: MapViewInput): Promise<MapView> =>
  isSignedIn() ? getViewportMapView(input) : getTiledMapView(input);

/**
 * The tiles covering the viewport at its zoom (viewTiles), merged: each post is in one tile only,
 * and what the tiles hold beyond the viewport is left out (mergeTileViews). A tile unchanged
 * since the browser kept it costs a 304.
 */
export async function getTiledMapView(input: MapViewInput): Promise<MapView> {
  const filters = new URLSearchParams({ currency: input.currency, lang: input.lang });
  if (input.category) filters.set('category', input.category);
  const views = await Promise.all(
    viewTiles(input.bbox, Math.round(input.zoom)).map(({ z, x, y }) =>
      apiFetch<{ data: MapView }>(`/solution/map/tiles/${z}/${x}/${y}?${filters.toString()}`, {
        cache: 'no-cache',
      }).then((r) => r.data),
    ),
  );
  return mergeTileViews(input.bbox, views);
}
