// bench/load: the whole API under a realistic mix. Creates a throwaway PostgreSQL
// database (BENCH_DATABASE_URL's server, default postgres@127.0.0.1:5432), migrates it, seeds BENCH_POSTS posts (default 100,000) and BENCH_ACCOUNTS accounts that can sign in,
// starts `npm run start:cluster` with INSTANCES=2 and REDIS_URL (BENCH_REDIS_URL, default
// redis://127.0.0.1:6379), warms up, then runs autocannon for DURATION seconds (default 60) with
// CONNECTIONS connections (default 32) sending a weighted random mix: map views at several zooms and
// places, newest and nearest lists, details of random posts, searches, and 1 % sign-ins (each costs
// an argon2 hash, as in real traffic). Then a bare Fastify hello-world, also two workers, with the
// same connections and duration, for the ratio. Prints req/s, latency p50/p97.5/p99, errors,
// timeouts and non-2xx per request kind, and (on Linux) the CPU each answer cost the app's instances,
// PostgreSQL and the load generator, against what the goal leaves. Goals: ≥ 2,000 req/s, p99 < 100 ms, 0 errors; a missed
// goal is reported, not failed. The database is dropped at the end, also on failure or Ctrl-C.
//
// The instances run with NODE_ENV=development (production refuses the local SMS, payment and
// sign-in providers, which a bench has no use for; nothing on the measured paths differs),
// LOG_LEVEL=warn (request logs would go to this terminal) and RATE_LIMIT_SCALE=10000 (every request
// comes from 127.0.0.1; the per-account sign-in limit is not scaled, hence many accounts).
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { register } from 'tsx/esm/api';
import { cpuAccounting, cpuBetween, cpuSnapshot, descendsFrom } from '../lib/cpu.mjs';
import { throwawayDatabase } from '../lib/database.mjs';
import { mulberry32 } from '@app/shared/random';
import { requestKinds, searchTexts } from './mix.mjs';
import { printCacheHits, printCpu, printReport } from './report.mjs';

register();
const { openMigratedDatabase } = await import('../../apps/server/src/db/client.ts');
// The server's own settings, so a sign-in costs what it costs in production.
const { hashPassword, verifyPassword } = await import('../../apps/server/src/modules/users/password-hash.ts');
const { addWorldPosts } = await import('../../apps/server/src/db/seed.ts');
const { WORLD_PLACES } = await import('../../apps/server/src/db/seed-data.ts');
const { CATEGORIES, SEARCH_FIELDS } = await import('@app/shared');
const { sql } = await import('drizzle-orm');

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
/** Accounts that sign in during the mix; each may sign in 10 times in 15 minutes (not scaled). */
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 500);
/** Signed-in people browsing: lists, details and searches need a session; the map does not. */
const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 200);
const DURATION = Number(process.env.DURATION ?? 60);
const WARMUP = Number(process.env.WARMUP ?? Math.min(10, Math.max(3, Math.round(DURATION / 6))));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const INSTANCES = 2;
/** Profiling: CPU_PROF=<folder> writes a V8 CPU profile of every instance there (node --cpu-prof). */
const CPU_PROF = process.env.CPU_PROF;
/** Profiling: KINDS=map,details runs only the kinds whose names start with one of these. */
const ONLY = process.env.KINDS?.split(',').map((k) => k.trim());
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const GOALS = { rps: 2000, p99Ms: 100 };
/** What a phone's browser sends; the app compresses JSON above 1 KB. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const PASSWORD = 'bench load password';
/** A phone in portrait: the map asks for what such a screen shows at each zoom. */
const SCREEN = { width: 412, height: 800 };

const rng = mulberry32(7);

let bench;
let cluster;
let hello;
let dataDir;

