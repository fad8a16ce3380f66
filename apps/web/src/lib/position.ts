// The browser's position, asked one way for every screen: SPEC 9's 60 s timeout, a five-minute
// cached fix accepted. Without React: the map pages' early script asks with it too
// (first-map-view.ts).
import { GEOLOCATION_TIMEOUT_MS } from '@app/shared';

export interface Position {
  lat: number;
  lng: number;
}

export const canLocate = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** One request to the browser; `done` receives the position, or null when it is off or refused. */
export function requestPosition(done: (position: Position | null) => void): void {
  if (!canLocate()) {
    done(null);
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (p) => done({ lat: p.coords.latitude, lng: p.coords.longitude }),
    () => done(null),
    { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 5 * 60 * 1000 },
  );
}
