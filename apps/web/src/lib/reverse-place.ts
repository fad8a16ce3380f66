// GET /api/places/reverse (D-26): the city nearest to a point, with its country named in the
// interface language. The selection map names the chosen point with it, and the post form names
// the place it will publish at ("near Thiès, Senegal") rather than its coordinates.
import { useQuery } from '@tanstack/react-query';
import type { ReversePlace } from '@app/shared';
import { apiFetch } from './api-client';
import type { Position } from './position';
import { sharedKeys } from './query-keys';
import { getLanguage } from './settings';

const lang = (): 'en' | 'fr' => (getLanguage() === 'fr-ca' ? 'fr' : 'en');

export function reversePlace(point: Position): Promise<ReversePlace> {
  const query = new URLSearchParams({ lat: String(point.lat), lng: String(point.lng), lang: lang() });
  return apiFetch<{ data: ReversePlace }>(`/places/reverse?${query.toString()}`).then((r) => r.data);
}

/** The city nearest to `point`, or undefined while unknown (none chosen, loading, or failed). */
export function useReversePlace(point: Position | null): ReversePlace | undefined {
  const found = useQuery({
    queryKey: sharedKeys.reversePlace(point?.lat ?? null, point?.lng ?? null, lang()),
    queryFn: () => reversePlace(point!),
    enabled: point !== null,
    staleTime: Infinity,
    retry: false,
  });
  return point ? found.data : undefined;
}
