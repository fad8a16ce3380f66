// bench/bundle: the compressed size of the JS and CSS that `/` loads first.
// Two figures: what index.html references (entry, preloads, CSS), and everything Chromium
// actually fetched to render `/` (including lazy chunks: the landing screen and the locale).
// Goal (issue 2): at most 170 KB of gzipped JS; the map code loads only where a map shows.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ensureBuilt, root } from '../../scripts/build-if-needed.mjs';

const GOAL_JS_KB = 170;
ensureBuilt(['web']);
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
