// The links that make a signed-in user's first screen (the map) download with the entry instead
// of after it, read from the web build's manifest (Vite's build.manifest, dist/.vite/manifest.json):
// the map screen's chunks beyond the entry's own, the map's (Leaflet's kit) asked for last, their
// styles (preloaded, not applied: they must not hold the skeleton's paint), the texts in the
// page's language, and the early script that asks for the map's first posts
// (apps/web/src/early-load/first-map-view.ts), with the tile server it connects to ahead.
import { existsSync, readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '@app/shared';

/** One entry of Vite's build manifest: keys name sources (`src/...`) or shared chunks (`_name.js`). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** The pages whose first screen is the map. */
export const MAP_PATHS = ['/dashboard', '/map'];
/**
 * The chunks of the map screen, which the router loads lazily, and of the map itself, which the
 * screen loads lazily (the screen shows before Leaflet runs): the build names them so
 * (apps/web/map-chunks-plugin.ts), and the manifest lists them by name, not by source.
 */
const MAP_SCREEN = 'map-screen';
const POSTS_MAP = 'posts-map';
/** The early script, bundled on its own as a classic script (apps/web/early-script-plugin.ts). */
export const EARLY_SCRIPT = 'src/early-load/first-map-view.ts';
const TEXTS = /^src\/locales\/([a-z]{2}-[a-z]{2})\.json$/;

export interface MapPreloads {
  paths: string[];
  /** The `<head>` links of each language's map page. */
  links: Map<Language, string>;
  /** The early script's tag, named right after the stylesheet. */
  early: string;
}

/** The files of `key`'s chunk and every chunk it imports statically, as manifest keys. */
function closure(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, into);
  return into;
}

/** The map pages' preloads from a parsed manifest; throws when the build lacks one of its parts. */
export function mapPreloads(manifest: BuildManifest, tileOrigin: string | undefined): MapPreloads {
  const keys = Object.keys(manifest);
  const entry = keys.find((key) => manifest[key]?.isEntry && key.endsWith('.html'));
  const chunk = (name: string) => keys.find((key) => manifest[key]?.name === name && key.endsWith('.js'));
  const [screenKey, mapKey] = [chunk(MAP_SCREEN), chunk(POSTS_MAP)];
  const early = manifest[EARLY_SCRIPT];
  if (!entry || !screenKey || !mapKey || !early) {
    throw new Error('web build manifest: no entry, map screen, map or early script');
  }
  const loadedFirst = closure(manifest, entry);
  const screen = closure(manifest, screenKey);
  const scripts = [...screen].filter((key) => !loadedFirst.has(key));
  const later = [...closure(manifest, mapKey, new Set(screen))].filter(
    (key) => !loadedFirst.has(key) && !screen.has(key),
  );
  const styles = [...new Set([...scripts, ...later].flatMap((key) => manifest[key]?.css ?? []))];
  const file = (key: string) => manifest[key]?.file;
  const texts = new Map(
    keys.flatMap((key) => {
      const language = TEXTS.exec(key)?.[1];
      return language ? [[language, file(key)] as const] : [];
    }),
  );
  const links = (language: Language) =>
    [
      ...[...scripts.map(file), texts.get(language)]
        .filter((href) => href !== undefined)
        .map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
      // Leaflet's kit after the rest, which the app starts with: on HTTP/1.1's six connections
      // a low priority is what orders the requests (measured: markers 0.16 s sooner at 400 kbps).
      ...later.map((key) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file(key)}">`),
      // crossorigin as Vite's loader adds the stylesheet: without it the preload is not reused and
      // each stylesheet downloads twice.
      ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="/${href}">`),
    ].join('');
  // An origin (URL-parsed: no quotes) in an attribute the early script reads.
  const tiles = tileOrigin ? ` data-tiles="${tileOrigin}"` : '';
  return {
    paths: MAP_PATHS,
    links: new Map(LANGUAGES.map((language) => [language, links(language)])),
    early: `<script async fetchpriority="high" src="/${early.file}"${tiles}></script>`,
  };
}

/** The map pages' preloads from the build's manifest file; undefined without one. */
export function loadMapPreloads(file: string, tileOrigin: string | undefined): MapPreloads | undefined {
  if (!existsSync(file)) return undefined;
  return mapPreloads(JSON.parse(readFileSync(file, 'utf8')) as BuildManifest, tileOrigin);
}
