// The position as screens use it (asked through ./position). A refusal or no answer counts as
// "off"; each screen decides what that means (sign-in asks to turn it on, the map carries on
// without it).
import { useCallback, useEffect, useState } from 'react';
import { LOCATION_MODAL_DELAY_MS } from '@app/shared';
import { canLocate, requestPosition, type Position } from './position';

export type PositionState = { status: 'pending' } | ({ status: 'ready' } & Position) | { status: 'off' };
/** 'idle': not asked yet (a screen that asks only when the user turns something on). */
export type AskedPosition = PositionState | { status: 'idle' };

/**
 * The one position hook (issue 18). `ask`: true asks on mount (or once it turns true); false
 * waits; 'on-demand' waits in 'idle' until `request()` (the lists' 'Nearest first', which asks
 * only when the user turns it on). `request()` asks again in any mode.
 */
export function usePosition(ask: boolean | 'on-demand' = true): AskedPosition & { request: () => void } {
  const [state, setState] = useState<AskedPosition>(() =>
    ask === 'on-demand' ? { status: 'idle' } : canLocate() ? { status: 'pending' } : { status: 'off' },
  );
  const request = useCallback(() => {
    setState((s) => (s.status === 'ready' ? s : { status: 'pending' }));
    requestPosition((position) => setState(position ? { status: 'ready', ...position } : { status: 'off' }));
  }, []);
  useEffect(() => {
    if (ask !== true) return;
    let live = true;
    requestPosition((position) => {
      if (live) setState(position ? { status: 'ready', ...position } : { status: 'off' });
    });
    return () => {
      live = false;
    };
  }, [ask]);
  return { ...state, request };
}

export const positionOf = (state: AskedPosition): Position | null =>
  state.status === 'ready' ? { lat: state.lat, lng: state.lng } : null;

/**
 * SPEC 4: after 500 ms without coordinates the location modal asks to turn the location on. It
 * closes by itself when the coordinates arrive late, and stays closed once dismissed.
 */
export function useLocationPrompt(state: AskedPosition): { open: boolean; dismiss: () => void } {
  const [late, setLate] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), LOCATION_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return { open: late && !dismissed && state.status !== 'ready', dismiss: () => setDismissed(true) };
}
