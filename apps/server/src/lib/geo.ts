// Great-circle distances for `distance_km` (lists and search with near, places/reverse).
export const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Kilometres between [lng, lat] and (lat, lng) on a spherical Earth (haversine). */
export function distanceKm(from: readonly [number, number], lat: number, lng: number): number {
  const [fromLng, fromLat] = from;
  const dLat = rad(lat - fromLat);
  const dLng = rad(lng - fromLng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(fromLat)) * Math.cos(rad(lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Rounded to 0.1 km, as answers carry it. */
export const roundKm = (km: number) => Math.round(km * 10) / 10;

/**
 * D-35: to the half kilometre, as a post's `distance_km` (lists, search, a requester's distance):
 * measured from the public point and this coarse, no set of answers narrows the true point down.
 */
export const roundHalfKm = (km: number) => Math.round(km * 2) / 2;
