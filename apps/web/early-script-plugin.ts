// Custom: Vite bundles every entry as an ES module sharing chunks with the app; this one must be a
// standalone classic script, small and without React, that runs before the app's code arrives.
// The map pages' early script (src/early-load/first-map-view.ts) is bundled on its own and emitted
// as an asset under its source's name, so the build manifest lists it and the server names it in
// the HTML of /dashboard and /map (apps/server/src/plugins/web-preloads.ts).
import { resolve } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

export const EARLY_SCRIPT = 'src/early-load/first-map-view.ts';

export function earlyScriptPlugin(): Plugin {
  let root = '';
  return {
    name: 'early-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const built = (await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        build: {
          write: false,
          target: 'es2020',
          lib: { entry: resolve(root, EARLY_SCRIPT), formats: ['iife'], name: 'firstMapView' },
        },
      })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
      const [chunk] = (Array.isArray(built) ? built[0]! : built).output;
      this.emitFile({
        type: 'asset',
        name: 'first-map-view.js',
        originalFileName: EARLY_SCRIPT,
        source: chunk.code,
      });
    },
  };
}
