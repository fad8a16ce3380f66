// The country shapes are drawn a batch at a time, one short task each, instead of in one
// task of a third of a second on a slow phone, during which the page could not answer a tap.
import type { Feature, FeatureCollection, Geometry } from 'geojson';

/** About 3 ms of a slow phone's main thread per 100 points drawn as SVG. */
export const SHAPES_BATCH_POINTS = 1200;

const pointsIn = (coordinates: unknown): number =>
  Array.isArray(coordinates)
    ? typeof coordinates[0] === 'number'
      ? 1
      : coordinates.reduce((sum: number, part) => sum + pointsIn(part), 0)
    : 0;

function pointsOf(geometry: Geometry | null): number {
  if (!geometry) return 0;
  if (geometry.type === 'GeometryCollection') return geometry.geometries.reduce((s, g) => s + pointsOf(g), 0);
  return pointsIn(geometry.coordinates);
}

/** The features in order, in collections of at most `max` points (a larger feature alone). */
export function shapeBatches<G extends Geometry | null>(
  collection: FeatureCollection<G>,
  max = SHAPES_BATCH_POINTS,
): FeatureCollection<G>[] {
  const batches: Feature<G>[][] = [];
  let current: Feature<G>[] = [];
  let points = 0;
  for (const feature of collection.features) {
    const size = pointsOf(feature.geometry);
    if (current.length > 0 && points + size > max) {
      batches.push(current);
      current = [];
      points = 0;
    }
    current.push(feature);
    points += size;
  }
  if (current.length > 0) batches.push(current);
  return batches.map((features) => ({ type: 'FeatureCollection', features }));
}
