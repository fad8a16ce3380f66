import type { Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import atlas from 'world-atlas/countries-110m.json';
import { closeOverPole, fixGeometry, hasJump, splitPolygon, unwrapRing } from './antimeridian';
import { worldCountries } from './world';

const rings = (geometry: Geometry): Position[][] =>
  geometry.type === 'Polygon'
    ? geometry.coordinates
    : geometry.type === 'MultiPolygon'
      ? geometry.coordinates.flat()
      : [];

describe('antimeridian stripes (STACK-NOTES: Russia, Fiji, Antarctica)', () => {
  const square: Position[][] = [
    [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 20],
      [10, 10],
    ],
  ];
  // An island astride the meridian, as topojson-client returns Fiji's Vanua Levu.
  const fiji: Position[][] = [
    [
      [179, -17],
      [180, -16.5],
      [-179.8, -16.2],
      [-179.9, -17],
      [180, -17.2],
      [179, -17],
    ],
  ];

  it('leaves a country that does not cross the meridian alone', () => {
    const geometry: Geometry = { type: 'Polygon', coordinates: square };
    expect(fixGeometry(geometry)).toBe(geometry);
    expect(splitPolygon(square)).toEqual([square]);
  });

  it('unwraps longitudes so that no edge is longer than half the world', () => {
    expect(unwrapRing(fiji[0]!).map((p) => p[0])).toEqual([179, 180, 180.2, 180.1, 180, 179]);
    expect(hasJump(fiji[0]!)).toBe(true);
    expect(hasJump(unwrapRing(fiji[0]!))).toBe(false);
  });

  it('draws a crossing island twice, once on each side of the map, without a jump', () => {
    const parts = splitPolygon(fiji);
    expect(parts).toHaveLength(2);
    const [east, west] = parts.map((p) => p[0]!.map((q) => q[0]!));
    expect(Math.min(...east!)).toBe(179);
    expect(Math.max(...east!)).toBeCloseTo(180.2);
    expect(Math.min(...west!)).toBe(-181);
    expect(Math.max(...west!)).toBeCloseTo(-179.8);
    for (const part of parts) expect(part.some(hasJump)).toBe(false);
  });

  it('closes a ring around the south pole along the bottom of the map', () => {
    const antarctica: Position[] = [
      [-180, -70],
      [-90, -72],
      [0, -68],
      [90, -71],
      [180, -70],
      [-180, -70],
    ];
    const closed = closeOverPole(antarctica);
    expect(hasJump(closed)).toBe(false);
    expect(closed).toContainEqual([180, -90]);
    expect(closed).toContainEqual([-180, -90]);
    expect(splitPolygon([antarctica])).toEqual([[closed]]);
  });

  it('leaves no stripe in the world atlas the map draws', async () => {
    const topology = atlas as unknown as Topology<{ countries: GeometryCollection }>;
    const countries = feature(topology, topology.objects.countries);
    const before = countries.features.filter((f) => rings(f.geometry).some(hasJump)).length;
    expect(before).toBeGreaterThanOrEqual(3);
    const fixed = await worldCountries();
    expect(fixed.features).toHaveLength(countries.features.length);
    for (const f of fixed.features) {
      for (const ring of rings(f.geometry!))
        expect(hasJump(ring), String((f.properties as { name?: string }).name)).toBe(false);
    }
  });
});
