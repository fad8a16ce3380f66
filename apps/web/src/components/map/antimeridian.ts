// STACK-NOTES "Browser and map": a country whose outline crosses the 180° meridian (Russia, Fiji,
// Antarctica) has consecutive points at +180 and -180. Drawn as is, that edge runs across the
// whole map as a horizontal stripe. These functions rewrite such rings before Leaflet sees them.
import type { Geometry, MultiPolygon, Position } from 'geojson';

/** An edge longer than half the world can only be a jump across the antimeridian. */
const jumps = (a: Position, b: Position): boolean => Math.abs(b[0]! - a[0]!) > 180;
/** An edge along a pole is drawn along the top or bottom of the map: no stripe. */
const alongPole = (a: Position, b: Position): boolean => Math.abs(a[1]!) === 90 && a[1] === b[1];

/** Whether a ring has an edge that Leaflet would draw across the map. */
export const hasJump = (ring: Position[]): boolean =>
  ring.some((p, i) => i > 0 && jumps(ring[i - 1]!, p) && !alongPole(ring[i - 1]!, p));

/** The same ring with continuous longitudes: each point moved by whole turns next to the one before. */
export function unwrapRing(ring: Position[], start?: number): Position[] {
  let previous = start;
  return ring.map(([lng, lat]) => {
    let x = lng!;
    if (previous !== undefined) {
      while (x - previous > 180) x -= 360;
      while (x - previous < -180) x += 360;
    }
    previous = x;
    return [x, lat!];
  });
}

/**
 * A ring around a pole (Antarctica) crosses the meridian an odd number of times and cannot be
 * unwrapped into a closed shape: at each jump it goes down the meridian to the pole, along the
 * pole and back up on the other side instead.
 */
export function closeOverPole(ring: Position[]): Position[] {
  const meanLat = ring.reduce((sum, p) => sum + p[1]!, 0) / ring.length;
  const pole = meanLat < 0 ? -90 : 90;
  const out: Position[] = [];
  ring.forEach((a, i) => {
    out.push([a[0]!, a[1]!]);
    const b = ring[i + 1];
    if (!b || !jumps(a, b) || alongPole(a, b)) return;
    const edgeA = a[0]! > 0 ? 180 : -180;
    const toEdge = Math.abs(edgeA - a[0]!);
    const fromEdge = Math.abs(b[0]! + edgeA);
    const share = toEdge + fromEdge === 0 ? 0 : toEdge / (toEdge + fromEdge);
    const lat = a[1]! + (b[1]! - a[1]!) * share;
    out.push([edgeA, lat], [edgeA, pole], [-edgeA, pole], [-edgeA, lat]);
  });
  return out;
}

const shift = (polygon: Position[][], by: number): Position[][] =>
  polygon.map((ring) => ring.map(([lng, lat]) => [lng! + by, lat!]));

/**
 * One polygon as the polygons to draw: unchanged when it does not cross the meridian; closed over
 * the pole when it circles one; otherwise unwrapped (so it runs past ±180°) and drawn twice, once
 * on each side, so both halves show within the world's bounds.
 */
export function splitPolygon(polygon: Position[][]): Position[][][] {
  const [outer, ...holes] = polygon;
  if (!outer || !polygon.some(hasJump)) return [polygon];
  const unwrapped = unwrapRing(outer);
  const turns = Math.round((unwrapped.at(-1)![0]! - outer.at(-1)![0]!) / 360);
  if (turns !== 0) return [[closeOverPole(outer), ...holes]];
  const whole = [unwrapped, ...holes.map((hole) => unwrapRing(hole, unwrapped[0]![0]))];
  const lngs = whole.flat().map((p) => p[0]!);
  const copies = [whole];
  if (Math.max(...lngs) > 180) copies.push(shift(whole, -360));
  if (Math.min(...lngs) < -180) copies.push(shift(whole, 360));
  return copies;
}

/** A geometry without antimeridian stripes; the same object when there is nothing to fix. */
export function fixGeometry(geometry: Geometry): Geometry {
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return geometry;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  if (!polygons.some((polygon) => polygon.some(hasJump))) return geometry;
  const fixed: MultiPolygon = { type: 'MultiPolygon', coordinates: polygons.flatMap(splitPolygon) };
  return fixed;
}