async function main() {
  const t0 = performance.now();
  console.log(`bench/load: load average ${loadAverage()} at the start (${availableParallelism()} cores)`);
  bench = await throwawayDatabase('bench_load');
  dataDir = await mkdtemp(join(tmpdir(), 'bench-load-'));
  const data = await seed();
  console.log(
    `seeded ${POSTS.toLocaleString('en-US')} posts and ${BROWSERS + ACCOUNTS} accounts in ${data.seconds.toFixed(1)} s ` +
      `(PostgreSQL ${data.version})`,
  );

  const port = await startCluster();
  data.sessions = await signIn(port, data.browsers);
  const kinds = requestKinds(data, {
    rng,
    screen: SCREEN,
    acceptEncoding: ACCEPT_ENCODING,
    password: PASSWORD,
    WORLD_PLACES,
    CATEGORIES,
    SEARCH_FIELDS,
  }).filter((k) => !ONLY || ONLY.some((prefix) => k.name.startsWith(prefix)));
  if (kinds.length === 0) throw new Error(`KINDS=${process.env.KINDS} matches no request kind`);
  console.log(`warming up for ${WARMUP} s…`);
  const warm = await load(port, kinds, WARMUP);
  console.log(`  warm-up: ${Math.round(warm.result.requests.average)} req/s, ${warm.result.errors} errors`);
  const signInCpuMs = await argon2CpuMs();
  const before = loadAverage();
  console.log(`the mix: ${CONNECTIONS} connections for ${DURATION} s…`);
  const cpuBefore = cpuAccounting() ? cpuSnapshot(processGroup) : undefined;
  const mix = await load(port, kinds, DURATION);
  const cpu = cpuBefore && cpuBetween(cpuBefore, cpuSnapshot(processGroup));
  const during = loadAverage();
  // autocannon drops its connections with requests in flight: let the server finish them first.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const caches = await cacheHits(port);
  await stopCluster();

  hello = await startHello();
  console.log(`bare Fastify hello-world: ${CONNECTIONS} connections for ${DURATION} s…`);
  const bare = await load(
    hello.port,
    [{ name: 'hello', weight: 1, next: () => ({ method: 'GET', path: '/', headers: {} }) }],
    DURATION,
  );
  await stopHello();

  printReport(
    mix,
    bare,
    { before, during },
    { goals: GOALS, connections: CONNECTIONS, instances: INSTANCES, posts: POSTS, acceptEncoding: ACCEPT_ENCODING },
  );
  printCpu(mix, cpu, signInCpuMs, GOALS);
  printCacheHits(caches);
  console.log(`total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function seed() {
  const database = await openMigratedDatabase({ databaseUrl: bench.url, dataDir, poolMax: 4 });
  try {
    const { db } = database;
    const start = performance.now();
    await addWorldPosts(db, POSTS);
    // The accounts that sign in: a fresh name each run, so the Redis counters of an earlier run
    // (the per-account limit lasts 15 minutes) never refuse them.
    const run = randomBytes(3).toString('hex');
    const hash = await hashPassword(PASSWORD);
    await db.execute(sql`
      insert into users (first_name, email, mobile_no, password_hash, country)
      select 'Load', 'load-' || ${run} || '-' || g || '@bench.example', '+1514' || lpad(g::text, 7, '0'), ${hash}, 'SN'
      from generate_series(1, ${BROWSERS + ACCOUNTS}::int) as g`);
    // A settled table, as autovacuum leaves one: statistics and the visibility map.
    await db.execute(sql`vacuum (analyze)`);
    const rows = async (query) => (await db.execute(query)).rows;
    const postIds = (
      await rows(sql`select id from solutions where status = 'Pending' order by random() limit 5000`)
    ).map((r) => r.id);
    const emails = Array.from({ length: BROWSERS + ACCOUNTS }, (_, i) => `load-${run}-${i + 1}@bench.example`);
    const [{ version }] = await rows(sql`select current_setting('server_version') as version`);
    return {
      postIds,
      browsers: emails.slice(0, BROWSERS),
      signIns: emails.slice(BROWSERS),
      searchTexts: searchTexts(WORLD_PLACES, CATEGORIES),
      version,
      seconds: (performance.now() - start) / 1000,
    };
  } finally {
    await database.close();
  }
}

/**
 * How the public caches found their answers (warm-up and mix), summed over the instances: /metrics
 * is asked until each instance has answered once; after the mix their counts no longer move, so an
 * instance is told apart by its counts.
 */
async function cacheHits(port) {
  const byInstance = new Map();
  /** Each instance's resident and heap memory after the mix, in MB (prom-client's process metrics). */
  const memory = new Map();
  const megabytes = (text, name) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
  for (let i = 0; i < 50 && byInstance.size < INSTANCES; i++) {
    const text = await metricsOnce(port);
    const counts = [...text.matchAll(/^public_cache_answers\{cache="([^"]+)",found="([^"]+)"\} (\d+)/gm)];
    const instance = counts.map((m) => m[0]).join();
    byInstance.set(instance, counts);
    memory.set(instance, {
      rss: megabytes(text, 'process_resident_memory_bytes'),
      heap: megabytes(text, 'nodejs_heap_size_used_bytes'),
    });
  }
  const totals = new Map();
  for (const counts of byInstance.values()) {
    for (const [, cache, found, n] of counts) {
      const entry = totals.get(cache) ?? {};
      entry[found] = (entry[found] ?? 0) + Number(n);
      totals.set(cache, entry);
    }
  }
  return { instances: byInstance.size, totals, memory: [...memory.values()] };
}

/** GET /metrics on a new connection, so that the cluster may hand it to either instance. */
function metricsOnce(port) {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/metrics', agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(text));
    }).on('error', reject);
  });
}

/** The browsing sessions, signed in through the API before the mix (a few at a time). */
async function signIn(port, emails) {
  const keys = [];
  const queue = [...emails];
  const worker = async () => {
    for (let email = queue.shift(); email; email = queue.shift()) {
      const res = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
        signal: AbortSignal.timeout(30_000),
      });
      if (res.status !== 200) throw new Error(`sign-in of ${email}: HTTP ${res.status} ${await res.text()}`);
      keys.push((await res.json()).data.auth_key);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return keys;
}

/** autocannon with the weighted mix; per kind: latencies of every answer, and status counts. */
async function load(port, kinds, duration) {
  const lottery = kinds.flatMap((kind) => Array(kind.weight).fill(kind));
  const stats = new Map(kinds.map((k) => [k.name, { kind: k, ms: [], statuses: {}, bytes: 0 }]));
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        setupRequest: (_request, context) => {
          const kind = lottery[Math.floor(rng() * lottery.length)];
          context.kind = kind.name;
          return kind.next();
        },
      },
    ],
  });
  // One request in flight per connection: the answer belongs to the kind its connection last sent.
  instance.on('response', (client, status, bytes, ms) => {
    const entry = stats.get(client.requestIterator.context.kind);
    entry.ms.push(ms);
    entry.bytes += bytes;
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  return { result, stats: [...stats.values()], duration };
}

function startCluster() {
  const profile = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
  cluster = spawn(process.execPath, [...profile, join(ROOT, 'scripts/cluster.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: bench.url,
      REDIS_URL,
      INSTANCES: String(INSTANCES),
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '10000',
      DEMO_DATA: 'false',
      DATA_DIR: dataDir,
      // The API only: a folder without index.html (and no web build).
      WEB_DIST: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the cluster did not start in 120 s:\n${output}`)), 120_000);
    cluster.stdout.on('data', (chunk) => {
      output += String(chunk);
      process.stdout.write(chunk);
      const ports = [...output.matchAll(/worker \d+ listening on [^\s]*:(\d+)/g)].map((m) => Number(m[1]));
      if (ports.length >= INSTANCES) {
        clearTimeout(timer);
        resolve(ports[0]);
      }
    });
    cluster.once('exit', (code) => reject(new Error(`the cluster exited with ${code}:\n${output}`)));
  });
}

