// GET /api/solution/map for a viewport (D-20): points when it holds few posts, clusters when it
// holds many; a signed-in user's view, whose answer shows their own posts and confirmed deals at
// their exact points (D-35). A visitor's is merged from tiles (map-tiles-request.ts). Without
// React or TanStack Query: the map pages' early script, for signed-in users, asks with it too
// (src/early-load/first-map-view.ts).
import type { CategoryId, CurrencySetting, MapCluster, MapPoint } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
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

/** One request for the viewport: a signed-in user's view (D-35: their own posts exactly). */
export function getViewportMapView(input: MapViewInput): Promise<MapView> {
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

/** What GET /api/solution/map takes for a view: the user's currency and language (D-24). */
export const mapViewInput = (view: { bbox: Bbox; zoom: number }, category: CategoryId | null): MapViewInput => ({
  ...view,
  category,
  currency: getCurrency(),
  lang: getLanguage() === 'fr-ca' ? 'fr' : 'en',
});

/** The server caches for 15 s too; markers change as people post. */
export const MAP_VIEW_STALE_MS = 15_000;
