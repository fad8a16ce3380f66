// The offline basemap of D-19: Natural Earth's countries at 1:110m from the world-atlas package,
// as GeoJSON without antimeridian stripes. Imported dynamically, so it is a chunk of its own that
// only a screen with a map downloads (and the service worker keeps for offline use).
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import { inSlices } from '../../lib/next-task';
import { fixGeometry } from './antimeridian';

/** The countries, decoded a few at a time (all at once is a long task on a slow phone). */
export async function worldCountries(): Promise<FeatureCollection<Geometry | null>> {
  const topology = atlas as unknown as Topology<{ countries: GeometryCollection }>;
  const features: Feature<Geometry | null>[] = [];
  await inSlices(topology.objects.countries.geometries, (geometry) => {
    // A country is a polygon or several, never a collection: one feature each.
    const country = feature(topology, geometry) as Feature<Geometry | null>;
    features.push(country.geometry ? { ...country, geometry: fixGeometry(country.geometry) } : country);
  });
  return { type: 'FeatureCollection', features };
}
