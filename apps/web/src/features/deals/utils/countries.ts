// The offline basemap (D-19): Natural Earth's countries at 1:110m from world-atlas, loaded as a
// chunk of its own on the first list map. A ring that crosses the 180° meridian (Russia, Fiji)
// would be drawn as a stripe across the world; its far-side points are pinned to the meridian,
// and Antarctica, which circles the pole, is left out: no post is there.
import type { FeatureCollection, Geometry, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

const crosses = (ring: Position[]) => ring.some((p, i) => i > 0 && Math.abs(p[0]! - ring[i - 1]![0]!) > 180);

function pinRing(ring: Position[]): Position[] {
  const east = ring.filter((p) => p[0]! > 0).length >= ring.length / 2;
  return ring.map(([lng, lat]) => [east ? (lng! < 0 ? 180 : lng!) : lng! > 0 ? -180 : lng!, lat!]);
}

const fixPolygon = (polygon: Position[][]): Position[][] | null => {
  const outer = polygon[0];
  if (!outer) return null;
  if (!crosses(outer)) return polygon;
  const meanLat = outer.reduce((sum, p) => sum + p[1]!, 0) / outer.length;
  if (meanLat < -60) return null;
  return polygon.map(pinRing);
};

export function withoutStripes(collection: FeatureCollection<Geometry | null>): FeatureCollection<Geometry | null> {
  return {
    ...collection,
    features: collection.features.flatMap((feature) => {
      const g = feature.geometry;
      if (g?.type === 'Polygon') {
        const fixed = fixPolygon(g.coordinates);
        return fixed ? [{ ...feature, geometry: { ...g, coordinates: fixed } }] : [];
      }
      if (g?.type === 'MultiPolygon') {
        const fixed = g.coordinates.map(fixPolygon).filter((p): p is Position[][] => p !== null);
        return fixed.length ? [{ ...feature, geometry: { ...g, coordinates: fixed } }] : [];
      }
      return [feature];
    }),
  };
}

let countries: Promise<FeatureCollection<Geometry | null>> | null = null;

export function loadCountries(): Promise<FeatureCollection<Geometry | null>> {
  countries ??= Promise.all([import('world-atlas/countries-110m.json'), import('topojson-client')])
    .then(([atlas, topojson]) => {
      const topology = atlas.default as unknown as Topology<{ countries: GeometryCollection }>;
      return withoutStripes(topojson.feature(topology, topology.objects.countries));
    })
    .catch((error: unknown) => {
      countries = null; // Try again on the next map.
      throw error;
    });
  return countries;
}
