// Issue 17: the map screen's first posts are asked for as soon as the app starts, while the map's
// own code (Leaflet, seconds on a slow link) is still downloading, instead of after it. The view
// asked for is the whole window around the position at the screen's zoom: the map, smaller than
// the window, then finds its first view inside it and reads that answer instead of asking again.
import type { QueryClient } from '@tanstack/react-query';
import { requestPosition, type Position } from '../../../lib/geolocation';
import { viewportBbox, type Bbox, type Bounds } from '../utils/viewport';
import { mapViewInput, mapViewQueryOptions } from './get-map-view';

interface View {
  bbox: Bbox;
  zoom: number;
}

let first: View | null = null;

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

/** `outer` holds `inner` (neither crossing the antimeridian). */
export const covers = (outer: Bbox, inner: Bbox): boolean =>
  outer[0] <= outer[2] &&
  inner[0] <= inner[2] &&
  outer[0] <= inner[0] &&
  outer[1] <= inner[1] &&
  outer[2] >= inner[2] &&
  outer[3] >= inner[3];

export function prefetchFirstMapView(client: QueryClient, zoom: number): void {
  requestPosition((position) => {
    if (!position) return;
    const view = { bbox: viewportBbox(boundsAround(position, zoom, innerWidth, innerHeight), zoom), zoom };
    if (view.bbox[0] > view.bbox[2]) return; // Across the antimeridian: the map asks for itself.
    first = view;
    void client.prefetchQuery(mapViewQueryOptions(mapViewInput(view, null)));
  });
}

/** The view to ask for: the prefetched one when it holds `view` at the same zoom, else `view`. */
export function withFirstView(view: View): View {
  return first && first.zoom === view.zoom && covers(first.bbox, view.bbox) ? first : view;
}
