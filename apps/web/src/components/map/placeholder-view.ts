// Where a map opens while it has no position, without Leaflet: the map pages' early script asks
// for that view's posts too (early-load/first-view-request.ts).
import type { LatLngTuple } from 'leaflet';

/** Where a map waits for the position: West Africa, where the product's users are. */
export const DEFAULT_CENTRE: LatLngTuple = [12, -2];
export const MIN_ZOOM = 2;
/** Without a position a map opens on DEFAULT_CENTRE at this zoom at most: the world. */
export const placeholderZoom = (zoom: number): number => Math.min(zoom, MIN_ZOOM + 1);
/** The longest a coming position holds a map's first request for posts. */
export const POSITION_WAIT_MS = 2000;
