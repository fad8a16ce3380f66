// The browser's position, asked one way for every screen: SPEC 9's 60 s timeout, a five-minute
// cached fix accepted. Without React: the map pages' early script asks with it too
// (early-load/first-map-view.ts).
import { GEOLOCATION_TIMEOUT_MS } from '@app/shared';

export interface Position {
  lat: number;
  lng: number;
}

/** What the page has asked and heard. On window: the early script and the app are bundled apart. */
interface PagePosition {
  /** When the page first asked (performance.now()). */
  askedAt: number;
  /**
   * When the page began to wait for a position (performance.now()): SPEC 4's 500 ms count from
   * here. Its start (0) when it asked as it loaded (the map pages' first view), else its first ask.
   */
  waitingSince: number;
  /** The last answer: a position, or null when off or refused; absent until the first one. */
  answer?: Position | null;
}

declare global {
  interface Window {
    pagePosition?: PagePosition;
  }
}

export const canLocate = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/**
 * One request to the browser; `done` receives the position, or null when it is off or refused.
 * `asPageLoads`: the ask is part of the page's loading, so the page has waited since its start.
 */
export function requestPosition(done: (position: Position | null) => void, { asPageLoads = false } = {}): void {
  if (!canLocate()) {
    done(null);
    return;
  }
  const now = performance.now();
  const page = (window.pagePosition ??= { askedAt: now, waitingSince: asPageLoads ? 0 : now });
  const answer = (position: Position | null) => {
    page.answer = position;
    done(position);
  };
  navigator.geolocation.getCurrentPosition(
    (p) => answer({ lat: p.coords.latitude, lng: p.coords.longitude }),
    () => answer(null),
    { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 5 * 60 * 1000 },
  );
}

/** The page's last answer (see PagePosition), so a screen opens with what is already known. */
export const lastPosition = (): Position | null | undefined => (canLocate() ? window.pagePosition?.answer : undefined);

/** Milliseconds since the page first asked for the position; 0 before it asks. */
export const sincePositionAsked = (): number =>
  canLocate() && window.pagePosition ? performance.now() - window.pagePosition.askedAt : 0;

/** Milliseconds the page has waited for a position (see PagePosition.waitingSince); 0 before it asks. */
export const sinceWaitingForPosition = (): number =>
  canLocate() && window.pagePosition ? performance.now() - window.pagePosition.waitingSince : 0;
