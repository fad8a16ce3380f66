import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import { describe, expect, it } from 'vitest';
import { coarseWorld } from './coarse-world';

type Countries = Topology<{ countries: GeometryCollection }>;
const fine = atlas as unknown as Countries;
const coarse = coarseWorld(fine, 10_000);
/** Each country's decoded geometry. */
const rings = (t: Countries) =>
  t.objects.countries.geometries.map((g) => {
    const country = feature(t, g) as unknown as { geometry: { type: string; coordinates: unknown } | null };
    return country.geometry;
  });

/** Every point of a decoded geometry, in order. */
function points(geometry: unknown): [number, number][] {
  if (!Array.isArray(geometry)) return [];
  if (typeof geometry[0] === 'number') return [geometry as [number, number]];
  return geometry.flatMap(points);
}

describe('coarseWorld', () => {
  it('draws each country within 0.04° of where the package puts it', () => {
    const before = rings(fine);
    const after = rings(coarse);
    expect(after).toHaveLength(177);
    after.forEach((geometry, i) => {
      const original = points(before[i]?.coordinates);
      // Every point kept is near a point of the original, in the same order.
      let j = 0;
      for (const [lng, lat] of points(geometry?.coordinates)) {
        while (j < original.length && Math.hypot(original[j]![0] - lng, original[j]![1] - lat) > 0.04) j += 1;
        expect(j, `country ${i}`).toBeLessThan(original.length);
      }
    });
  });

  it('keeps rings closed, so shared borders still meet', () => {
    for (const geometry of rings(coarse)) {
      type Ring = [number, number][];
      const coordinates = (geometry?.coordinates ?? []) as Ring[] | Ring[][];
      const polygons = (geometry?.type === 'Polygon' ? [coordinates] : coordinates) as Ring[][];
      for (const polygon of polygons) for (const ring of polygon) expect(ring[0]).toEqual(ring[ring.length - 1]);
    }
  });

  it('is smaller and names no country', () => {
    expect(JSON.stringify(coarse).length).toBeLessThan(JSON.stringify(fine).length * 0.9);
    expect(JSON.stringify(coarse)).not.toContain('"name"');
    expect(JSON.stringify(fine)).toContain('"name"');
  });
});
