// The map's viewports as queries: each asked once (GET /api/solution/map) and kept a while.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryId } from '@app/shared';
import type { Bbox } from '../utils/viewport';
import { getMapView } from './map-tiles-request';
import { MAP_VIEW_STALE_MS, mapViewInput, type MapViewInput } from './map-view-request';
import { mapKeys } from './query-keys';

export const mapViewQueryOptions = (input: MapViewInput) =>
  queryOptions({
    queryKey: mapKeys.view(input),
    queryFn: () => getMapView(input),
    staleTime: MAP_VIEW_STALE_MS,
    // While the next viewport loads, the markers of the last one stay on the map.
    placeholderData: keepPreviousData,
  });

/** The posts of a viewport, priced in the user's currency and titled in their language. */
export function useMapView(view: { bbox: Bbox; zoom: number } | null, category: CategoryId | null) {
  const input = mapViewInput(view ?? { bbox: [-180, -90, 180, 90], zoom: 0 }, category);
  return useQuery({ ...mapViewQueryOptions(input), enabled: view !== null });
}
