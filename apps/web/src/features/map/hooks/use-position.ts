// SPEC 2.3 item 1 and 4: the map centres on the user's position. The browser asks once; a
// refusal, or no answer within SPEC 9's 60 s, is silently ignored (the map still works).
import { useEffect, useState } from 'react';
import { GEOLOCATION_TIMEOUT_MS, LOCATION_MODAL_DELAY_MS } from '@app/shared';

export interface Position {
  lat: number;
  lng: number;
}

export type PositionState = { status: 'pending' } | ({ status: 'ready' } & Position) | { status: 'off' };

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function usePosition(): PositionState {
  const [state, setState] = useState<PositionState>(() => (supported() ? { status: 'pending' } : { status: 'off' }));
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

export const positionOf = (state: PositionState): Position | null =>
  state.status === 'ready' ? { lat: state.lat, lng: state.lng } : null;

/**
 * SPEC 4: after 500 ms without coordinates the location modal asks to turn the location on. It
 * closes by itself when the coordinates arrive late, and stays closed once dismissed.
 */
export function useLocationPrompt(state: PositionState): { open: boolean; dismiss: () => void } {
  const [late, setLate] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), LOCATION_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return { open: late && !dismissed && state.status !== 'ready', dismiss: () => setDismissed(true) };
}
