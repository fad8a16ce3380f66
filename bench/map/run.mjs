// bench/map: GET /api/solution/map over a million posts on PostgreSQL (D-20).
// Creates a throwaway database on the server of BENCH_DATABASE_URL (default postgres@127.0.0.1:5432),
// migrates it, seeds BENCH_POSTS posts (default 1,000,000: most around African and other cities, some
// scattered), vacuums and analyzes it, starts the real app in a child process, and prints for a city
// at zoom 13 and the whole world at zoom 2:
//   - latency p50/p95 of sequential requests over varied nearby viewports (after a warm-up), first
//     as asked for the first time (their tiles computed when not yet in memory: "cold"), then over
//     as many new viewports inside the area already seen (every tile in memory: "cached"),
//   - the same SQL run bare: the repository's queries for those viewports, through one pg connection
//     (the direct path of a signed-in viewer's view; the bench asks as a visitor, whose view is
//     merged from the cached map tiles),
//   - req/s under autocannon (32 connections, 10 s), and the response size, raw and gzip.
// Goals: city p95 ≤ 20 ms cold, ≤ 5 ms cached and ≤ 5× bare, ≥ 3,000 city views a second at 32
// connections, world p95 ≤ 50 ms, response ≤ 100 KB. A missed goal is
// reported, not failed; only errors exit non-zero. The database is dropped at the end, also on failure.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { startAppServer } from '../lib/app-server.mjs';
import { throwawayDatabase } from '../lib/database.mjs';
import { mulberry32 } from '@app/shared/random';
import { percentiles as nearestRank } from '../lib/stats.mjs';

