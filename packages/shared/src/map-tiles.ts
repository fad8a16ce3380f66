// Standard web-map tiles (z/x/y, the slippy-map scheme of OpenStreetMap): the map asks for the
// tiles covering its viewport, so everyone looking at one city asks for the same few tiles and one
// cached answer serves them all (docs/performance.md). The server answers per tile; the web map
// asks for the tiles of its viewport and merges them (mergeTileViews).

/** Tiles finer than this are not kept: a viewport past it asks for this zoom's tiles. */
export const TILE_MAX_ZOOM = 16;
/** Web Mercator's latitude limit: tiles cover ±85.0511°. */
export const MERCATOR_MAX_LAT = 85.0511287798066;

export interface Tile {
  z: number;
  x: number;
  y: number;
}

const clampLat = (lat: number) => Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat));

/** The tile column of a longitude at zoom z (−180 is column 0; 180 the last). */
export function tileX(lng: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor(((lng + 180) / 360) * n)));
}

/** The tile row of a latitude at zoom z (the north edge is row 0). */
export function tileY(lat: number, z: number): number {
  const n = 2 ** z;
  const rad = (clampLat(lat) * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return Math.min(n - 1, Math.max(0, y));
}

const latOfRow = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

/** A tile's box, [west, south, east, north] in degrees; the edge rows reach the poles. */
export function tileBounds({ z, x, y }: Tile): [number, number, number, number] {
  const n = 2 ** z;
  const west = (x / n) * 360 - 180;
  const east = ((x + 1) / n) * 360 - 180;
  // The first and last rows take in what lies beyond Mercator's limit, so no post is left out.
  const north = y === 0 ? 90 : latOfRow(y, z);
  const south = y === n - 1 ? -90 : latOfRow(y + 1, z);
  return [west, south, east, north];
}

export const isTile = ({ z, x, y }: Tile): boolean =>
  Number.isInteger(z) && z >= 0 && z <= TILE_MAX_ZOOM && x >= 0 && y >= 0 && x < 2 ** z && y < 2 ** z;

/** The tile zoom a map at `zoom` asks for. */
export const tileZoomFor = (zoom: number): number => Math.max(0, Math.min(TILE_MAX_ZOOM, Math.floor(zoom)));

/** The tiles covering a bbox (west > east crosses the antimeridian), row by row. */
export function tilesCovering([west, south, east, north]: readonly number[], z: number): Tile[] {
  const columns = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const xs =
    west! <= east!
      ? columns(tileX(west!, z), tileX(east!, z))
      : [...columns(tileX(west!, z), 2 ** z - 1), ...columns(0, tileX(east!, z))];
  const tiles: Tile[] = [];
  for (let y = tileY(north!, z); y <= tileY(south!, z); y += 1) for (const x of xs) tiles.push({ z, x, y });
  return tiles;
}

/**
 * Every kept tile holding a point: what a post there makes stale. A tile's box includes its edges,
 * so a point on an edge is in the tiles on both sides, and both are named.
 */
export function tilesOfPoint(lng: number, lat: number): Tile[] {
  const tiles = new Map<string, Tile>();
  for (let z = 0; z <= TILE_MAX_ZOOM; z += 1) {
    for (const x of new Set([tileX(lng, z), tileX(lng - 1e-9, z)])) {
      for (const y of new Set([tileY(lat, z), tileY(lat + 1e-9, z)])) tiles.set(tileKey({ z, x, y }), { z, x, y });
    }
  }
  return [...tiles.values()];
}

export const tileKey = ({ z, x, y }: Tile): string => `${z}/${x}/${y}`;

interface Located {
  lng: number;
  lat: number;
}

/** A tile's or a viewport's posts: points, or clusters (counts at positions). */
export interface TileView<P extends Located & { _id: string }, C extends Located> {
  points: P[];
  clusters: C[];
}

/** What lies in `bbox` of the tiles' answers, each post once (a post on an edge is in two tiles). */
export function mergeTileViews<P extends Located & { _id: string }, C extends Located>(
  [west, south, east, north]: readonly number[],
  views: readonly TileView<P, C>[],
): TileView<P, C> {
  const inside = (p: Located) =>
    p.lat >= south! &&
    p.lat <= north! &&
    (west! <= east! ? p.lng >= west! && p.lng <= east! : p.lng >= west! || p.lng <= east!);
  const seen = new Set<string>();
  const points: P[] = [];
  const clusters: C[] = [];
  for (const view of views) {
    for (const point of view.points) {
      if (!seen.has(point._id) && inside(point)) {
        seen.add(point._id);
        points.push(point);
      }
    }
    for (const cluster of view.clusters) if (inside(cluster)) clusters.push(cluster);
  }
  return { points, clusters };
}

/** A viewport needing more tiles than this is answered from coarser ones (a wide screen zoomed out). */
export const VIEW_MAX_TILES = 24;

/** The tiles a viewport at `zoom` asks for: its zoom's, or coarser ones when those would be too many. */
export function viewTiles(bbox: readonly number[], zoom: number): Tile[] {
  let z = tileZoomFor(zoom);
  let tiles = tilesCovering(bbox, z);
  while (tiles.length > VIEW_MAX_TILES && z > 0) tiles = tilesCovering(bbox, (z -= 1));
  return tiles;
}
