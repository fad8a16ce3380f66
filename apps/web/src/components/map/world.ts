// The offline basemap of D-19: Natural Earth's countries at 1:110m from the world-atlas package,
// as GeoJSON without antimeridian stripes. Imported dynamically, so it is a chunk of its own that
// only a screen with a map downloads (and the service worker keeps for offline use).
import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import { withoutAntimeridianStripes } from './antimeridian';

export function worldCountries(): FeatureCollection<Geometry | null> {
  const topology = atlas as unknown as Topology<{ countries: GeometryCollection }>;
  return withoutAntimeridianStripes(feature(topology, topology.objects.countries));
}
