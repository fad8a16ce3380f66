// SPEC 2.3 item 6: the place chosen on the selection map, "or else the user's position" (asked
// only when the map gave none).
import { usePosition as useDevicePosition } from '../../../lib/geolocation';

export type PositionState =
  { status: 'pending' } | { status: 'ready'; lat: number; lng: number; from: 'map' | 'device' } | { status: 'off' };

export function usePosition(fromMap: { lat: number; lng: number } | null): PositionState {
  const device = useDevicePosition(fromMap === null);
  if (fromMap) return { status: 'ready', ...fromMap, from: 'map' };
  return device.status === 'ready' ? { ...device, from: 'device' } : device;
}
