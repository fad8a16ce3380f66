// Issue 17: a signed-in user's first screen is the map (/dashboard, /map). Its code is a lazy
// chunk that the browser would only ask for once the entry has run, seconds later on a slow
// link. This build step writes dist/screen-preloads.json: the map screen's chunks and styles
// (beyond the entry's own) and each language's texts, so the server can name them in the HTML
// it sends for those paths (apps/server/src/plugins/web.ts) and they download with the entry.
// It also bundles those pages' early script (src/first-map-view.ts) on its own, without the app's
// libraries, so that the map's first posts are asked for before the app's code arrives; and it
// puts the map screen's own modules in one chunk (mapScreenGroup) and the map's in another
// (postsMapGroup): split by what each module is shared with, they were 19 small files, and at
// 400 ms a request on HTTP/1.1's six connections that cost more than their bytes.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

export interface ScreenPreloads {
  /** Paths whose page preloads `scripts` and `styles`. */
  paths: string[];
  /** The screen's chunks. */
  scripts: string[];
  /**
   * The map's own chunks (Leaflet's kit), asked for after the others: on a slow link the app's
   * code then arrives first, and its start runs while these download.
   */
  later: string[];
  styles: string[];
  /** The texts' chunk of each language (the server picks one, as for a prerendered page). */
  texts: Record<string, string>;
  /** The early script, a classic script that runs as soon as it arrives. */
  early: string;
}

const EARLY = 'first-map-view.js';

const MAP_SCREEN = /[\\/]src[\\/]app[\\/]dashboard-screen\.tsx$/;
// The map itself, which the screen imports lazily: the screen shows before Leaflet runs.
const POSTS_MAP = /[\\/]src[\\/]features[\\/]map[\\/]components[\\/]posts-map\.tsx$/;
// Leaflet and the app's kit of it stay a chunk of their own: the other maps (landing, place
// picking) use them too.
const MAP_KIT = /[\\/]src[\\/]components[\\/]map[\\/]map-kit\.tsx$/;
// The screens of the public pages, which a visitor opens cold: what they share with the map
// screen stays out of its chunks, so that they load no more than before.
const PUBLIC_SCREENS = /[\\/]src[\\/](?:app[\\/]landing-screen\.tsx$|features[\\/](?:auth|info)[\\/])/;
// The app's own modules only: a library's index names every module of the library, used or not.
const APP_CODE = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/**
 * A chunk of the modules the build names in `modules` (buildEnd), and none of their libraries but
 * those `also` names: modules of under 2 KB that were each a file of their own, put with the
 * chunk that the pages using them load anyway.
 */
function moduleGroup(name: string, also?: RegExp) {
  const modules = new Set<string>();
  const test = (id: string) => modules.has(id) || (also?.test(id) ?? false);
  return { modules, group: { name, test, includeDependenciesRecursively: false } };
}
/**
 * The modules the map screen imports statically, beyond the entry's and Leaflet's kit, known
 * once the module graph is (buildEnd). What the public pages use stays out (PUBLIC_SCREENS):
 * the chunk imports Leaflet's kit. A signed-in screen that shares one of its modules loads the
 * chunk too: about 7 KB, once.
 */
const mapScreen = moduleGroup(
  'map-screen',
  /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]infiniteQueryOptions\.js$/,
);
export const mapScreenGroup = mapScreen.group;
/** The same for the map the screen loads lazily (posts-map.tsx), beyond the screen's own. */
const postsMap = moduleGroup('posts-map', /[\\/]react-leaflet[\\/]lib[\\/]Popup\.js$/);
export const postsMapGroup = postsMap.group;
/**
 * The map screen's modules that a public page uses too (geolocation, the location modal, the
 * legend...), with the words both sides share and the data saver setting that Leaflet's kit reads:
 * one chunk, not one per set of screens sharing each (six files of under 2 KB). A page that uses
 * one loads the others with it: about 2 KB more, a request or more less.
 */
const mapShared = moduleGroup(
  'map-shared',
  /[\\/]packages[\\/]shared[\\/]src[\\/]vocabulary\.ts$|[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/]data-saver\.ts$/,
);
export const mapSharedGroup = mapShared.group;

