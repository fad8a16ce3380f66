// Issue 17: a signed-in user's first screen is the map (/dashboard, /map). Its code is a lazy
// chunk that the browser would only ask for once the entry has run, seconds later on a slow
// link. This build step writes dist/screen-preloads.json: the map screen's chunks and styles
// (beyond the entry's own) and each language's texts, so the server can name them in the HTML
// it sends for those paths (apps/server/src/plugins/web.ts) and they download with the entry.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export interface ScreenPreloads {
  /** Paths whose page preloads `scripts` and `styles`. */
  paths: string[];
  scripts: string[];
  styles: string[];
  /** The texts' chunk of each language (the server picks one, as for a prerendered page). */
  texts: Record<string, string>;
}

const MAP_SCREEN = /[\\/]src[\\/]app[\\/]dashboard-screen\.tsx$/;
const TEXTS = /[\\/]src[\\/]locales[\\/]([a-z]{2}-[a-z]{2})\.json$/;

export function screenPreloadsPlugin(): Plugin {
  return {
    name: 'screen-preloads',
    apply: 'build',
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
      const screen = [...chunks.values()].find((c) => c.facadeModuleId && MAP_SCREEN.test(c.facadeModuleId));
      if (!entry || !screen) throw new Error('screen-preloads: no entry chunk or no map screen chunk in the build');
      const loadedFirst = closure(entry.fileName);
      const scripts = [...closure(screen.fileName)].filter((file) => !loadedFirst.has(file));
      const styles = [...new Set(scripts.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]))];
      const texts: Record<string, string> = {};
      for (const chunk of chunks.values()) {
        const language = chunk.facadeModuleId ? TEXTS.exec(chunk.facadeModuleId)?.[1] : undefined;
        if (language) texts[language] = chunk.fileName;
      }
      const preloads: ScreenPreloads = { paths: ['/dashboard', '/map'], scripts, styles, texts };
      writeFileSync(join(options.dir ?? 'dist', 'screen-preloads.json'), JSON.stringify(preloads));
    },
  };
}
