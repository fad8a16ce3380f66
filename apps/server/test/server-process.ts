// The real server as a child process, started from source (`node --import tsx src/server.ts`), for
// tests that need what only a process has: signals, kill -9, several instances, lost connections.
//
//   const server = await startServerProcess({ port: 25201, env: { DATABASE_URL: url } });
//   await fetch(`${server.url}/api/health`);
//   expect(await server.stop('SIGTERM')).toBe(0);
//
// Tests that need a fixed port take one in 25000-25999, each its own: below Linux's ephemeral
// range (32768-60999), whose ports the kernel gives to outgoing connections, so one of those could
// be in use by a database client when the test binds it (EADDRINUSE, seen with two files at once).
//
// The child gets a small explicit environment (never the caller's DATABASE_URL or REDIS_URL by
// accident): HOST 127.0.0.1, the given port, a temporary DATA_DIR, no web build, no demo data,
// NODE_ENV test, LOG_LEVEL info; `env` overrides any of them. Every child still running when the
// test process exits is killed, so a failed test leaves no server behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Starting from source compiles on the fly: seconds on a busy two-core machine. */
export const START_TIMEOUT_MS = 60_000;

export interface ServerProcessOptions {
  /** The TCP port to listen on (each test file uses ports of its own). */
  port: number;
  /** Environment variables for the server (DATABASE_URL, REDIS_URL, LOG_LEVEL, ...). */
  env?: Record<string, string>;
  /** How long to wait for /api/health to answer 200 (default START_TIMEOUT_MS). */
  startTimeoutMs?: number;
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Resolves once the process has exited, with its exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** The JSON log lines written so far (non-JSON lines are left out). */
  logs(): Record<string, unknown>[];
  /** Waits until the output matches `pattern` (bounded) and returns the match. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /**
   * Sends `signal` (default SIGTERM) and resolves with the exit code. If the process has not
   * exited within `timeoutMs` (default 30 s) it is killed and the promise rejects with its output.
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
  /** kill -9: resolves once the process is gone. */
  kill(): Promise<void>;
  /** The last lines of output, for failure messages. */
  tail(lines?: number): string;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'server-process-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web'),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    });
  });
  let gone = false;
  void exited.then(() => (gone = true));

  const url = `http://127.0.0.1:${options.port}`;
  const tail = (lines = 40) => output.trimEnd().split('\n').slice(-lines).join('\n');

  const server: ServerProcess = {
    url,
    port: options.port,
    pid: child.pid!,
    exited,
    output: () => output,
    logs: () => output.split('\n').flatMap((line) => parseJson(line)),
    tail,
    async waitForOutput(pattern, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (gone || Date.now() > deadline) {
          throw new Error(`server on port ${options.port} never wrote ${pattern}:\n${tail()}`);
        }
        await sleep(50);
      }
    },
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      if (!gone) child.kill(signal);
      const code = await Promise.race([exited, sleep(timeoutMs).then(() => 'timeout' as const)]);
      if (code !== 'timeout') return code;
      child.kill('SIGKILL');
      await exited;
      throw new Error(`server on port ${options.port} did not exit within ${timeoutMs} ms of ${signal}:\n${tail()}`);
    },
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };

  try {
    await waitForHealth(server, () => gone, options.startTimeoutMs ?? START_TIMEOUT_MS);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

async function waitForHealth(server: ServerProcess, gone: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (gone()) throw new Error(`server on port ${server.port} exited during start-up:\n${server.tail()}`);
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(200);
  }
  throw new Error(`server on port ${server.port} was not healthy within ${timeoutMs} ms (${last}):\n${server.tail()}`);
}

function parseJson(line: string): Record<string, unknown>[] {
  if (!line.startsWith('{')) return [];
  try {
    return [JSON.parse(line) as Record<string, unknown>];
  } catch {
    return [];
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
