// The query keys of the map's calls, in one factory; the roots other features invalidate
// (every viewport, every place lookup) come from lib/query-keys.
import { sharedKeys } from '../../../lib/query-keys';
import type { MapViewInput } from './map-view-request';

export const mapKeys = {
  /** One viewport's points and clusters, priced and titled for the reader. */
  view: (input: MapViewInput) =>
    [
      ...sharedKeys.mapViews(),
      input.bbox.join(','),
      Math.round(input.zoom),
      input.category ?? null,
      input.currency,
      input.lang,
    ] as const,
  /** D-26: cities named like `text`, ranked near a point. */
  placeSearch: (text: string, lat: number | null, lng: number | null, lang: 'en' | 'fr') =>
    [...sharedKeys.places(), 'search', text, lat, lng, lang] as const,
};
