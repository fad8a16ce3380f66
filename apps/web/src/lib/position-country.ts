// D-24: the country the device is in, named by the server's reverse place lookup (D-26,
// `GET /api/places/reverse`) and remembered, so that the currency and the dial code can default
// to it before the user has a country of their own. Asked once per place (to about 1 km).
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import type { Position } from './position';
import { sharedKeys } from './query-keys';
import { positionCountry, rememberPositionCountry } from './local-defaults';

interface ReversePlace {
  country_code: string;
}

async function countryAt(lat: number, lng: number): Promise<string | null> {
  const params = new URLSearchParams({ lat: String(lat), lng: String(lng) });
  const place = await apiFetch<{ data: ReversePlace }>(`/places/reverse?${params.toString()}`);
  const code = place.data.country_code;
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  rememberPositionCountry(code);
  return code.toUpperCase();
}

/** The device's country: found for `position`, else the one found last time, else null. */
export function usePositionCountry(position: Position | null): string | null {
  const lat = position ? Math.round(position.lat * 100) / 100 : 0;
  const lng = position ? Math.round(position.lng * 100) / 100 : 0;
  const found = useQuery({
    queryKey: sharedKeys.positionCountry(lat, lng),
    queryFn: () => countryAt(lat, lng),
    enabled: position !== null,
    staleTime: Infinity,
    retry: false,
  });
  return found.data ?? positionCountry();
}
