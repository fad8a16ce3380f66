// The browser's position, asked only when the selection map gave none (SPEC 2.3 item 6: "or else
// the user's position"). A refusal, or no answer within SPEC 9's 60 s, counts as "off".
import { useEffect, useState } from 'react';
import { GEOLOCATION_TIMEOUT_MS } from '@app/shared';

export type PositionState =
  { status: 'pending' } | { status: 'ready'; lat: number; lng: number; from: 'map' | 'device' } | { status: 'off' };

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function usePosition(fromMap: { lat: number; lng: number } | null): PositionState {
  const [device, setDevice] = useState<PositionState>(() => (supported() ? { status: 'pending' } : { status: 'off' }));
  const needed = fromMap === null;
  useEffect(() => {
    if (!needed || !supported()) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (live)
          setDevice({
            status: 'ready',
            lat: position.coords.latitude,
            lng: position.coords.longitude,
            from: 'device',
          });
      },
      () => {
        if (live) setDevice({ status: 'off' });
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 5 * 60 * 1000 },
    );
    return () => {
      live = false;
    };
  }, [needed]);
  return fromMap ? { status: 'ready', ...fromMap, from: 'map' } : device;
}