register();
const { openMigratedDatabase } = await import('../../apps/server/src/db/client.ts');
const { addWorldPosts } = await import('../../apps/server/src/db/seed.ts');
const { mapRepository } = await import('../../apps/server/src/modules/map/repository.ts');
const { mapService } = await import('../../apps/server/src/modules/map/service.ts');
const { mapQuerySchema } = await import('@app/shared');
const { PgDialect } = await import('drizzle-orm/pg-core');
const { sql } = await import('drizzle-orm');

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const WARMUP = 20;
const SAMPLES = 200;
const LOAD = { connections: 32, duration: 10 };
const GOALS = { cityP95Ms: 20, cityCachedP95Ms: 5, cityRatio: 5, cityRps: 3000, worldP95Ms: 50, bytes: 100 * 1024 };
/** What a browser sends; the app compresses JSON above 1 KB. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

// Deterministic viewports: each request looks a little elsewhere, as a user panning would. `inside`
// narrows the jitter so a viewport stays within the area the wider ones covered.
const rng = mulberry32(20);
const jitter = (span) => (rng() - 0.5) * span;
const VIEWS = [
  {
    name: 'city',
    label: 'Dakar, zoom 13 (0.3° × 0.2°)',
    viewport: (inside = 1) => {
      const lng = -17.4 + jitter(0.06 * inside);
      const lat = 14.73 + jitter(0.04 * inside);
      return { bbox: [lng - 0.15, lat - 0.1, lng + 0.15, lat + 0.1], zoom: 13 };
    },
  },
  {
    name: 'world',
    label: 'whole world, zoom 2',
    viewport: (inside = 1) => ({
      bbox: [-180 + rng() * 8 * inside, -70 + jitter(10 * inside), 180 - rng() * 8 * inside, 80 + jitter(10 * inside)],
      zoom: 2,
    }),
  },
];
const queryString = ({ bbox, zoom }) => `bbox=${bbox.map((d) => d.toFixed(4)).join(',')}&zoom=${zoom}`;

let bench;
let database;
let child;
let dataDir;

async function main() {
  const t0 = performance.now();
  bench = await throwawayDatabase('bench_map');
  dataDir = await mkdtemp(join(tmpdir(), 'bench-map-'));
  database = await openMigratedDatabase({ databaseUrl: bench.url, dataDir, poolMax: 4 });
  const { db } = database;

  const seedStart = performance.now();
  await addWorldPosts(db, POSTS, {
    concurrency: 2,
    onProgress: (done) =>
      process.stdout.isTTY && process.stdout.write(`\rseeding ${done.toLocaleString('en-US')} posts`),
  });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  if (process.stdout.isTTY) process.stdout.write('\r');
  const vacuumStart = performance.now();
  // A settled table, as autovacuum leaves one: statistics, and the visibility map for index-only scans.
  await db.execute(sql`vacuum (analyze) solutions, map_cells, map_cell_totals`);
  const vacuumSeconds = (performance.now() - vacuumStart) / 1000;
  const [facts] = (
    await db.execute(sql`select current_setting('server_version') as version,
      (select count(*)::int from solutions where status = 'Pending') as open,
      (select count(*)::int from map_cells) as cells,
      (select count(*)::int from map_cell_totals) as totals`)
  ).rows;
  console.log(
    `bench/map: ${POSTS.toLocaleString('en-US')} posts (${facts.open.toLocaleString('en-US')} open, ` +
      `kept cells: ${facts.cells.toLocaleString('en-US')} by type and category, ` +
      `${facts.totals.toLocaleString('en-US')} totals) on PostgreSQL ${facts.version}; ` +
      `seeded in ${seedSeconds.toFixed(1)} s, vacuum analyze ${vacuumSeconds.toFixed(1)} s`,
  );

  const port = await startServer();
  const results = [];
  for (const view of VIEWS) {
    const viewports = Array.from({ length: WARMUP + SAMPLES }, () => view.viewport());
    const paths = viewports.map((v) => `/api/solution/map?${queryString(v)}`);
    // New viewports within the area the first ones covered: every tile they need is in memory, none
    // of them asked before (a viewport asked again is sent from memory whole: modules/map).
    const cachedPaths = Array.from({ length: SAMPLES }, () => `/api/solution/map?${queryString(view.viewport(0.5))}`);
    // HTTP, sequential, one keep-alive connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const timed = async (list) => {
      const ms = [];
      for (const path of list) {
        const start = performance.now();
        await get(port, path, agent);
        ms.push(performance.now() - start);
      }
      return ms;
    };
    for (const path of paths.slice(0, WARMUP)) await get(port, path, agent);
    const httpMs = await timed(paths.slice(WARMUP));
    const cachedMs = await timed(cachedPaths);
    agent.destroy();
    // The same SQL, bare: what the repository sends for each viewport, through one pg connection.
    const queries = await capturedQueries(db, viewports);
    const bareMs = await runBare(queries);
    // What one answer weighs, and what it holds.
    const raw = await get(port, paths[WARMUP], undefined, {});
    const gzip = await get(port, paths[WARMUP], undefined, { 'accept-encoding': 'gzip' });
    const { points, clusters } = JSON.parse(raw.body).data;
    const holds = [
      ...(points.length ? [`${points.length} points`] : []),
      ...(clusters.length || !points.length
        ? [`${clusters.length} clusters of ${clusters.reduce((n, c) => n + c.count, 0).toLocaleString('en-US')} posts`]
        : []),
    ].join(' and ');
    results.push({
      view,
      paths,
      http: percentiles(httpMs),
      cached: percentiles(cachedMs),
      bare: percentiles(bareMs),
      queriesPerRequest: queries[WARMUP].length,
      raw: raw.body.length,
      gzip: gzip.body.length,
      gzipEncoding: gzip.headers['content-encoding'] ?? 'none',
      holds,
    });
  }
  for (const result of results) result.load = await load(port, result.paths);

  printTable(results);
  printGoals(results);
  console.log(`total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** The repository's queries for each viewport, recorded as text and parameters. */
async function capturedQueries(db, viewports) {
  const dialect = new PgDialect();
  const recorded = [];
  const recorder = {
    execute(query) {
      recorded.at(-1).push(dialect.sqlToQuery(query));
      return db.execute(query);
    },
  };
  const service = mapService(mapRepository(recorder));
  for (const viewport of viewports) {
    recorded.push([]);
    await service.map(mapQuerySchema.parse({ bbox: viewport.bbox.join(','), zoom: viewport.zoom }));
  }
  return recorded;
}

async function runBare(queries) {
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  try {
    for (const list of queries.slice(0, WARMUP)) for (const q of list) await client.query(q.sql, q.params);
    const ms = [];
    for (const list of queries.slice(WARMUP)) {
      const start = performance.now();
      for (const q of list) await client.query(q.sql, q.params);
      ms.push(performance.now() - start);
    }
    return ms;
  } finally {
    await client.end();
  }
}

