// Runs data-layer suites on both databases the product supports (D-23): an embedded PGlite in a
// temporary folder, and a throwaway database on a real PostgreSQL server. A missing server is a
// failure, never a skip: code that only ever ran on PGlite has not been tested for production.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database, type DatabaseKind, type Db } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { copyPgliteTemplate } from './pglite-templates.js';

/** The server that hosts throwaway test databases; its user needs CREATEDB. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const databases: readonly DatabaseKind[] = ['pglite', 'postgres'];

/** PGlite start-up takes a few seconds, more when test files run in parallel. */
export const DB_TIMEOUT_MS = 60_000;

export interface TestDatabase extends Database {
  /** Closes the database and removes it (temp folder or DROP DATABASE). */
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Apply the migrations first (default true). */
  migrate?: boolean;
}

export async function openTestDatabase(
  kind: DatabaseKind,
  { migrate = true }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const opened = kind === 'pglite' ? await openTempPglite() : await openThrowawayPostgres();
  try {
    if (migrate) await migrateDatabase(opened);
    return opened;
  } catch (error) {
    await opened.dispose();
    throw error;
  }
}

/**
 * `describe` once per database, named `<name> [pglite]` and `<name> [postgres]`. The suite body
 * receives a getter for the suite's database, opened in beforeAll and removed in afterAll.
 */
export function describeEachDatabase(
  name: string,
  body: (database: () => TestDatabase, kind: DatabaseKind) => void,
  options: TestDatabaseOptions = {},
): void {
  for (const kind of databases) {
    describe(`${name} [${kind}]`, { timeout: DB_TIMEOUT_MS }, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await openTestDatabase(kind, options);
      }, DB_TIMEOUT_MS);
      afterAll(async () => {
        await current?.dispose();
      }, DB_TIMEOUT_MS);
      body(() => {
        if (!current) throw new Error(`the ${kind} test database did not open`);
        return current;
      }, kind);
    });
  }
}

async function openTempPglite(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'db-test-'));
  // Not yet migrated: suites that test a migration bring the database up to the one before it.
  await copyPgliteTemplate(dataDir, 'empty');
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    async dispose() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An empty database on the test server, for apps started with DATABASE_URL; `drop` removes it. */
export async function throwawayDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

async function openThrowawayPostgres(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir(), poolMax: 4 });
  return {
    ...database,
    async dispose() {
      await database.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${redact(TEST_DATABASE_URL)} (${(error as Error).message}). ` +
        'The data-layer tests run on PGlite and on PostgreSQL: start a server, or set TEST_DATABASE_URL ' +
        'to one whose user may CREATE DATABASE.',
      { cause: error },
    );
  }
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A database whose `execute` also keeps each statement sent, to look at how it was run. */
export function recordingDb(db: Db): { statements: SQL[]; db: Db } {
  const statements: SQL[] = [];
  const recorder = {
    execute: (statement: SQL) => {
      statements.push(statement);
      return db.execute(statement);
    },
  } as unknown as Db;
  return { statements, db: recorder };
}

/** How many times PostgreSQL scanned `table` while running a statement (EXPLAIN ANALYZE). */
export async function tableScans(db: Db, statement: SQL, table: string): Promise<number> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (analyze, format json) ${statement}`);
  let loops = 0;
  const walk = (node: Record<string, unknown>) => {
    if (node['Relation Name'] === table) loops += Number(node['Actual Loops']);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  const plan = row!['QUERY PLAN'];
  walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
  return loops;
}

/** The SQLSTATE a statement fails with (drizzle wraps driver errors in `cause`), or undefined if it succeeds. */
export async function sqlState(statement: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const err = error as { code?: unknown; cause?: { code?: unknown } };
    const code = err.cause?.code ?? err.code;
    if (typeof code !== 'string') throw error;
    return code;
  }
}

const redact = (url: string): string => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/**
 * How many rows of `table` PostgreSQL read while running a statement (EXPLAIN ANALYZE): the rows
 * its scans of the table returned plus those they read and dropped, over all their loops.
 */
export async function rowsRead(db: Db, statement: SQL, table: string): Promise<number> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (analyze, format json) ${statement}`);
  let rows = 0;
  const walk = (node: Record<string, unknown>) => {
    if (node['Relation Name'] === table) {
      const perLoop =
        Number(node['Actual Rows'] ?? 0) +
        Number(node['Rows Removed by Filter'] ?? 0) +
        Number(node['Rows Removed by Index Recheck'] ?? 0);
      rows += perLoop * Number(node['Actual Loops'] ?? 1);
    }
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  const plan = row!['QUERY PLAN'];
  walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
  return rows;
}