async function stopCluster() {
  if (!cluster || cluster.exitCode !== null) return;
  const exited = new Promise((resolve) => cluster.once('exit', resolve));
  cluster.kill('SIGTERM');
  const timer = setTimeout(() => cluster.kill('SIGKILL'), 40_000);
  await exited;
  clearTimeout(timer);
}

function startHello() {
  const child = fork(new URL('./hello.mjs', import.meta.url), {
    env: { ...process.env, INSTANCES: String(INSTANCES) },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
  });
}

async function stopHello() {
  if (!hello || hello.child.exitCode !== null) return;
  const exited = new Promise((resolve) => hello.child.once('exit', resolve));
  // Its channel may already be closed while it exits: then the send fails, and the kill below ends it.
  if (hello.child.connected) hello.child.send('close', (error) => error && hello.child.kill('SIGKILL'));
  else hello.child.kill('SIGKILL');
  const timer = setTimeout(() => hello.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Who spends the cores: this process runs autocannon; the cluster's process tree is the app. */
function processGroup(p, all) {
  if (p.pid === process.pid) return 'load generator';
  if (cluster && descendsFrom(p.pid, cluster.pid, all)) return 'app instances';
  if (p.name === 'postgres') return 'PostgreSQL';
  if (p.name.startsWith('redis')) return 'Redis';
  return undefined;
}

/** The CPU time of one sign-in's password check, measured here with the server's library and parameters. */
async function argon2CpuMs() {
  const hash = await hashPassword(PASSWORD);
  const runs = 20;
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) await verifyPassword(hash, PASSWORD);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function cleanup() {
  await stopCluster().catch(() => cluster?.kill('SIGKILL'));
  await stopHello().catch(() => hello?.child.kill('SIGKILL'));
  await bench?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  console.error('\ninterrupted: stopping the servers and dropping the bench database');
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