async function load(port, paths) {
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    ...LOAD,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  if (result.errors || result.non2xx) throw new Error(`load: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function startServer() {
  let port;
  ({ child, port } = await startAppServer({ DATABASE_URL: bench.url, DATA_DIR: dataDir }));
  return port;
}

function get(port, path, agent, headers = { 'accept-encoding': ACCEPT_ENCODING }) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${path}: HTTP ${res.statusCode}`));
        else resolve({ headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function percentiles(ms) {
  const [p50, p95] = nearestRank(ms, [0.5, 0.95]);
  return { p50, p95 };
}

const f1 = (n) => n.toFixed(1);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function printTable(results) {
  const rows = [
    [
      'view',
      'HTTP p50',
      'HTTP p95',
      'cached p50',
      'p95',
      'bare p50',
      'bare p95',
      'HTTP/bare p50',
      'p95',
      'req/s @32',
      'load p50/p99',
      'raw',
      'gzip',
    ],
    ...results.map((r) => [
      r.view.name,
      `${f1(r.http.p50)} ms`,
      `${f1(r.http.p95)} ms`,
      `${f1(r.cached.p50)} ms`,
      `${f1(r.cached.p95)} ms`,
      `${f1(r.bare.p50)} ms`,
      `${f1(r.bare.p95)} ms`,
      `${f1(r.http.p50 / r.bare.p50)}×`,
      `${f1(r.http.p95 / r.bare.p95)}×`,
      Math.round(r.load.rps).toLocaleString('en-US'),
      `${r.load.p50}/${r.load.p99} ms`,
      `${r.raw} B`,
      `${r.gzip} B`,
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padStart(widths[i])).join('  '));
  for (const r of results) {
    console.log(
      `  ${r.view.name}: ${r.view.label}; answer holds ${r.holds}; ${r.queriesPerRequest} SQL ` +
        `quer${r.queriesPerRequest === 1 ? 'y' : 'ies'} a request on the direct path (bare; a visitor's view ` +
        `is merged from cached tiles); gzip as served (${r.gzipEncoding})`,
    );
  }
  console.log(
    `  ${SAMPLES} sequential requests per view after ${WARMUP} warm-up, each a different nearby viewport ` +
      `(HTTP: asked first, tiles computed as needed), then ${SAMPLES} more inside the area seen (cached: ` +
      `every tile in memory); ` +
      `autocannon ${LOAD.connections} connections for ${LOAD.duration} s, accept-encoding "${ACCEPT_ENCODING}"`,
  );
}

function printGoals(results) {
  const [city, world] = results;
  const check = (label, ok, actual) => console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${label}: ${actual}`);
  console.log('Goals:');
  check(`city p95 ≤ ${GOALS.cityP95Ms} ms cold`, city.http.p95 <= GOALS.cityP95Ms, `${f1(city.http.p95)} ms`);
  check(
    `city p95 ≤ ${GOALS.cityCachedP95Ms} ms cached`,
    city.cached.p95 <= GOALS.cityCachedP95Ms,
    `${f1(city.cached.p95)} ms`,
  );
  check(
    `city ≥ ${GOALS.cityRps.toLocaleString('en-US')} req/s at ${LOAD.connections} connections`,
    city.load.rps >= GOALS.cityRps,
    Math.round(city.load.rps).toLocaleString('en-US'),
  );
  check(
    `city p95 ≤ ${GOALS.cityRatio}× the bare query`,
    city.http.p95 <= GOALS.cityRatio * city.bare.p95,
    `${f1(city.http.p95 / city.bare.p95)}×`,
  );
  check(`world p95 ≤ ${GOALS.worldP95Ms} ms`, world.http.p95 <= GOALS.worldP95Ms, `${f1(world.http.p95)} ms`);
  const largest = Math.max(...results.map((r) => r.raw));
  check(`response ≤ ${kb(GOALS.bytes)}`, largest <= GOALS.bytes, `${kb(largest)} raw at most`);
}

async function cleanup() {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('close');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill();
  }
  await database?.close();
  await bench?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  console.error('\ninterrupted: dropping the bench database');
  cleanup().finally(() => process.exit(130));
});

try {
  await main();
} catch (error) {
  if (!interrupted) console.error(error);
  process.exitCode = 1;
} finally {
  if (!interrupted) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed:', error);
      process.exitCode = 1;
    }
  }
}
