// The map screen's first posts are asked for as early as possible: by the map pages'
// early script (first-map-view.ts), which the HTML names before the app's code, or else by
// the app as soon as it starts. Either way while Leaflet (seconds on a slow link) downloads. The
// view asked for is the whole window around the position at the screen's zoom: the map, smaller
// than the window, then finds its first view inside it (first-view.ts). Without a position (off or
// refused), it is the window around the map's placeholder view, which the map then opens on.
import { DEFAULT_CENTRE, placeholderZoom, POSITION_WAIT_MS } from '../components/map/placeholder-view';
import { requestPosition, sincePositionAsked, type Position } from '../lib/position';
import { viewportBbox, type Bbox, type Bounds } from '../features/map/utils/viewport';
import {
  getViewportMapView,
  mapViewInput,
  type MapView,
  type MapViewInput,
} from '../features/map/api/map-view-request';

export interface FirstView {
  view: { bbox: Bbox; zoom: number };
  input: MapViewInput;
  /** The server's answer; rejects as getViewportMapView does. */
  response: Promise<MapView>;
}

declare global {
  interface Window {
    /** Shared by the early script and the app, which are bundled apart: one request per page. */
    firstMapView?: Promise<FirstView | null>;
  }
}

const TILE = 256;

/** The bounds of a `width` × `height` px view centred on `centre` at `zoom` (Web Mercator, as Leaflet). */
export function boundsAround(centre: Position, zoom: number, width: number, height: number): Bounds {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((centre.lat * Math.PI) / 180);
  const x = ((centre.lng + 180) / 360) * scale;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
  const lng = (px: number) => (px / scale) * 360 - 180;
  const lat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / scale))) * 180) / Math.PI;
  return { west: lng(x - width / 2), east: lng(x + width / 2), north: lat(y - height / 2), south: lat(y + height / 2) };
}

/**
 * Asks once per page for the window's view at `zoom` around the position, or around the
 * placeholder view when the position is refused. Null across ±180°, and when the refusal comes
 * after the map has asked for itself (POSITION_WAIT_MS). Called as the page loads only (the early
 * script, or the app's start), so its ask for the position is the page's loading.
 */
export function startFirstMapView(zoom: number): Promise<FirstView | null> {
  window.firstMapView ??= new Promise((resolve) =>
    requestPosition(
      (position) => {
        if (!position && sincePositionAsked() >= POSITION_WAIT_MS) return resolve(null);
        const [centre, at] = position
          ? [position, zoom]
          : [{ lat: DEFAULT_CENTRE[0], lng: DEFAULT_CENTRE[1] }, placeholderZoom(zoom)];
        const view = { bbox: viewportBbox(boundsAround(centre, at, innerWidth, innerHeight), at), zoom: at };
        if (view.bbox[0] > view.bbox[2]) return resolve(null); // Across the antimeridian: the map asks for itself.
        const input = mapViewInput(view, null);
        // The map pages are for signed-in users (first-map-view.ts): their view is the viewport's.
        const response = getViewportMapView(input);
        // Whoever takes the answer sees a failure; until then it is not an unhandled one.
        response.catch(() => undefined);
        resolve({ view, input, response });
      },
      { asPageLoads: true },
    ),
  );
  return window.firstMapView;
}
