// GET /api/places/labels: which places a map without street tiles names. The view is cut into
// small cells laid on the world's Web Mercator pixel grid at the zoom asked (as the map draws it),
// so a cell is the same size on screen at every latitude and zoom, and panning keeps the cells
// (and so the names) where they were. Each cell's largest place is a candidate; the candidates
// are then named largest first, each where its name does not cover one already named, up to
// PLACE_LABELS_LIMIT: Dakar, then Thiès beside it once the zoom leaves room between them.
import { PLACE_LABELS_LIMIT } from '@app/shared';

export interface Cell {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A candidate cell: about a short name's width and a line and a half. */
const CELL_W = 64;
const CELL_H = 32;
/** Candidate cells per view at most (a larger screen gets larger cells). */
export const CANDIDATE_CELLS = 240;
/** Web Mercator stops here; the map does too. */
const MAX_LAT = 85.0511;

const worldPx = (zoom: number) => 256 * 2 ** zoom;
const xOf = (lng: number, zoom: number) => ((lng + 180) / 360) * worldPx(zoom);
function yOf(lat: number, zoom: number): number {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * worldPx(zoom);
}
const lngOf = (x: number, zoom: number) => (x / worldPx(zoom)) * 360 - 180;
const latOf = (y: number, zoom: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / worldPx(zoom)))) * 180) / Math.PI;

/** The cells covering `bbox` ([west, south, east, north]) at `zoom`: at most about `limit`. */
export function labelCells(
  [west, south, east, north]: readonly [number, number, number, number],
  zoom: number,
  limit = CANDIDATE_CELLS,
): Cell[] {
  const world = worldPx(zoom);
  const x0 = xOf(west, zoom);
  // West beyond east: the view crosses the antimeridian, its east is in the next world copy.
  const x1 = west <= east ? xOf(east, zoom) : xOf(east, zoom) + world;
  const y0 = yOf(north, zoom);
  const y1 = yOf(south, zoom);
  let scale = 1;
  let w = CELL_W;
  let h = CELL_H;
  const count = () => (Math.floor(x1 / w) - Math.floor(x0 / w) + 1) * (Math.floor(y1 / h) - Math.floor(y0 / h) + 1);
  while (count() > limit) {
    scale *= 1.25;
    w = CELL_W * scale;
    h = CELL_H * scale;
  }
  const cells: Cell[] = [];
  for (let i = Math.floor(x0 / w); i <= Math.floor(x1 / w); i += 1) {
    // The cell's own stretch of the view, in the world copy it falls in.
    const left = Math.max(i * w, x0);
    const right = Math.min((i + 1) * w, x1);
    if (right <= left) continue;
    const shift = left >= world ? world : 0;
    const a = lngOf(left - shift, zoom);
    const b = lngOf(Math.min(right - shift, world), zoom);
    for (let j = Math.floor(y0 / h); j <= Math.floor(y1 / h); j += 1) {
      const top = Math.max(j * h, y0);
      const bottom = Math.min((j + 1) * h, y1);
      if (bottom <= top) continue;
      cells.push({ west: a, east: b, north: latOf(top, zoom), south: latOf(bottom, zoom) });
    }
    // A cell straddling the antimeridian also covers the start of the next world copy.
    if (right - shift > world) {
      const c = lngOf(0, zoom);
      const d = lngOf(right - shift - world, zoom);
      for (let j = Math.floor(y0 / h); j <= Math.floor(y1 / h); j += 1) {
        const top = Math.max(j * h, y0);
        const bottom = Math.min((j + 1) * h, y1);
        if (bottom > top) cells.push({ west: c, east: d, north: latOf(top, zoom), south: latOf(bottom, zoom) });
      }
    }
  }
  return cells;
}

/**
 * Decimals enough for a name's place on screen at `zoom` (a pixel is about 156 km / 2^zoom at the
 * equator): 2 at country zoom, up to 4 (about 10 m) in town; fewer digits, fewer bytes per view.
 */
export const labelDecimals = (zoom: number): number => (zoom <= 6 ? 2 : zoom <= 10 ? 3 : 4);

interface Candidate {
  name: string;
  lat: number;
  lng: number;
  population: number;
}

/** A name's box on screen, in pixels, centred on its place: about 7 px a letter, one line. */
const LETTER_PX = 7;
const NAME_PAD_PX = 12;
const LINE_PX = 20;

/**
 * The candidates to name, largest first, each only where its name's box covers none already
 * named; at most `limit`. `west` is the view's west edge: a view across the antimeridian puts
 * the places east of it in the next world copy.
 */
export function placeLabels<T extends Candidate>(
  candidates: readonly T[],
  zoom: number,
  west: number,
  limit = PLACE_LABELS_LIMIT,
): T[] {
  const world = worldPx(zoom);
  const boxes: { x0: number; x1: number; y0: number; y1: number }[] = [];
  const named: T[] = [];
  const sorted = [...candidates].sort((a, b) => b.population - a.population);
  for (const place of sorted) {
    if (named.length >= limit) break;
    const x = xOf(place.lng, zoom) + (place.lng < west ? world : 0);
    const y = yOf(place.lat, zoom);
    const half = (place.name.length * LETTER_PX + NAME_PAD_PX) / 2;
    const box = { x0: x - half, x1: x + half, y0: y - LINE_PX / 2, y1: y + LINE_PX / 2 };
    if (boxes.some((b) => b.x0 < box.x1 && box.x0 < b.x1 && b.y0 < box.y1 && box.y0 < b.y1)) continue;
    boxes.push(box);
    named.push(place);
  }
  return named;
}
