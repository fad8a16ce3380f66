import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { mapQuerySchema } from '@app/shared';
import { MIN_ZOOM } from '../../../components/map/map-kit';
import {
  clusterCount,
  clusterDiameter,
  clusterZoom,
  detailPath,
  gridStep,
  groupPoints,
  mergeClusters,
  viewportBbox,
  type Bounds,
} from './viewport';

describe('the viewport sent to GET /api/solution/map', () => {
  it('rounds outwards to the zoom grid, so a small pan asks the same question', () => {
    const step = gridStep(15);
    const a = viewportBbox({ west: -17.4521, south: 14.6801, east: -17.4402, north: 14.6902 }, 15);
    const b = viewportBbox({ west: -17.452, south: 14.6802, east: -17.4403, north: 14.6901 }, 15);
    expect(a).toEqual(b);
    expect(a[0]).toBeLessThanOrEqual(-17.4521);
    expect(a[2]).toBeGreaterThanOrEqual(-17.4402);
    expect(a[2] - a[0]).toBeLessThan(0.0119 + 2 * step);
  });

  it('asks for the whole world when the view is wider than it (zoom 2 on a desktop)', () => {
    expect(viewportBbox({ west: -290.5, south: -80, east: 290.5, north: 80 }, 2)).toEqual([-180, -90, 180, 90]);
  });

  it('keeps latitudes within ±90', () => {
    const [, south, , north] = viewportBbox({ west: -10, south: -95, east: 10, north: 95 }, 3);
    expect(south).toBe(-90);
    expect(north).toBe(90);
  });

  it('wraps a view that runs past 180° into one that crosses the antimeridian (west > east)', () => {
    const [west, , east] = viewportBbox({ west: 178.2, south: -19, east: 181.7, north: -16 }, 8);
    // Rounded outwards by at most one grid step (0.35° at zoom 8).
    expect(west).toBeGreaterThan(177.8);
    expect(west).toBeLessThanOrEqual(178.2);
    expect(east).toBeGreaterThanOrEqual(-178.3);
    expect(east).toBeLessThan(-177.9);
  });

  it('keeps +180 as an east edge and -180 as a west edge', () => {
    expect(viewportBbox({ west: 170, south: 0, east: 180, north: 10 }, 4)).toEqual([168.75, 0, 180, 11.25]);
    expect(viewportBbox({ west: -180, south: 0, east: -170, north: 10 }, 4)).toEqual([-180, 0, -168.75, 11.25]);
  });
});

describe('cluster badges', () => {
  it('grow with the count, from a readable minimum to a cap', () => {
    const sizes = [1, 5, 10, 100, 1000, 100000].map(clusterDiameter);
    expect(sizes[0]).toBe(34);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeGreaterThanOrEqual(sizes[i - 1]!);
    expect(clusterDiameter(10)).toBe(42);
    expect(clusterDiameter(1_000_000)).toBe(64);
  });

  it('show short counts in the chosen language', () => {
    expect(clusterCount(950, 'en-us')).toBe('950');
    expect(clusterCount(1234, 'en-us')).toBe('1.2K');
    expect(clusterCount(1234, 'fr-ca').replace(/\s/g, ' ')).toBe('1,2 k');
  });

  it('zoom in by two levels, up to street level', () => {
    expect(clusterZoom(2)).toBe(4);
    expect(clusterZoom(17)).toBe(18);
  });
});

describe('detail links (SPEC 2.3 item 11)', () => {
  it('send a need to /clientsdetails and an offer to /supplierdetails, with the poster', () => {
    expect(detailPath({ _id: 's1', user_role: 'needSolution' })).toBe('/clientsdetails/s1/-');
    expect(detailPath({ _id: 's2', user_role: 'provideSolution' })).toBe('/supplierdetails/s2/-');
  });
});

describe('grouping points that overlap on screen', () => {
  const at = (id: string, x: number, y: number) => ({ id, lat: y, lng: x });
  const flat = (p: { lat: number; lng: number }) => ({ x: p.lng, y: p.lat });

  it('counts the points within a cell of a first one as a group, and leaves the others single', () => {
    const { singles, groups } = groupPoints(
      [at('a', 5, 5), at('b', 10, 12), at('c', 30, 30), at('d', 100, 5)],
      flat,
      40,
    );
    expect(singles.map((p) => p.id)).toEqual(['d']);
    expect(groups).toEqual([{ lat: 47 / 3, lng: 15, count: 3 }]);
  });

  it('does not split a pile of points at an arbitrary grid line', () => {
    const { singles, groups } = groupPoints([at('a', 38, 38), at('b', 42, 42), at('c', 45, 39)], flat, 40);
    expect(singles).toEqual([]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.count).toBe(3);
  });

  it('leaves every point single when none overlap', () => {
    const points = [at('a', 0, 0), at('b', 50, 0), at('c', 0, 50)];
    expect(groupPoints(points, flat, 40)).toEqual({ singles: points, groups: [] });
  });
});

describe('merging clusters whose badges would overlap', () => {
  const flat = (c: { lat: number; lng: number }) => ({ x: c.lng, y: c.lat });

  it('adds up the counts at their weighted mean, and keeps distant clusters apart', () => {
    const merged = mergeClusters(
      [
        { lat: 0, lng: 0, count: 30 },
        { lat: 0, lng: 40, count: 10 },
        { lat: 0, lng: 200, count: 5 },
      ],
      flat,
      56,
    );
    expect(merged).toEqual([
      { lat: 0, lng: 10, count: 40 },
      { lat: 0, lng: 200, count: 5 },
    ]);
  });
});

describe('the viewport at every zoom stays within what the server accepts', () => {
  // What Leaflet shows on a screen of `width` × `height` px centred on a point at a fractional zoom.
  const screenBounds = (center: [number, number], zoom: number, width: number, height: number): Bounds => {
    const crs = L.CRS.EPSG3857;
    const middle = crs.latLngToPoint(L.latLng(center[1], center[0]), zoom);
    const corner = (dx: number, dy: number) => crs.pointToLatLng(middle.add(L.point(dx, dy)), zoom);
    const northWest = corner(-width / 2, -height / 2);
    const southEast = corner(width / 2, height / 2);
    return { west: northWest.lng, north: northWest.lat, east: southEast.lng, south: southEast.lat };
  };

  it('is never refused, up to a 3840 px screen at a zoom rounded up by half a level', () => {
    const refused: string[] = [];
    for (let zoom = MIN_ZOOM; zoom <= 19; zoom++) {
      for (const center of [
        [-17.45, 14.7],
        [179.9, -17.8],
        [25, 60.2],
        [0, 78],
      ] as [number, number][]) {
        for (const [width, height] of [
          [375, 812],
          [1280, 800],
          [3840, 2160],
          [2160, 3840],
        ] as [number, number][]) {
          // Leaflet's zoom 14.51 is sent as 15 (Math.round): the widest view sent for zoom 15.
          const bounds = screenBounds(center, Math.max(0, zoom - 0.49), width, height);
          const bbox = viewportBbox(bounds, zoom);
          const sent = mapQuerySchema.safeParse({ bbox: bbox.join(','), zoom });
          if (!sent.success) refused.push(`${zoom} ${center.join(',')} ${width}x${height}: ${bbox.join(',')}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});
