// Applies the SQL migrations of apps/server/drizzle. D-23: the same folder serves PGlite and PostgreSQL.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import { queryRows } from '../lib/sql-rows.js';
import type { Database } from './client.js';

/** Any constant: instances starting together take turns applying migrations (D-23). */
const MIGRATION_LOCK_KEY = 7_310_023;

/**
 * apps/server/drizzle, seen from this file: `../../drizzle` from src/db/*.ts (vitest, tsx),
 * `../drizzle` from a bundled apps/server/dist/*.js.
 */
export function resolveMigrationsFolder(): string {
  const candidates = ['../../drizzle', '../drizzle'].map((rel) => fileURLToPath(new URL(rel, import.meta.url)));
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations folder not found; looked in ${candidates.join(', ')}`);
  return found;
}

/** Brings the schema up to date; a no-op when it already is. */
export async function migrateDatabase(database: Database, migrationsFolder = resolveMigrationsFolder()): Promise<void> {
  if (database.kind === 'pglite') {
    // PGlite has a single connection in this process: nothing else can race us.
    await migratePglite(drizzlePglite({ client: rawClient<PGlite>(database) }), { migrationsFolder });
    return;
  }
  // One pooled connection holds an advisory lock for the whole run, so two instances
  // starting at once never apply the same migration twice.
  const client = await rawClient<pg.Pool>(database).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** The driver drizzle keeps as `$client`: a PGlite or a pg Pool, as `kind` says. */
const rawClient = <T>(database: Database): T => (database.db as unknown as { $client: T }).$client;

/**
 * The tags of the migrations not yet applied, judged as drizzle's migrator does: those newer than
 * the last one recorded in drizzle.__drizzle_migrations.
 */
export async function pendingMigrations(
  database: Database,
  migrationsFolder = resolveMigrationsFolder(),
): Promise<string[]> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  // No migrations table yet means everything is pending.
  const [table] = await queryRows(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
    z.object({ name: z.string().nullable() }),
  );
  const [applied] = table?.name
    ? await queryRows(
        database.db,
        sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
        z.object({ last: z.string().nullable() }),
      )
    : [];
  const last = Number(applied?.last ?? -1);
  return journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}
