// Custom: Rolldown's chunk groups match module ids, and which modules are the map screen's is
// known only from the module graph, which no maintained plugin turns into groups.
// A signed-in user's first screen is the map (/dashboard, /map). The server names its chunks in
// the HTML it sends for those paths, from the build's manifest (apps/server/src/plugins/
// web-preloads.ts), so they download with the entry. This plugin puts the map screen's own
// modules in one chunk (mapScreenGroup) and the map's in another (postsMapGroup): split by what
// each module is shared with, they were 19 small files, and at 400 ms a request on HTTP/1.1's six
// connections that cost more than their bytes.
import type { Plugin } from 'vite';

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

export function mapChunksPlugin(): Plugin {
  return {
    name: 'map-chunks',
    apply: 'build',
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
        throw new Error('map-chunks: no map screen, map or map kit in the module graph');
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
  };
}
