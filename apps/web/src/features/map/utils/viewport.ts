// The viewport as GET /api/solution/map takes it, and the sizes of what the map draws.
import { localeTag, type Language, type MapPoint } from '@app/shared';
import { numberFormat } from '../../../lib/intl';

/** [west, south, east, north] in degrees, each within the API's ranges; west > east crosses ±180°. */
export type Bbox = [number, number, number, number];

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Grid step of the rounding: a quarter of a 256 px tile, as the server's cluster cells (D-20). */
export const gridStep = (zoom: number): number => 360 / 2 ** Math.max(0, Math.round(zoom)) / 4;

const tidy = (n: number): number => Number(n.toFixed(6));
const wrap = (lng: number): number => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * The viewport rounded outwards to the zoom's grid, so that small pans reuse the cached answer,
 * then brought within the API's ranges: a view wider than the world asks for all of it, and a
 * view past ±180° wraps (the server splits a box that crosses the antimeridian).
 */
export function viewportBbox(bounds: Bounds, zoom: number): Bbox {
  const step = gridStep(zoom);
  const west = Math.floor(bounds.west / step) * step;
  const east = Math.ceil(bounds.east / step) * step;
  const south = tidy(Math.max(-90, Math.floor(bounds.south / step) * step));
  const north = tidy(Math.min(90, Math.ceil(bounds.north / step) * step));
  if (east - west >= 360) return [-180, south, 180, north];
  // East keeps +180 (not -180) so that a view ending at the meridian does not read as crossing it.
  return [tidy(wrap(west)), south, tidy(-wrap(-east)), north];
}

/** Diameter in pixels of a cluster badge: grows with the count's order of magnitude, capped. */
export function clusterDiameter(count: number): number {
  return Math.round(Math.min(64, 34 + 8 * Math.log10(Math.max(1, count))));
}

/** The count on a cluster badge, short enough to fit it: 950, 1.2K, 12K (1,2 k in French). */
export function clusterCount(count: number, language: Language): string {
  // Below 1,000 the digits are the same in every language: no need for the compact formatter,
  // whose first build costs ~100 ms of a slow phone's main thread while the map is drawn.
  if (Number.isInteger(count) && count >= 0 && count < 1000) return String(count);
  return numberFormat(localeTag(language), { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}

/** Clicking a cluster zooms in on it by two levels (a quarter of the area), up to street level. */
export const clusterZoom = (zoom: number): number => Math.min(18, zoom + 2);

/**
 * SPEC 2.3 item 11's detail routes: a need opens /clientsdetails, an offer /supplierdetails. D-35:
 * a map point no longer names its poster, and the details page reads only the post's id, so the
 * route's user segment is a placeholder ("-").
 */
export function detailPath(point: Pick<MapPoint, '_id' | 'user_role'>): string {
  const base = point.user_role === 'needSolution' ? '/clientsdetails' : '/supplierdetails';
  return `${base}/${encodeURIComponent(point._id)}/-`;
}

/** Below this zoom, points closer than a marker's size on screen are drawn as one counted group. */
export const GROUPING_MAX_ZOOM = 16;

export interface PointGroup {
  lat: number;
  lng: number;
  count: number;
}

/**
 * The server sends single points when a viewport holds few posts (D-20), but a few hundred points
 * of one town still pile up on a zoomed-out screen. Each point joins the first group whose first
 * point lies within `cell` px of it on screen, or starts a group; groups of one stay single
 * markers, the others become one counted group at the mean position of their points.
 */
export function groupPoints<T extends { lat: number; lng: number }>(
  points: T[],
  project: (point: T) => { x: number; y: number },
  cell: number,
): { singles: T[]; groups: PointGroup[] } {
  const seeds: { x: number; y: number; members: T[] }[] = [];
  for (const point of points) {
    const { x, y } = project(point);
    const near = seeds.find((seed) => Math.abs(seed.x - x) < cell && Math.abs(seed.y - y) < cell);
    if (near) near.members.push(point);
    else seeds.push({ x, y, members: [point] });
  }
  const singles: T[] = [];
  const groups: PointGroup[] = [];
  for (const { members } of seeds) {
    if (members.length === 1) singles.push(members[0]!);
    else
      groups.push({
        lat: members.reduce((sum, p) => sum + p.lat, 0) / members.length,
        lng: members.reduce((sum, p) => sum + p.lng, 0) / members.length,
        count: members.length,
      });
  }
  return { singles, groups };
}

/**
 * Clusters whose badges would overlap on screen (neighbouring cells of the server's grid, or a
 * group of points beside a cluster) merge into one: counts add up, at their weighted mean.
 */
export function mergeClusters(
  clusters: PointGroup[],
  project: (cluster: PointGroup) => { x: number; y: number },
  distance: number,
): PointGroup[] {
  const merged: { x: number; y: number; lat: number; lng: number; count: number }[] = [];
  for (const cluster of [...clusters].sort((a, b) => b.count - a.count)) {
    const { x, y } = project(cluster);
    const near = merged.find((m) => Math.hypot(m.x - x, m.y - y) < distance);
    if (!near) {
      merged.push({ x, y, ...cluster });
      continue;
    }
    const count = near.count + cluster.count;
    near.lat = (near.lat * near.count + cluster.lat * cluster.count) / count;
    near.lng = (near.lng * near.count + cluster.lng * cluster.count) / count;
    near.count = count;
  }
  return merged.map(({ lat, lng, count }) => ({ lat, lng, count }));
}
