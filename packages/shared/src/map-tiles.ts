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

/**
 * The side of a cluster cell at zoom z, in degrees: a quarter of a tile's width, the grid the
 * server counts clusters on and keeps counts for (migration 0003's map_cell, cellSize in modules/map).
 */
export const clusterCellSize = (z: number): number => 90 / 2 ** z;

/** Cell indexes from `from` to `to`, both included; null where the range is open (the world's edges). */
export type CellRange = [from: number | null, to: number | null];

/** The cluster cells of its zoom that a tile owns (tileCells). */
export interface TileCells {
  size: number;
  x: CellRange;
  y: CellRange;
}

/** The first cell row whose centre lies at or north of `edge`. */
const firstRowFrom = (edge: number, size: number) => Math.ceil(edge / size - 0.5);

/**
 * The posts a tile answers for: those whose cluster cell (clusterCellSize of its zoom) it owns, so
 * that each post and each cell belongs to exactly one tile of a zoom and merged tiles count every
 * post once. In longitude four cells make a tile exactly. In latitude cells are in degrees and rows
 * of tiles are not, so a cell cut by a row's edge belongs to the row holding its centre: a tile
 * answers for posts up to half a cell beyond its north or south edge, and for none of those just
 * inside it whose cell's centre lies beyond. The outer rows and columns reach the poles and ±180°.
 */
export function tileCells({ z, x, y }: Tile): TileCells {
  const n = 2 ** z;
  const size = clusterCellSize(z);
  const [west, south, east, north] = tileBounds({ z, x, y });
  return {
    size,
    x: [x === 0 ? null : Math.round(west / size), x === n - 1 ? null : Math.round(east / size) - 1],
    y: [y === n - 1 ? null : firstRowFrom(south, size), y === 0 ? null : firstRowFrom(north, size) - 1],
  };
}

const inRange = (cell: number, [from, to]: CellRange) => (from === null || cell >= from) && (to === null || cell <= to);

/** The column of tiles at zoom z owning a longitude (tileCells). */
export function columnOwning(lng: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor((Math.floor(lng / clusterCellSize(z)) + 2 * n) / 4)));
}

/** The row of tiles at zoom z owning a latitude (tileCells): the row holding the centre of its cell. */
export function rowOwning(lat: number, z: number): number {
  const size = clusterCellSize(z);
  const cell = Math.floor(lat / size);
  let y = tileY((cell + 0.5) * size, z);
  // tileY and tileCells compute an edge apart: where they disagree by a row, tileCells decides.
  for (let step = 0; step < 2; step += 1) {
    const { y: rows } = tileCells({ z, x: 0, y });
    if (rows[1] !== null && cell > rows[1]) y -= 1;
    else if (rows[0] !== null && cell < rows[0]) y += 1;
  }
  return y;
}

/** Whether a tile owns a point (tileCells). */
export function tileOwns(tile: Tile, lng: number, lat: number): boolean {
  const { size, x, y } = tileCells(tile);
  return inRange(Math.floor(lng / size), x) && inRange(Math.floor(lat / size), y);
}

/**
 * The tiles owning what lies in a bbox (west > east crosses the antimeridian), row by row: those
 * owning its corners' cells and every tile between.
 */
export function tilesCovering([west, south, east, north]: readonly number[], z: number): Tile[] {
  const columns = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const [first, last] = [columnOwning(west!, z), columnOwning(east!, z)];
  const xs = west! <= east! ? columns(first, last) : [...columns(first, 2 ** z - 1), ...columns(0, last)];
  const tiles: Tile[] = [];
  for (let y = rowOwning(north!, z); y <= rowOwning(south!, z); y += 1) for (const x of xs) tiles.push({ z, x, y });
  return tiles;
}

/** The tile owning a point at every kept zoom (tileCells): what a post there makes stale. */
export function tilesOfPoint(lng: number, lat: number): Tile[] {
  return Array.from({ length: TILE_MAX_ZOOM + 1 }, (_, z) => ({ z, x: columnOwning(lng, z), y: rowOwning(lat, z) }));
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

/**
 * What lies in `bbox` of the tiles' answers. Each post and cell is in one tile only (tileCells);
 * what a tile owns beyond the bbox is left out, and a point seen twice (two answers of different
 * ages) is kept once.
 */
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
