// The user's position for 'Nearest first', asked only when the user turns it on. A refusal, or no
// answer within SPEC 9's 60 s, counts as "off" and the list stays newest first.
import { useCallback, useState } from 'react';
import { GEOLOCATION_TIMEOUT_MS } from '@app/shared';

export type PositionState =
  { status: 'idle' } | { status: 'pending' } | { status: 'ready'; lat: number; lng: number } | { status: 'off' };

export function usePositionOnDemand() {
  const [state, setState] = useState<PositionState>({ status: 'idle' });
  const request = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setState({ status: 'off' });
      return;
    }
    setState((s) => (s.status === 'ready' ? s : { status: 'pending' }));
    navigator.geolocation.getCurrentPosition(
      (p) => setState({ status: 'ready', lat: p.coords.latitude, lng: p.coords.longitude }),
      () => setState({ status: 'off' }),
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 5 * 60 * 1000 },
    );
  }, []);
  return { position: state, request };
}
