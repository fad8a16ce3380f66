// The build's country shapes on a coarser grid, without names (src/components/map/
// coarse-world.ts says why): the map's offline basemap downloads 9 KB less.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { Topology } from 'topojson-specification';
import { coarseWorld } from './src/components/map/coarse-world';

const COUNTRIES = /[\\/]world-atlas[\\/]countries-110m\.json$/;
const STEPS = 10_000;

export function coarseWorldPlugin(): Plugin {
  return {
    name: 'coarse-world',
    apply: 'build',
    // Before Vite's JSON plugin, which then makes a module of it as of the package's own file.
    enforce: 'pre',
    load(id) {
      if (!COUNTRIES.test(id)) return null;
      return JSON.stringify(coarseWorld(JSON.parse(readFileSync(id, 'utf8')) as Topology, STEPS));
    },
  };
}
