import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { preact } from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { coarseWorldPlugin } from './coarse-world-plugin';
import { compileHintsPlugin } from './compile-hints-plugin';
import { earlyScriptPlugin } from './early-script-plugin';
import { mapChunksPlugin, mapScreenGroup, mapSharedGroup, postsMapGroup } from './map-chunks-plugin';
import { syncStoreAlias } from './preact-aliases';
import { precompressPlugin } from './precompress-plugin';
import { prerenderPlugin } from './prerender-plugin';

/** Keeps in the precache only the assets the built index.html references (the shell). */
let outDir = resolve(import.meta.dirname, 'dist');
const shellOnly: ManifestTransform = async (entries) => {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const referenced = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
  const manifest = entries.filter((entry) => !entry.url.startsWith('assets/') || referenced.has(entry.url));
  return { manifest, warnings: [] };
};

/**
 * bench/bundle: with BUNDLE_STATS=<file>, the build writes every chunk's modules with their
 * rendered size (before minification) and that code's gzip size, for the breakdown.
 */
const bundleStats: Plugin = {
  name: 'bundle-stats',
  apply: 'build',
  generateBundle(_options, bundle) {
    const file = process.env.BUNDLE_STATS;
    if (!file) return;
    const chunks = Object.values(bundle).flatMap((out) =>
      out.type === 'chunk'
        ? [
            {
              file: out.fileName,
              isEntry: out.isEntry,
              imports: out.imports,
              dynamicImports: out.dynamicImports,
              modules: Object.entries(out.modules).map(([id, m]) => ({
                id,
                length: m.renderedLength,
                gzip: m.code ? gzipSync(m.code).length : 0,
              })),
            },
          ]
        : [],
    );
    writeFileSync(file, JSON.stringify(chunks));
  },
};

/**
 * The stylesheet first in the head. Vite writes it after the entry's script and its
 * modulepreloads; on HTTP/1.1's six connections the browser then asks for it behind the scripts,
 * and the first paint, which waits for it, waited for them (2.3 s instead of 1.3 s at 400 kbps).
 */
const stylesFirst: Plugin = {
  name: 'styles-first',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const styles = [...html.matchAll(/\s*<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
      let rest = html;
      for (const link of styles) rest = rest.replace(link, '');
      const at = rest.indexOf('<script type="module"');
      if (styles.length === 0 || at < 0) return html;
      return `${rest.slice(0, at)}${styles.map((l) => l.trim()).join('\n    ')}\n    ${rest.slice(at)}`;
    },
  },
};

/**
 * The offline modules the app loads as it starts, on every page (the outbox, its panel,
 * the persisted queries and their IndexedDB store): one file, where they were five.
 */
const OFFLINE =
  /[\\/]src[\\/](?:lib[\\/](?:outbox|offline-sync|query-persistence)\.ts|components[\\/]outbox-panel\.tsx)$|[\\/]node_modules[\\/](?:idb-keyval|@tanstack[\\/]query-persist-client-core)[\\/]|[\\/]query-core[\\/]build[\\/]modern[\\/]hydration\.js$/;

export default defineConfig({
  plugins: [
    // The app runs on Preact's React compatibility layer: react-dom alone was half of the first
    // screen's code (100 KB gzipped of 146), Preact is about 12 KB (docs/performance.md).
    preact(),
    coarseWorldPlugin(),
    bundleStats,
    stylesFirst,
    prerenderPlugin(),
    mapChunksPlugin(),
    earlyScriptPlugin(),
    compileHintsPlugin(['map-screen', 'posts-map', 'map-kit']),
    precompressPlugin(),
    {
      name: 'remember-out-dir',
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir);
      },
    },
    VitePWA({
      // Manifests are static files, one per language (public/manifest.*.webmanifest).
      manifest: false,
      injectRegister: null,
      registerType: 'autoUpdate',
      workbox: {
        // Precache only the shell (index.html and what it loads, the icons and
        // manifests): 108 files (457 KB) competed with the first visit. Screens, locales and the
        // map are cached on first use (the 'assets' cache below).
        globPatterns: ['index.html', 'assets/*.{js,css}', '*.{svg,png,webmanifest}'],
        manifestTransforms: [shellOnly],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // D-21: the push and notification-click handlers.
        importScripts: ['push-sw.js'],
        runtimeCaching: [
          {
            // A visitor's map tiles (GET /api/solution/map/tiles/…, the same for every visitor):
            // revalidated on every use with their ETag, so a change shows at once; the copy kept
            // answers when the network has not within 3 s, and offline.
            urlPattern: ({ url }) =>
              url.origin === self.location.origin && url.pathname.startsWith('/api/solution/map/tiles/'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'map-tiles',
              networkTimeoutSeconds: 3,
              expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url }) => url.pathname === '/api/catalogue',
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'catalogue' },
          },
          // The names a map without street tiles draws (public, the same for everybody, a day's
          // Cache-Control): a view seen once is named again without a request, offline too.
          {
            urlPattern: ({ url }) => url.pathname === '/api/places/labels',
            handler: 'CacheFirst',
            options: {
              cacheName: 'place-labels',
              expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Hashed file names never change: the first download is kept.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 200, maxAgeSeconds: 90 * 24 * 3600 } },
          },
          {
            // D-25: street tiles the user has seen (the only images from another origin the CSP
            // allows), bounded. Kept a week, as OpenStreetMap's tile policy asks caches to honour;
            // tiles are requested with CORS, so the cache holds real bytes, not padded opaque ones.
            urlPattern: ({ request, url }) => request.destination === 'image' && url.origin !== self.location.origin,
            handler: 'CacheFirst',
            options: {
              cacheName: 'tiles',
              expiration: { maxEntries: 500, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
          {
            // A post's photos (random names, never reused), so a post opened
            // before shows them offline.
            urlPattern: ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/api/media/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'media',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'images',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
            },
          },
        ],
      },
    }),
  ],
  resolve: { alias: [syncStoreAlias] },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2020',
    sourcemap: false,
    // dist/.vite/manifest.json: the server finds the map screen's chunks in it (web-preloads.ts).
    manifest: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // React Router falls back on its own where React has no useOptimistic, as Preact has not.
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          // Everything the entry imports statically is one file with it. Rolldown split
          // it into 18 (each module shared with a lazy screen in its own chunk), which a cold
          // visit on HTTP/1.1 then asked for one round trip at a time on six connections.
          // The map screen's own modules are one file too, those it shares with the public pages
          // another, the map's a third (map-chunks-plugin.ts), and so are the offline code
          // and the icons that the entry does not show: one request for each, not one per module
          // (about 0.3 KB) times the sets of screens that share it.
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'offline', test: OFFLINE, includeDependenciesRecursively: false },
            mapScreenGroup,
            mapSharedGroup,
            postsMapGroup,
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
});
