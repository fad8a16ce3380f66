// Paged reads keep one generic plan per connection on PostgreSQL (repository.ts, rowCount): a
// named statement whose page size was a parameter was planned afresh on every call, which cost
// as much as running it. PostgreSQL only: PGlite has no pool of named statements to look into.
import { CATEGORIES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, throwawayDatabaseUrl } from '../../../test/databases.js';
import { openMigratedDatabase, type Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { addWorldPosts } from '../../db/seed.js';
import type { SessionClaim } from '../sessions/service.js';
import type { ListFilter } from './list-repository.js';
import { solutionsRepository } from './repository.js';

const names = CATEGORIES.map((c) => ({ id: c.id, names: `${c.id} ${c.name.en} ${c.name.fr}` }));

describe('paged reads reuse a generic plan [postgres]', () => {
  let server: Awaited<ReturnType<typeof throwawayDatabaseUrl>>;
  let database: Database;
  let claim: () => SessionClaim;

  beforeAll(async () => {
    server = await throwawayDatabaseUrl();
    // One connection: its prepared statements are the ones pg_prepared_statements shows.
    database = await openMigratedDatabase({ databaseUrl: server.url, dataDir: '', poolMax: 1 });
    const { db } = database;
    // Enough posts for PostgreSQL's costs to tell a good plan from a bad one.
    await addWorldPosts(db, 20_000);
    await db.execute(sql`analyze`);
    const [user] = await db.insert(users).values({ firstName: 'Awa', email: 'awa@example.org' }).returning();
    await db
      .insert(sessions)
      .values({ userId: user!.id, authKeyHash: 'plans', expiresAt: new Date(Date.now() + 3.6e6) });
    claim = () => ({ hash: 'plans', at: new Date() });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await server?.drop();
  }, 30_000);

  /** The plans PostgreSQL made for the statements `read` sends, over 10 calls. */
  async function plansOf(read: () => Promise<unknown>) {
    const statements = sql`select name, generic_plans, custom_plans from pg_prepared_statements`;
    type Row = { name: string; generic_plans: number; custom_plans: number };
    const before = new Set((await queryRows<Row>(database.db, statements)).map((r) => r.name));
    for (let i = 0; i < 10; i++) await read();
    const mine = (await queryRows<Row>(database.db, statements)).filter((r) => !before.has(r.name));
    return mine.map((r) => ({ generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
  }

  it.each<[string, ListFilter]>([
    ['the newest posts', { type: 'needSolution', limit: 21 }],
    ['the newest posts of a category', { type: 'provideSolution', limit: 21, category: 'Fruits' }],
    ['the nearest posts, first page', { type: 'needSolution', limit: 21, near: { at: [-17.4, 14.7], offset: 0 } }],
  ])('plans %s once, then reuses the plan', async (_name, filter) => {
    const repo = solutionsRepository(database.db);
    const plans = await plansOf(() => repo.list(filter, claim()));
    expect(plans).toHaveLength(1);
    expect(plans[0]!.generic).toBeGreaterThanOrEqual(5);
  });

  it("plans the nearest posts' ids (a page joined from kept records) once, then reuses the plan", async () => {
    const repo = solutionsRepository(database.db);
    const near = { at: [-17.4, 14.7] as [number, number], offset: 0 };
    const plans = await plansOf(() => repo.nearestIds({ type: 'provideSolution', limit: 21, near }, claim()));
    expect(plans).toHaveLength(1);
    expect(plans[0]!.generic).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['needSolution', 'solutions_listed_needs_location_gist'],
    ['provideSolution', 'solutions_listed_offers_location_gist'],
  ] as const)(
    'walks the nearest posts of type %s in their own index, with the generic plan too',
    async (type, index) => {
      const repo = solutionsRepository(database.db);
      // The index's scans so far; this backend's counts are flushed first (the pool has one connection).
      const scans = async () => {
        await database.db.execute(sql`select pg_stat_force_next_flush()`);
        const [row] = await queryRows<{ n: string }>(
          database.db,
          sql`select idx_scan as n from pg_stat_user_indexes where indexrelname = ${index}`,
        );
        return Number(row!.n);
      };
      const before = await scans();
      // Past the five custom plans: a generic plan of `user_role = $n` could not use the index.
      // Whole pages and their ids alone (list-cache.ts) alike.
      for (let i = 0; i < 10; i++) {
        const filter = { type, limit: 21, near: { at: [-17.4 + i / 100, 14.7] as [number, number], offset: 0 } };
        await repo.list(filter, claim());
        await repo.nearestIds(filter, claim());
      }
      expect((await scans()) - before).toBeGreaterThanOrEqual(20);
    },
  );

  it.each([
    ['country', 'senegal'],
    ['category', 'fruits'],
  ] as const)('plans a search by %s once, then reuses the plan', async (field, text) => {
    const repo = solutionsRepository(database.db);
    const search = { type: 'needSolution', text, categoryNames: names, limit: 21 } as const;
    const plans = await plansOf(() =>
      repo.search({ ...search, field: field === 'country' ? 'pickup_country' : 'category' }, claim()),
    );
    expect(plans).toHaveLength(1);
    expect(plans[0]!.generic).toBeGreaterThanOrEqual(5);
  });

  it('still answers exactly the page size asked for, though the statement reads a larger step', async () => {
    const repo = solutionsRepository(database.db);
    for (const limit of [1, 7, 21, 22, 60, 101]) {
      expect(await repo.list({ type: 'needSolution', limit }, claim())).toHaveLength(limit);
    }
  });
});
