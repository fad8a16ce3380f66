// The offline country shapes (D-19: world-atlas's Natural Earth countries at 1:110m) at
// the precision they are drawn with, for a smaller download (coarse-world-plugin.ts does it at
// build time). The package puts each point on a grid of 100,000 steps a side (0.0036° of
// longitude, about 400 m); the 1:110m shapes are only true to some 10 km, so a grid of 10,000
// steps (0.036°, about 4 km) draws the same map: 33.9 KB brotli becomes 25.0 KB. The countries'
// names go too: the map never shows them.
import type { GeoJsonProperties } from 'geojson';
import type { Arc, GeometryObject, Topology } from 'topojson-specification';

export function coarseWorld<T extends Topology>(topology: T, steps: number): T {
  const { transform, bbox } = topology;
  if (!transform || !bbox) throw new Error('coarse-world: the topology is not quantized');
  const [kx, ky] = transform.scale;
  const [dx, dy] = transform.translate;
  const [west, south, east, north] = bbox;
  const sx = (east - west) / (steps - 1);
  const sy = (north - south) / (steps - 1);
  const arcs = topology.arcs.map((arc): Arc => {
    // Delta-decoded to the package's grid, then onto the coarser one: the same point always lands
    // on the same step, so where arcs meet they still meet.
    let x = 0;
    let y = 0;
    const points = arc.map(([ax = 0, ay = 0]) => {
      x += ax;
      y += ay;
      return [Math.round((x * kx + dx - west) / sx), Math.round((y * ky + dy - south) / sy)] as const;
    });
    // Points that now fall on the step before them add nothing (the ends always stay).
    const kept = points.filter(([px, py], i) => {
      const before = points[i - 1];
      return i === 0 || i === points.length - 1 || !before || px !== before[0] || py !== before[1];
    });
    return kept.map(([px, py], i) => {
      const before = kept[i - 1] ?? [0, 0];
      return [px - before[0], py - before[1]];
    });
  });
  const objects = Object.fromEntries(
    Object.entries(topology.objects).map(([name, object]) => [name, withoutNames(object)]),
  );
  return { ...topology, arcs, objects, transform: { scale: [sx, sy], translate: [west, south] } };
}

function withoutNames(object: GeometryObject<GeoJsonProperties>): GeometryObject<GeoJsonProperties> {
  if (object.type === 'GeometryCollection') return { ...object, geometries: object.geometries.map(withoutNames) };
  const copy = { ...object };
  delete copy.properties;
  return copy;
}
