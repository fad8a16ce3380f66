import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { describe, expect, it } from 'vitest';
import { shapeBatches } from './shape-batches';
import { worldCountries } from './world';

const square = (id: string, points: number): Feature<Geometry> => ({
  type: 'Feature',
  id,
  properties: {},
  geometry: { type: 'Polygon', coordinates: [Array.from({ length: points }, (_, i) => [i, i])] },
});

describe('shapeBatches', () => {
  it('keeps every feature once, in order, in batches of at most the given points', () => {
    const collection: FeatureCollection<Geometry> = {
      type: 'FeatureCollection',
      features: [square('a', 4), square('b', 5), square('c', 3), square('d', 12), square('e', 2)],
    };
    const batches = shapeBatches(collection, 10);
    expect(batches.map((b) => b.features.map((f) => f.id))).toEqual([['a', 'b'], ['c'], ['d'], ['e']]);
  });

  it("cuts the world's countries into short batches, none lost", async () => {
    const world = await worldCountries();
    const batches = shapeBatches(world);
    expect(batches.length).toBeGreaterThan(5);
    expect(batches.flatMap((b) => b.features)).toEqual(world.features);
  });
});
