// Builds the real app for API tests: PGlite in a temporary folder (or, with
// TEST_APP_DATABASE=postgres, a throwaway database on the test PostgreSQL server), no demo data, an
// optional fake web build, and the log lines captured for assertions.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PushAdapter } from '../src/adapters/push/index.js';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { checkAnswersAgainstContract } from './contract-check.js';
import { throwawayDatabaseUrl } from './databases.js';
import { copyPgliteTemplate } from './pglite-templates.js';

export const FAKE_BIG_SCRIPT = `console.log(${JSON.stringify('a needs and offers map '.repeat(200))});`;
export const FAKE_INDEX = '<!doctype html><html><body><div id="root">app shell</div></body></html>';

export interface TestApp {
  app: FastifyInstance;
  logs: string[];
  /** Answers that broke their route's declared contract (contract-check.ts); close() fails on any. */
  contractFailures: string[];
  close(): Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: { web?: boolean; push?: PushAdapter } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'app-test-'));
  let webDist = join(dir, 'no-web');
  if (options.web) {
    webDist = join(dir, 'web');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), FAKE_INDEX);
    writeFileSync(join(webDist, 'assets', 'main-abc123.js'), 'console.log("hi")');
    // A script the build compressed (apps/web/precompress-plugin.ts): its brotli file only.
    writeFileSync(join(webDist, 'assets', 'big-abc123.js'), FAKE_BIG_SCRIPT);
    writeFileSync(join(webDist, 'assets', 'big-abc123.js.br'), brotliCompressSync(FAKE_BIG_SCRIPT));
    writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  }
  // The `server-postgres` test project runs the route suites again on PostgreSQL.
  const postgres =
    process.env.TEST_APP_DATABASE === 'postgres' && !env.DATABASE_URL ? await throwawayDatabaseUrl() : undefined;
  // A new PGlite starts from the migrated template; a caller's own DATA_DIR is left as it is.
  if (!postgres && !env.DATABASE_URL && !env.DATA_DIR) await copyPgliteTemplate(join(dir, 'data'));
  const config: Config = loadConfig({
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    DATA_DIR: join(dir, 'data'),
    DEMO_DATA: 'false',
    WEB_DIST: webDist,
    // D-26: loading every city takes seconds; suites that look places up ask for a country or two.
    PLACES_COUNTRIES: 'none',
    // The job queue's background polling is left out; the tests of the deal clock run it themselves.
    JOBS: 'off',
    // Test files share one Redis: each app counts its rate limits apart unless a test says otherwise.
    ...(env.REDIS_URL ? { REDIS_KEY_PREFIX: `test-${randomUUID()}:` } : {}),
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const contractFailures: string[] = [];
  const app = await buildApp(config, {
    logger: createLogger('info', sink) as FastifyBaseLogger,
    instrument: (instance) => checkAnswersAgainstContract(instance, contractFailures),
    ...(options.push ? { push: options.push } : {}),
  });
  return {
    app,
    logs,
    contractFailures,
    async close() {
      await app.close();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
      if (contractFailures.length > 0) {
        throw new Error(`answers off the declared contract:\n${[...new Set(contractFailures)].join('\n')}`);
      }
    },
  };
}
