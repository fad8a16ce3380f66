// SPEC 5: sign-in and registration need the location (registration sends it). The browser asks
// once; a refusal, or no answer within SPEC 9's 60 s, counts as "location off".
import { useEffect, useState } from 'react';
import { GEOLOCATION_TIMEOUT_MS } from '@app/shared';

export type GeoState = { status: 'pending' } | { status: 'ready'; lat: number; lng: number } | { status: 'off' };

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function useGeolocation(): GeoState {
  const [state, setState] = useState<GeoState>(() => (supported() ? { status: 'pending' } : { status: 'off' }));
  useEffect(() => {
    if (!supported()) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (live) setState({ status: 'ready', lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => {
        if (live) setState({ status: 'off' });
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 5 * 60 * 1000 },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
