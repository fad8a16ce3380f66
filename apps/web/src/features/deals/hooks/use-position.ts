// The user's position for 'Nearest first', asked only when the user turns it on. "Off" keeps the
// list newest first.
import { useCallback, useState } from 'react';
import { requestPosition, type PositionState } from '../../../lib/geolocation';

export function usePositionOnDemand() {
  const [state, setState] = useState<PositionState | { status: 'idle' }>({ status: 'idle' });
  const request = useCallback(() => {
    setState((s) => (s.status === 'ready' ? s : { status: 'pending' }));
    requestPosition((position) => setState(position ? { status: 'ready', ...position } : { status: 'off' }));
  }, []);
  return { position: state, request };
}
