import { describe, expect, it } from 'vitest';
import {
  clusterCellSize,
  rowOwning,
  tileBounds,
  tileCells,
  tileKey,
  tileOwns,
  tilesCovering,
  tilesOfPoint,
  viewTiles,
  type Tile,
} from './map-tiles.js';
import { mulberry32 } from './random.mjs';

const everyTile = (z: number): Tile[] =>
  Array.from({ length: 4 ** z }, (_, i) => ({ z, x: i % 2 ** z, y: Math.floor(i / 2 ** z) }));

/** Points on awkward spots: tile edges in both directions, the poles, ±180°, cells cut by a row's edge. */
function awkwardPoints(z: number): [number, number][] {
  const spots: [number, number][] = [
    [180, 0],
    [-180, 0],
    [0, 90],
    [0, -90],
    [180, 90],
    [-180, -90],
    [0, 0],
    [12.3, 85.0511287798066],
    [-12.3, -85.0511287798066],
  ];
  for (let i = 0; i <= Math.min(2 ** z, 16); i += 1) {
    const [west, south] = tileBounds({ z, x: i % 2 ** z, y: i % 2 ** z });
    const size = clusterCellSize(z);
    spots.push([west, south], [west + size / 2, south], [west, south + size / 4], [west, south - size / 4]);
  }
  const random = mulberry32(z + 1);
  for (let i = 0; i < 200; i += 1) spots.push([random() * 360 - 180, random() * 180 - 90]);
  return spots;
}

describe('tiles own their posts (tileCells)', () => {
  it.each([0, 1, 2, 3, 5])('gives every point of the world one tile of zoom %i, the one tilesOfPoint names', (z) => {
    const tiles = everyTile(z);
    for (const [lng, lat] of awkwardPoints(z)) {
      const owners = tiles.filter((tile) => tileOwns(tile, lng, lat)).map(tileKey);
      expect(owners, `${lng}, ${lat}`).toEqual([tileKey(tilesOfPoint(lng, lat)[z]!)]);
    }
  });

  it('names one tile a zoom, 0 to 16, for a point on the edges of tiles at every zoom', () => {
    const stale = tilesOfPoint(0, 0);
    expect(stale.map((t) => t.z)).toEqual(Array.from({ length: 17 }, (_, z) => z));
    for (const tile of stale) expect(tileOwns(tile, 0, 0)).toBe(true);
  });

  it("gives a cell cut by a row's edge to the row holding its centre, at every zoom", () => {
    for (let z = 1; z <= 16; z += 1) {
      const edge = tileBounds({ z, x: 0, y: 2 ** (z - 1) - 1 })[1]; // the equator, then other rows below
      const size = clusterCellSize(z);
      for (const lat of [edge, edge + size * 0.49, edge - size * 0.49, 33.3, -61.7]) {
        const row = rowOwning(lat, z);
        const cell = Math.floor(lat / size);
        const [west, south, , north] = tileBounds({ z, x: 0, y: row });
        const centre = (cell + 0.5) * size;
        expect(centre >= south && centre < north, `z${z} ${lat}`).toBe(true);
        expect(tileCells({ z, x: 0, y: row }).x[0]).toBeNull();
        expect(west).toBe(-180);
      }
    }
  });

  it('asks for the tiles owning every point of a viewport, also across the antimeridian', () => {
    const random = mulberry32(7);
    for (let i = 0; i < 300; i += 1) {
      const z = Math.floor(random() * 12) + 2;
      const span = (360 / 2 ** z) * (1 + random() * 3);
      const west = random() * 360 - 180;
      const south = Math.max(-85, random() * 160 - 80);
      const bbox = [west, south, west + span > 180 ? west + span - 360 : west + span, Math.min(85, south + span / 2)];
      const tiles = tilesCovering(bbox, z);
      const keys = new Set(tiles.map(tileKey));
      for (let j = 0; j < 20; j += 1) {
        const lat = bbox[1]! + (bbox[3]! - bbox[1]!) * (j % 2 === 0 ? random() : j % 4 === 1 ? 0 : 1);
        const width = bbox[0]! <= bbox[2]! ? bbox[2]! - bbox[0]! : bbox[2]! + 360 - bbox[0]!;
        const offset = width * (j % 3 === 0 ? 0 : j % 3 === 1 ? 1 : random());
        const lng = bbox[0]! + offset > 180 ? bbox[0]! + offset - 360 : bbox[0]! + offset;
        expect(keys.has(tileKey(tilesOfPoint(lng, lat)[z]!)), `${bbox.join(',')} z${z}: ${lng}, ${lat}`).toBe(true);
      }
    }
    expect(viewTiles([-180, -85, 180, 85], 2)).toHaveLength(16);
  });
});
