// The app's side of the map's first view (first-view-request.ts): its answer goes into
// the query cache, and the map reads it when its own first view lies inside.
import type { QueryClient } from '@tanstack/react-query';
import type { Bbox } from '../features/map/utils/viewport';
import { startFirstMapView } from './first-view-request';
import { getViewportMapView, MAP_VIEW_STALE_MS } from '../features/map/api/map-view-request';
import { mapKeys } from '../features/map/api/query-keys';

interface View {
  bbox: Bbox;
  zoom: number;
}

let first: View | null = null;

/** `outer` holds `inner` (neither crossing the antimeridian). */
export const covers = (outer: Bbox, inner: Bbox): boolean =>
  outer[0] <= outer[2] &&
  inner[0] <= inner[2] &&
  outer[0] <= inner[0] &&
  outer[1] <= inner[1] &&
  outer[2] >= inner[2] &&
  outer[3] >= inner[3];

export function prefetchFirstMapView(client: QueryClient, zoom: number): void {
  void startFirstMapView(zoom).then((found) => {
    if (!found) return;
    first = found.view;
    // An early answer that failed (a dropped signal) is asked for again, as the map would.
    // Not mapViewQueryOptions: its way of asking (tiles for visitors) is the map's code, not the entry's.
    void client.prefetchQuery({
      queryKey: mapKeys.view(found.input),
      staleTime: MAP_VIEW_STALE_MS,
      queryFn: () => found.response.catch(() => getViewportMapView(found.input)),
    });
  });
}

/** The view to ask for: the prefetched one when it holds `view` at the same zoom, else `view`. */
export function withFirstView(view: View): View {
  return first && first.zoom === view.zoom && covers(first.bbox, view.bbox) ? first : view;
}
