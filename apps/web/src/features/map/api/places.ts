// GET /api/places and GET /api/places/reverse (D-26): cities by name near the map's centre, and the
// city nearest to a chosen point, with the country named in the interface language.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Place } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import type { Position } from '../../../lib/position';
import { getLanguage } from '../../../lib/settings';
import { mapKeys } from './query-keys';

const lang = (): 'en' | 'fr' => (getLanguage() === 'fr-ca' ? 'fr' : 'en');
/** Two decimals (about 1 km): the ranking barely changes within it, and the key repeats. */
const rounded = (degrees: number) => Math.round(degrees * 100) / 100;

export function searchPlaces(q: string, near: Position | null): Promise<Place[]> {
  const query = new URLSearchParams({ q, lang: lang() });
  if (near) query.set('near', `${rounded(near.lng)},${rounded(near.lat)}`);
  return apiFetch<{ data: Place[] }>(`/places?${query.toString()}`).then((r) => r.data);
}

/** Cities named like `q` (already debounced by the caller), best first; nothing for an empty q. */
export function usePlaceSearch(q: string, near: Position | null) {
  const text = q.trim();
  const at = near ? { lat: rounded(near.lat), lng: rounded(near.lng) } : null;
  return useQuery({
    queryKey: mapKeys.placeSearch(text, at?.lat ?? null, at?.lng ?? null, lang()),
    queryFn: () => searchPlaces(text, at),
    enabled: text.length > 0,
    staleTime: Infinity,
    // The last list stays while the next one loads: no flicker while typing.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// Shared with the post form, which names its place the same way.
export { reversePlace, useReversePlace } from '../../../lib/reverse-place';
