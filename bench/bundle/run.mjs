// bench/bundle: the compressed size of the JS and CSS that `/` loads first.
// Two figures: what index.html references (entry, preloads, CSS), and everything Chromium
// actually fetched to render `/` (including lazy chunks: the landing screen and the locale).
// Goal: at most 170 KB of gzipped JS; the map code loads only where a map shows.
// Then the entry chunk module by module (the build's own record of what went in
// it), and whether the first screen pulls in zod, the phone metadata, i18n, the router, TanStack
// Query, and the persistence and outbox code.
import { execSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { root } from '../../scripts/build-if-needed.mjs';

const GOAL_JS_KB = 170;
// A fresh build, recording each chunk's modules (apps/web/vite.config.ts, BUNDLE_STATS).
const statsDir = mkdtempSync(join(tmpdir(), 'bundle-stats-'));
const statsFile = join(statsDir, 'chunks.json');
execSync('npm run build -w @app/web', { cwd: root, stdio: 'pipe', env: { ...process.env, BUNDLE_STATS: statsFile } });
const chunks = JSON.parse(readFileSync(statsFile, 'utf8'));
rmSync(statsDir, { recursive: true, force: true });
const dist = join(root, 'apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const sizes = (file) => {
  const body = readFileSync(join(dist, file));
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length, brotli: brotliCompressSync(body).length };
};
const kb = (n) => (n / 1024).toFixed(1);
const sum = (files) =>
  files.map(sizes).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
const line = (label, files) => {
  const s = sum(files);
  console.log(
    `${label.padEnd(34)} ${String(files.length).padStart(2)} files  ${kb(s.raw).padStart(7)} KB raw  ${kb(s.gzip).padStart(6)} KB gzip  ${kb(s.brotli).padStart(6)} KB brotli`,
  );
  return s;
};

const referenced = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
console.log('From index.html (entry, preloads, stylesheet):');
line(
  '  JS',
  referenced.filter((f) => f.endsWith('.js')),
);
line(
  '  CSS',
  referenced.filter((f) => f.endsWith('.css')),
);

// Serve the build and record what the browser loads for `/`.
const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json' };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const file = join(dist, path);
  if (path.startsWith('/api/')) return res.writeHead(404).end('{}');
  const target = existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html');
  res.writeHead(200, { 'content-type': types[extname(target)] ?? 'application/octet-stream' });
  createReadStream(target).pipe(res);
}).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const url = `http://127.0.0.1:${server.address().port}/`;

const require = createRequire(join(root, 'apps/web/package.json'));
const { chromium } = require('playwright-core');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
const loaded = new Set();
page.on('request', (r) => {
  const path = new URL(r.url()).pathname;
  if (/\.(js|css)$/.test(path) && !path.endsWith('/sw.js') && !path.includes('workbox-')) loaded.add(path.slice(1));
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.getByRole('heading', { level: 1 }).waitFor();
await browser.close();
server.close();

const files = [...loaded];
console.log('Loaded by Chromium to render / (375 px, English):');
const js = line(
  '  JS',
  files.filter((f) => f.endsWith('.js')),
);
line(
  '  CSS',
  files.filter((f) => f.endsWith('.css')),
);
const mapFiles = files.filter((f) => /leaflet/i.test(readFileSync(join(dist, f), 'utf8')));
console.log(`  map chunks loaded on /: ${mapFiles.length ? mapFiles.join(', ') : 'none'}`);
console.log(
  `JS gzip ${kb(js.gzip)} KB against a goal of ${GOAL_JS_KB} KB: ${js.gzip <= GOAL_JS_KB * 1024 ? 'within' : 'OVER'}`,
);

// The entry chunk, module by module, grouped by package (or by the app's own folders).
function groupOf(id) {
  const clean = id.replace(/^\0/, '').split('?')[0];
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (pkg) return pkg[1];
  const web = /apps\/web\/src\/(lib\/[^/]+|locales\/[^/]+|[^/]+)/.exec(clean);
  if (web) return `web ${web[1]}`;
  const shared = /packages\/shared\/src\/(.+)$/.exec(clean);
  if (shared) return `shared ${shared[1]}`;
  return clean.slice(-40);
}
const entry = chunks.find((c) => c.isEntry && referenced.includes(c.file));
if (entry) {
  // The entry and every chunk it imports statically: what loads before the first screen can run.
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const first = new Set();
  const visit = (file) => {
    if (first.has(file) || !byFile.has(file)) return;
    first.add(file);
    for (const next of byFile.get(file).imports) visit(next);
  };
  visit(entry.file);
  const groups = new Map();
  for (const m of [...first].flatMap((file) => byFile.get(file).modules)) {
    const g = groups.get(groupOf(m.id)) ?? { length: 0, gzip: 0 };
    g.length += m.length;
    g.gzip += m.gzip;
    groups.set(groupOf(m.id), g);
  }
  const total = [...groups.values()].reduce((a, g) => a + g.length, 0);
  console.log(
    `\nEntry ${entry.file}: ${kb(sizes(entry.file).gzip)} KB gzip; with its ${first.size - 1} static imports: ${kb(sum([...first]).gzip)} KB gzip.`,
  );
  console.log('By source (rendered size before minification; share of the first screen JavaScript):');
  for (const [name, g] of [...groups].sort((a, b) => b[1].length - a[1].length).slice(0, 25)) {
    console.log(
      `  ${name.padEnd(40)} ${kb(g.length).padStart(7)} KB  ${((100 * g.length) / total).toFixed(1).padStart(5)} %`,
    );
  }
  const CONCERNS = {
    zod: (n) => n === 'zod',
    'phone metadata (libphonenumber-js)': (n) => n === 'libphonenumber-js',
    'i18n (i18next, react-i18next, locales)': (n) => /^(i18next|react-i18next)$|^web locales\//.test(n),
    'router (react-router)': (n) => n === 'react-router' || n === 'react-router-dom',
    'query (TanStack Query)': (n) => n === '@tanstack/query-core' || n === '@tanstack/react-query',
    'persist and outbox': (n) =>
      /^@tanstack\/(query-persist-client-core|react-query-persist-client)$|^idb-keyval$|^web lib\/(outbox|query-persistence)\.ts$/.test(
        n,
      ),
    'map (leaflet)': (n) => /leaflet/.test(n),
  };
  console.log('What the first screen pulls in through the entry:');
  for (const [label, test] of Object.entries(CONCERNS)) {
    const length = [...groups].filter(([n]) => test(n)).reduce((a, [, g]) => a + g.length, 0);
    console.log(`  ${label.padEnd(40)} ${length ? `${kb(length).padStart(7)} KB` : '     no'}`);
  }
}
