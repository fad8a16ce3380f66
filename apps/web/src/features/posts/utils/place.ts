// SPEC 2.3 item 6: the place chosen on the selection map, "or else the user's position" (asked
// only when the map gave none).
import type { AskedPosition } from '../../../lib/geolocation';

export type PlaceState =
  { status: 'pending' } | { status: 'ready'; lat: number; lng: number; from: 'map' | 'device' } | { status: 'off' };

export function placeFrom(fromMap: { lat: number; lng: number } | null, device: AskedPosition): PlaceState {
  if (fromMap) return { status: 'ready', ...fromMap, from: 'map' };
  if (device.status === 'ready') return { status: 'ready', lat: device.lat, lng: device.lng, from: 'device' };
  return device.status === 'off' ? { status: 'off' } : { status: 'pending' };
}
