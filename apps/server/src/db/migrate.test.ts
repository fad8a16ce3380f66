import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, queryRows } from '../../test/databases.js';
import type { Db } from './client.js';
import { migrateDatabase, pendingMigrations, resolveMigrationsFolder } from './migrate.js';

const TABLES = [
  'alert_matches',
  'alert_vocabulary',
  'alerts',
  'deal_messages',
  'deal_reviews',
  'deals',
  'email_codes',
  'idempotency_keys',
  'local_payment_orders',
  'login_codes',
  'map_cell_totals',
  'map_cells',
  'notifications',
  'oauth_states',
  'payments',
  'places',
  'reports',
  'search_vocabulary',
  'sessions',
  'sms_codes',
  'social_identities',
  'solution_images',
  'solutions',
  'subscriptions',
  'users',
  'ussd_profiles',
  'visits',
];

const journal = JSON.parse(readFileSync(join(resolveMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

const tableNames = async (db: Db) =>
  (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    )
  ).map((r) => r.name);

const appliedCount = async (db: Db) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n;

/** Columns, indexes and constraints: anything a repeated migration could add or change. */
const schemaShape = async (db: Db) => ({
  columns: await queryRows(
    db,
    sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = 'public' order by table_name, column_name`,
  ),
  indexes: await queryRows(db, sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`),
  constraints: await queryRows(
    db,
    sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint
        where connamespace = 'public'::regnamespace order by 1`,
  ),
});

it('finds apps/server/drizzle from the TypeScript sources', () => {
  expect(resolveMigrationsFolder()).toMatch(/apps[/\\]server[/\\]drizzle$/);
  expect(journal.entries.length).toBeGreaterThan(0);
});

describeEachDatabase(
  'migrations',
  (database) => {
    it('creates every table on an empty database, after which none is pending', async () => {
      const { db } = database();
      expect(await tableNames(db)).toEqual([]);
      expect(await pendingMigrations(database())).toHaveLength(journal.entries.length);
      await migrateDatabase(database());
      expect(await tableNames(db)).toEqual(TABLES);
      expect(await appliedCount(db)).toBe(journal.entries.length);
      expect(await pendingMigrations(database())).toEqual([]);
    });

    it('changes nothing when run again', async () => {
      const { db } = database();
      const before = await schemaShape(db);
      expect(before.indexes.length).toBeGreaterThan(20);
      await migrateDatabase(database());
      expect(await appliedCount(db)).toBe(journal.entries.length);
      expect(await schemaShape(db)).toEqual(before);
    });

    it('fails clearly when pointed at a folder without migrations', async () => {
      await expect(migrateDatabase(database(), join(resolveMigrationsFolder(), 'missing'))).rejects.toThrow();
    });
  },
  { migrate: false },
);
