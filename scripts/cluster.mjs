// npm run start:cluster: several instances of the server on one machine, sharing PORT (node:cluster
// hands each new connection to the next worker). PostgreSQL only: PGlite is one process's database.
// The primary builds what is missing, applies the migrations once, then forks INSTANCES workers
// (default: one per core), replaces a worker that dies (after a growing pause), and on SIGTERM or
// SIGINT asks every worker to shut down gracefully and exits once they all have.
import cluster from 'node:cluster';
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './build-if-needed.mjs';

const SERVER = join(root, 'apps/server/dist/server.js');
const SIGNALS = ['SIGTERM', 'SIGINT'];
/** The first restart waits this long; each quick death doubles it, up to RESTART_MAX_MS. */
const RESTART_MIN_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** A worker that served this long before dying was healthy: its replacement starts without delay growth. */
const HEALTHY_AFTER_MS = 60_000;
/** The server drains and closes within its own bounds (close-with-grace: 10 s); this is the backstop. */
const KILL_AFTER_MS = 30_000;

if (cluster.isPrimary) await primary();
else await worker();

async function primary() {
  const log = (message) => console.log(`[cluster ${process.pid}] ${message}`);
  const fail = (message) => {
    console.error(`[cluster] ${message}`);
    process.exit(1);
  };
  if (!process.env.DATABASE_URL) {
    fail(
      'DATABASE_URL is not set. Several instances need a shared PostgreSQL server (postgres://…): the embedded ' +
        'database (PGlite) belongs to one process. Use `npm start` for a single instance.',
    );
  }
  const instances = process.env.INSTANCES ? Number(process.env.INSTANCES) : availableParallelism();
  if (!Number.isSafeInteger(instances) || instances < 1 || instances > 256) {
    fail(`INSTANCES must be a whole number from 1 to 256, got "${process.env.INSTANCES}"`);
  }

  // The web app is built only when it is the default one; WEB_DIST names a build made elsewhere.
  ensureBuilt(process.env.WEB_DIST ? ['server'] : ['web', 'server']);
  // Once, before any instance starts, so instances never race to migrate (they only find nothing to do).
  const migrated = spawnSync(process.execPath, [join(root, 'apps/server/dist/migrate-cli.js')], {
    stdio: 'inherit',
    env: process.env,
  });
  if (migrated.status !== 0)
    fail(`migrations failed (exit ${migrated.status ?? migrated.signal}); no instance started`);

  cluster.setupPrimary({ exec: new URL(import.meta.url).pathname });
  let stopping = false;
  let everListened = false;
  /** Per slot: when its worker started, and how many times in a row it died young. */
  const slots = new Map();
  const timers = new Set();

  const start = (slot) => {
    const w = cluster.fork({ CLUSTER_SLOT: String(slot) });
    slots.set(w.id, { slot, startedAt: Date.now() });
    return w;
  };
  const quickDeaths = new Array(instances).fill(0);

  cluster.on('listening', (w, address) => {
    everListened = true;
    log(`worker ${w.process.pid} listening on ${address.address ?? '*'}:${address.port}`);
  });
  cluster.on('exit', (w, code, signal) => {
    const info = slots.get(w.id);
    slots.delete(w.id);
    if (stopping || !info) {
      if (stopping && Object.keys(cluster.workers ?? {}).length === 0) {
        log('all workers exited');
        process.exit(process.exitCode ?? 0);
      }
      return;
    }
    if (!everListened) {
      // Nothing ever came up (bad configuration, port taken, ...): restarting would only repeat it.
      stopAll('SIGTERM');
      console.error(`[cluster] worker ${w.process.pid} exited (${signal ?? code}) before any instance listened`);
      process.exitCode = 1;
      return;
    }
    const lived = Date.now() - info.startedAt;
    quickDeaths[info.slot] = lived >= HEALTHY_AFTER_MS ? 0 : quickDeaths[info.slot] + 1;
    const delay = Math.min(RESTART_MAX_MS, RESTART_MIN_MS * 2 ** Math.max(0, quickDeaths[info.slot] - 1));
    log(
      `worker ${w.process.pid} died (${signal ?? `exit ${code}`}) after ${Math.round(lived / 1000)} s; ` +
        `replacing it in ${delay / 1000} s`,
    );
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopping) start(info.slot);
    }, delay);
    timers.add(timer);
  });

  const stopAll = (signal) => {
    if (stopping) return;
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(process.exitCode ?? 0);
    log(`${signal}: stopping ${workers.length} worker(s)`);
    for (const w of workers) w.send({ type: 'cluster:shutdown', signal });
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w.process.kill('SIGKILL');
    }, KILL_AFTER_MS).unref();
  };
  for (const signal of SIGNALS) process.on(signal, () => stopAll(signal));

  log(`starting ${instances} worker(s) of ${SERVER}`);
  for (let slot = 0; slot < instances; slot++) start(slot);
}

async function worker() {
  // The primary passes SIGTERM/SIGINT on as a message, and the worker signals itself, unless the
  // same signal already reached it directly: Ctrl-C in a terminal, or systemd, signal the whole
  // process group, and the server treats a second signal as "exit now" (close-with-grace).
  let signalled = false;
  for (const signal of SIGNALS) process.on(signal, () => (signalled = true));
  process.on('message', (message) => {
    if (message?.type === 'cluster:shutdown' && !signalled) process.kill(process.pid, message.signal);
  });
  await import(pathToFileURL(SERVER).href);
}
