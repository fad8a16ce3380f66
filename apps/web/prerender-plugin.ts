// Custom: vite-prerender-plugin (@preact/preset-vite's prerender option) adds the prerender script
// to the client build as an entry, renders one language per URL and writes `/` over index.html,
// the shell every other path is sent; this renders apart, each page in both languages.
// After the client build, renders the public pages (src/prerender.tsx) with
// Preact's server renderer (the app runs on Preact's compat layer) in both languages and
// writes them as dist/prerendered/<language>/<page>.html, from the built index.html (its hashed
// scripts and styles). The server sends them to visitors (apps/server/src/plugins/web.ts);
// main.tsx hydrates.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { preact } from '@preact/preset-vite';
import { createServer, createServerModuleRunner, type Plugin, type ResolvedConfig } from 'vite';
import { syncStoreAlias, usesReact } from './preact-aliases';
import type * as Prerender from './src/prerender';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const LOCALE_TAG = { 'en-us': 'en-US', 'fr-ca': 'fr-CA' } as const;

/** The built index.html with the page's markup in #root (in place of the shell skeleton). */
export function fillTemplate(template: string, page: Prerender.PrerenderedPage, styles: string[] = []): string {
  const root = /<div id="root">[\s\S]*?<!--\/skeleton-->\s*<\/div>/;
  if (!root.test(template)) throw new Error('prerender: index.html has no #root with the skeleton markers');
  return (
    template
      .replace(/<html lang="[^"]*">/, `<html lang="${LOCALE_TAG[page.language]}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${escapeHtml(page.description)}$2`)
      .replace(/manifest\.[a-z-]+\.webmanifest/, `manifest.${page.language}.webmanifest`)
      // The styles of the page's own (lazily loaded) parts, inline (a few KB; a request would cost
      // a round trip on a slow network), so it looks right before JavaScript.
      .replace('</head>', () => `${styles.length ? `<style>${styles.join('')}</style>` : ''}</head>`)
      // The page shows without JavaScript: the notice that it needs it would be false.
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
      .replace(root, () => `<div id="root" data-prerendered="${page.language}">${page.html}</div>`)
  );
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  let chunks: { moduleIds: string[]; css: string[] }[] = [];
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      chunks = Object.values(bundle).flatMap((out) =>
        out.type === 'chunk' ? [{ moduleIds: out.moduleIds, css: [...(out.viteMetadata?.importedCss ?? [])] }] : [],
      );
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      // A throwaway Vite server only to load the app's modules in Node (JSX, JSON, CSS imports).
      const vite = await createServer({
        configFile: false,
        root: config.root,
        mode: 'production',
        logLevel: 'error',
        appType: 'custom',
        plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false })],
        resolve: { alias: [syncStoreAlias] },
        ssr: { noExternal: usesReact },
        server: { middlewareMode: true, hmr: false, ws: false },
        // No dependency scan: Node loads the dependencies itself.
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });
        const source = join(config.root, 'src');
        const load = async () => {
          // The app's modules evaluated anew each time (see renderPage); the dependencies hold no
          // lazy part, and evaluating them once keeps the build about 9 s shorter.
          for (const node of runner.evaluatedModules.idToModuleMap.values())
            if (node.file.startsWith(source)) runner.evaluatedModules.invalidateModule(node);
          return (await runner.import('/src/prerender.tsx')) as typeof Prerender;
        };
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const { LANGUAGES, PRERENDERED } = await load();
        const pages: Prerender.PrerenderedPage[] = [];
        for (const language of LANGUAGES)
          for (const path of Object.keys(PRERENDERED)) pages.push(await (await load()).renderPage(language, path));
        await runner.close();
        // Every module the renders loaded: the client chunks holding them bring these styles.
        const loaded = new Set([...vite.moduleGraph.idToModuleMap.keys()].map((id) => id.split('?')[0]));
        const styles = [
          ...new Set(chunks.filter((c) => c.moduleIds.some((id) => loaded.has(id))).flatMap((c) => c.css)),
        ]
          .filter((href) => !template.includes(`/${href}"`))
          .map((href) => readFileSync(join(outDir, href), 'utf8'));
        for (const page of pages) {
          const dir = join(outDir, 'prerendered', page.language);
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, page.file), fillTemplate(template, page, styles));
        }
        config.logger.info(`prerendered ${pages.length} pages (${styles.join('').length} bytes of inline styles)`);
      } finally {
        await vite.close();
      }
    },
  };
}
