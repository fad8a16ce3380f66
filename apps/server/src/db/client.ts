// Opens the database. D-23: no configuration means an embedded PGlite in the data folder;
// DATABASE_URL means a PostgreSQL server shared by many stateless instances. Both give one Drizzle type.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrateDatabase } from './migrate.js';
import { listenPostgres } from './listen.js';
import { nameStatements } from './named-statements.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one query-builder type of both drivers; a transaction (`db.transaction(tx => ...)`) is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** True when a trivial query answers (for /api/health). */
  ping(): Promise<boolean>;
  /** PostgreSQL's pool right now (for /metrics); undefined for PGlite, which has no pool. */
  poolStats(): PoolStats | undefined;
  /** Ends the pool or closes PGlite; safe to call twice. */
  close(): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (db/listen.ts), and `onGap` when notifications
   * may have been missed (the connection was lost). Resolves to a function that stops listening.
   */
  listen?(channel: string, onPayload: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  /** Sends a NOTIFY on `channel` (delivered after every notification committed before it). */
  notify(channel: string, payload: string): Promise<void>;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries queued for a connection: above zero, the pool is the bottleneck. */
  waiting: number;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; absent means embedded PGlite. */
  databaseUrl?: string;
  /** The data folder; PGlite lives in `<dataDir>/pglite`. */
  dataDir: string;
  /** Pool size for PostgreSQL (default 10): bounded so many instances stay under max_connections. */
  poolMax?: number;
  /** PostgreSQL: the server cancels a statement running longer than this (default: no limit). */
  statementTimeoutMs?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax ?? 10, options.statementTimeoutMs)
    : openPglite(options.dataDir);
}

/** openDatabase, then migrateDatabase (migrate.ts); closes the database again if migrating fails. */
export async function openMigratedDatabase(
  options: OpenDatabaseOptions & { migrationsFolder?: string },
): Promise<Database> {
  const database = await openDatabase(options);
  try {
    await migrateDatabase(database, options.migrationsFolder);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  const folder = join(dataDir, 'pglite');
  await mkdir(folder, { recursive: true });
  // The search and places migrations create these extensions; PGlite must be given their code.
  const client = await PGlite.create({
    dataDir: folder,
    extensions: { pg_trgm, unaccent, fuzzystrmatch, btree_gist },
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    notify: (channel, payload) => notify(db, channel, payload),
    poolStats: () => undefined,
    close: once(() => client.close()),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      // The database may close first (the readiness test closes it): nothing is left to unlisten.
      return async () => {
        if (!client.closed) await unlisten().catch(() => undefined);
      };
    },
  };
}

async function openPostgres(connectionString: string, max: number, statementTimeoutMs?: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
    // No JIT compilation: the search's plans look costly on a million posts, so the
    // server compiled them on every call, which cost tens of milliseconds more than running them.
    options: '-c jit=off',
    // Fail instead of queueing forever when the server is down or the pool is exhausted. Not
    // shorter: the timer counts wall time, and a PGlite in the same process (tests, tools) can
    // hold the event loop for seconds on a loaded machine, so a 5 s limit failed a healthy connect.
    connectionTimeoutMillis: 15_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would crash the process.
  pool.on('error', () => {});
  // A checked-out client whose connection dies between two statements of a transaction emits
  // 'error' with no query to fail; unhandled, it would crash the process. Its next statement
  // fails instead (a 503, plugins/errors.ts) and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    nameStatements(client);
  });
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    ping: () => ping(db),
    notify: (channel, payload) => notify(db, channel, payload),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: once(() => pool.end()),
    listen: (channel, onPayload, onGap) => listenPostgres(connectionString, channel, onPayload, onGap),
  };
}

async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