const TEXTS = /[\\/]src[\\/]locales[\\/]([a-z]{2}-[a-z]{2})\.json$/;

export function screenPreloadsPlugin(): Plugin {
  let root = '';
  return {
    name: 'screen-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const closure = (from: string | undefined, stop?: string) => {
        const seen = new Set<string>();
        const next = from === undefined ? [] : [from];
        for (let id = next.pop(); id !== undefined; id = next.pop()) {
          if (seen.has(id) || id === stop) continue;
          seen.add(id);
          next.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const kit = ids.find((id) => MAP_KIT.test(id));
      const start = ids.find((id) => MAP_SCREEN.test(id));
      const screen = closure(start, kit);
      const map = closure(
        ids.find((id) => POSTS_MAP.test(id)),
        kit,
      );
      if (screen.size === 0 || map.size === 0 || !kit) {
        throw new Error('screen-preloads: no map screen, map or map kit in the module graph');
      }
      const shared = new Set<string>();
      for (const id of ids) if (PUBLIC_SCREENS.test(id)) for (const used of closure(id, start)) shared.add(used);
      for (const group of [mapScreen, postsMap, mapShared]) group.modules.clear();
      // What the entry itself uses goes with it first (vite.config.ts): its group is named before.
      for (const id of screen) if (APP_CODE.test(id)) (shared.has(id) ? mapShared : mapScreen).modules.add(id);
      // What the kit itself imports (the markers' icons) stays with it: the kit must not import the map.
      const withKit = closure(kit);
      for (const id of map) {
        if (APP_CODE.test(id) && !shared.has(id) && !screen.has(id) && !withKit.has(id)) postsMap.modules.add(id);
      }
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
          lib: { entry: resolve(root, 'src/first-map-view.ts'), formats: ['iife'], name: 'firstMapView' },
        },
      })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
      const [chunk] = (Array.isArray(built) ? built[0]! : built).output;
      this.emitFile({ type: 'asset', name: EARLY, source: chunk.code });
    },
    // After every plugin's generateBundle: Vite drops the chunks that held only styles by then.
    writeBundle(options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((out) => (out.type === 'chunk' ? [[out.fileName, out] as const] : [])),
      );
      const closure = (start: string, into = new Set<string>()) => {
        if (into.has(start)) return into;
        into.add(start);
        for (const next of chunks.get(start)?.imports ?? []) if (chunks.has(next)) closure(next, into);
        return into;
      };
      const entry = [...chunks.values()].find((c) => c.isEntry);
      const chunkOf = (module: RegExp) => [...chunks.values()].find((c) => c.moduleIds.some((id) => module.test(id)));
      const screen = chunkOf(MAP_SCREEN);
      const map = chunkOf(POSTS_MAP);
      if (!entry || !screen || !map) throw new Error('screen-preloads: no entry, map screen or map chunk in the build');
      const loadedFirst = closure(entry.fileName);
      const screenFiles = closure(screen.fileName);
      const scripts = [...screenFiles].filter((file) => !loadedFirst.has(file));
      const later = [...closure(map.fileName, new Set(screenFiles))].filter(
        (file) => !loadedFirst.has(file) && !screenFiles.has(file),
      );
      const styles = [
        ...new Set([...scripts, ...later].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])])),
      ];
      const texts: Record<string, string> = {};
      for (const chunk of chunks.values()) {
        const language = chunk.facadeModuleId ? TEXTS.exec(chunk.facadeModuleId)?.[1] : undefined;
        if (language) texts[language] = chunk.fileName;
      }
      const early = Object.values(bundle).find((out) => out.type === 'asset' && out.names.includes(EARLY));
      if (!early) throw new Error(`screen-preloads: no ${EARLY} in the build`);
      const preloads: ScreenPreloads = {
        paths: ['/dashboard', '/map'],
        scripts,
        later,
        styles,
        texts,
        early: early.fileName,
      };
      writeFileSync(join(options.dir ?? 'dist', 'screen-preloads.json'), JSON.stringify(preloads));
    },
  };
}
