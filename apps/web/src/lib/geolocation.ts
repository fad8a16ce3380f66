// The position as screens use it (asked through ./position). A refusal or no answer counts as
// "off"; each screen decides what that means (sign-in asks to turn it on, the map carries on
// without it).
import { useCallback, useEffect, useState } from 'react';
import { LOCATION_MODAL_DELAY_MS } from '@app/shared';
import { canLocate, lastPosition, requestPosition, sinceWaitingForPosition, type Position } from './position';

export type PositionState = { status: 'pending' } | ({ status: 'ready' } & Position) | { status: 'off' };
/** 'idle': not asked yet (a screen that asks only when the user turns something on). */
export type AskedPosition = PositionState | { status: 'idle' };

/**
 * The one position hook. `ask`: true asks on mount (or once it turns true); false
 * waits; 'on-demand' waits in 'idle' until `request()` (the lists' 'Nearest first', which asks
 * only when the user turns it on). `request()` asks again in any mode.
 */
export function usePosition(ask: boolean | 'on-demand' = true): AskedPosition & { request: () => void } {
  const [state, setState] = useState<AskedPosition>(() => {
    if (ask === 'on-demand') return { status: 'idle' };
    if (!canLocate()) return { status: 'off' };
    // What the page already heard (the map pages' early script asks first) shows at once; the
    // browser is asked again all the same.
    const known = lastPosition();
    return known === undefined ? { status: 'pending' } : known ? { status: 'ready', ...known } : { status: 'off' };
  });
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
 * closes by itself when the coordinates arrive late, and stays closed once dismissed. The 500 ms
 * count from when the page began to wait for a position: on the map pages, which ask for it as
 * they load, the page's start. On a slow phone the screen mounts seconds after that, and a refusal
 * heard by then opens the modal with the map, not 500 ms after it.
 */
export function useLocationPrompt(state: AskedPosition): { open: boolean; dismiss: () => void } {
  const [late, setLate] = useState(() => sinceWaitingForPosition() >= LOCATION_MODAL_DELAY_MS);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (late) return;
    // The screen's own ask (usePosition's effect, run before this one) starts the count if none did.
    const timer = setTimeout(() => setLate(true), LOCATION_MODAL_DELAY_MS - sinceWaitingForPosition());
    return () => clearTimeout(timer);
  }, [late]);
  return { open: late && !dismissed && state.status !== 'ready', dismiss: () => setDismissed(true) };
}
