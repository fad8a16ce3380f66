// `npm run start:cluster` (scripts/cluster.mjs) as an operator runs it: two workers on one port over
// a throwaway PostgreSQL database and Redis; one worker killed with -9 is replaced while the other
// keeps answering; SIGTERM ends the primary and every worker.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayDatabaseUrl } from '../apps/server/test/databases.js';
import { assertRedisReachable, TEST_REDIS_URL } from '../apps/server/test/redis.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts/cluster.mjs');
const PORT = 25110;
const URL_BASE = `http://127.0.0.1:${PORT}`;
/** Building the server (when stale), migrating and starting two workers on a busy two-core machine. */
const START_TIMEOUT_MS = 90_000;

interface Primary {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  waitFor(pattern: RegExp, count: number, timeoutMs: number): Promise<RegExpExecArray[]>;
}

function startCluster(env: Record<string, string>): Primary {
  const child = spawn(process.execPath, [SCRIPT], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, count: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matches = [...output.matchAll(new RegExp(pattern, 'g'))];
      if (matches.length >= count) return matches;
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`waited for ${count} × ${pattern}; the cluster printed:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, exited, output: () => output, waitFor };
}

/** The parent pid of a live process, from /proc; undefined once it is gone. */
function parentOf(pid: number): number | undefined {
  try {
    // "pid (comm) state ppid ...": the command may hold spaces, so split after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? undefined : Number(fields[1]);
  } catch {
    return undefined;
  }
}

async function health(): Promise<number> {
  const res = await fetch(`${URL_BASE}/api/health`, { signal: AbortSignal.timeout(5_000) });
  expect(await res.json()).toMatchObject({ status: 'ok' });
  return res.status;
}

describe('npm run start:cluster', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabaseUrl>> | undefined;
  let primary: Primary | undefined;
  const workerPids = new Set<number>();
  const dataDir = mkdtempSync(join(tmpdir(), 'cluster-test-'));

  beforeAll(async () => {
    await assertRedisReachable();
    database = await throwawayDatabaseUrl();
  }, 30_000);

  afterAll(async () => {
    // A failed test leaves nothing running: the primary, then any worker it left.
    if (primary && primary.child.exitCode === null) primary.child.kill('SIGKILL');
    for (const pid of workerPids) if (parentOf(pid) !== undefined) process.kill(pid, 'SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('refuses to start without DATABASE_URL and says why', async () => {
    const refused = startCluster({ INSTANCES: '2', PORT: String(PORT) });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('DATABASE_URL is not set');
    expect(refused.output()).not.toContain('listening');
  });

  it('serves from two workers, replaces a worker killed with -9, and stops on SIGTERM', async () => {
    primary = startCluster({
      DATABASE_URL: database!.url,
      REDIS_URL: TEST_REDIS_URL,
      INSTANCES: '2',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // A folder without index.html: the API only, and no web build is attempted.
      WEB_DIST: join(dataDir, 'no-web'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
    });
    const listening = /worker (\d+) listening/;
    const first = await primary.waitFor(listening, 2, START_TIMEOUT_MS);
    const pids = first.map((m) => Number(m[1]));
    pids.forEach((pid) => workerPids.add(pid));
    expect(new Set(pids).size).toBe(2);
    // Two live processes, both children of the primary.
    for (const pid of pids) expect(parentOf(pid)).toBe(primary.child.pid);
    // The migrations ran once, in the primary, before any worker started.
    const output = primary.output();
    expect(output.match(/applied \d+ migration\(s\) to PostgreSQL/g)).toHaveLength(1);
    expect(output.indexOf('applied')).toBeLessThan(output.indexOf('starting 2 worker(s)'));
    expect(await health()).toBe(200);

    const [victim, survivor] = pids as [number, number];
    process.kill(victim, 'SIGKILL');
    await primary.waitFor(new RegExp(`worker ${victim} died \\(SIGKILL\\)`), 1, 10_000);
    // The survivor answers alone while the replacement starts.
    for (let i = 0; i < 5; i++) expect(await health()).toBe(200);
    const replaced = await primary.waitFor(listening, 3, START_TIMEOUT_MS);
    const replacement = Number(replaced[2]![1]);
    workerPids.add(replacement);
    expect(pids).not.toContain(replacement);
    expect(parentOf(victim)).toBeUndefined();
    expect(parentOf(replacement)).toBe(primary.child.pid);
    expect(parentOf(survivor)).toBe(primary.child.pid);
    expect(await health()).toBe(200);

    primary.child.kill('SIGTERM');
    const code = await Promise.race([
      primary.exited,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no exit:\n${primary?.output()}`)), 30_000)),
    ]);
    expect(code).toBe(0);
    for (const pid of [survivor, replacement]) expect(parentOf(pid)).toBeUndefined();
    await expect(fetch(`${URL_BASE}/api/health`, { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
  }, 240_000);
});
