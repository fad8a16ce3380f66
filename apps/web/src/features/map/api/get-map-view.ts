// GET /api/solution/map for the viewport on screen (D-20): points when it holds few posts,
// clusters when it holds many.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryId, CurrencySetting, MapCluster, MapPoint } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { MAP_VIEW_KEY } from '../../../lib/map-views';
import { getCurrency, getLanguage } from '../../../lib/settings';
import type { Bbox } from '../utils/viewport';

export interface MapView {
  points: MapPoint[];
  clusters: MapCluster[];
}

export interface MapViewInput {
  /** Rounded to the zoom's grid (viewportBbox), so that the key repeats for small pans. */
  bbox: Bbox;
  zoom: number;
  category?: CategoryId | null;
  currency: CurrencySetting;
  lang: 'en' | 'fr';
}

export function getMapView(input: MapViewInput): Promise<MapView> {
  const query = new URLSearchParams({
    bbox: input.bbox.join(','),
    zoom: String(Math.round(input.zoom)),
    currency: input.currency,
    lang: input.lang,
  });
  if (input.category) query.set('category', input.category);
  // The server's max-age=15 is for shared caches; this app keeps views itself (staleTime) and asks
  // again after a post, a deal or a deletion, which the browser's copy would not show yet.
  return apiFetch<{ data: MapView }>(`/solution/map?${query.toString()}`, { cache: 'no-cache' }).then((r) => r.data);
}

export const mapViewQueryOptions = (input: MapViewInput) =>
  queryOptions({
    queryKey: [
      MAP_VIEW_KEY,
      input.bbox.join(','),
      Math.round(input.zoom),
      input.category ?? null,
      input.currency,
      input.lang,
    ],
    queryFn: () => getMapView(input),
    // The server caches for 15 s too; markers change as people post.
    staleTime: 15_000,
    // While the next viewport loads, the markers of the last one stay on the map.
    placeholderData: keepPreviousData,
  });

/** What GET /api/solution/map takes for a view: the user's currency and language (D-24). */
export const mapViewInput = (view: { bbox: Bbox; zoom: number }, category: CategoryId | null): MapViewInput => ({
  ...view,
  category,
  currency: getCurrency(),
  lang: getLanguage() === 'fr-ca' ? 'fr' : 'en',
});

/** The posts of a viewport, priced in the user's currency and titled in their language. */
export function useMapView(view: { bbox: Bbox; zoom: number } | null, category: CategoryId | null) {
  const input = mapViewInput(view ?? { bbox: [-180, -90, 180, 90], zoom: 0 }, category);
  return useQuery({ ...mapViewQueryOptions(input), enabled: view !== null });
}
