// A visitor's map view from the web-map tiles covering its viewport (GET
// /api/solution/map/tiles/z/x/y): the same bytes for every visitor, each kept by the browser and
// the service worker and revalidated with its ETag, then merged.
import { mergeTileViews, viewTiles } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import type { MapView, MapViewInput } from './map-view-request';

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
