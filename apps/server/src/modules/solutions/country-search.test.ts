// A search by country reads at most one page of posts per matching country, from the
// country index, however many posts each country holds; one letter (nearly every country) is
// refused by the service (routes.test.ts), two letters are bounded here, on both databases.
import { CATEGORIES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase, recordingDb, rowsRead } from '../../../test/databases.js';
import { solutions, users } from '../../db/schema.js';
import { solutionsRepository } from './repository.js';

const names = CATEGORIES.map((c) => ({ id: c.id, names: `${c.id} ${c.name.en} ${c.name.fr}` }));
// ISO codes, as posts store them (migration 0022); a search matches their names.
const COUNTRIES = ['SN', 'NE', 'BJ', 'GN', 'ML', 'TG', 'GH', 'KE', 'MA', 'TD'];
const PER_COUNTRY = 1000;
/** The repository's page: a limit of 20 (+1) is read as a step of 21 rows. */
const PAGE = 21;

describeEachDatabase('search by country', (database) => {
  beforeAll(async () => {
    const db = database().db;
    // Many users, as in production: the page reads join them.
    const owners = await db
      .insert(users)
      .values(Array.from({ length: 50 }, (_, i) => ({ firstName: `U${i}`, email: `u${i}@example.org` })))
      .returning({ id: users.id });
    const rows = COUNTRIES.flatMap((country, c) =>
      Array.from({ length: PER_COUNTRY }, (_, i) => ({
        userId: owners[(c * PER_COUNTRY + i) % owners.length]!.id,
        userRole: 'needSolution' as const,
        category: 'Delivery' as const,
        subCategoryId: 'delivery-small-box',
        subCategoryEn: 'Small box',
        subCategoryFr: 'Petite boîte',
        priceUsd: 220,
        priceEur: 199,
        priceXof: 1300,
        description: `post ${c}-${i}`,
        pickupCountry: country,
        location: { x: c, y: i * 0.01 },
        createdAt: new Date(Date.UTC(2026, 0, 1) + (i * COUNTRIES.length + c) * 60_000),
      })),
    );
    for (let i = 0; i < rows.length; i += 1000) await db.insert(solutions).values(rows.slice(i, i + 1000));
    await db.execute(sql`analyze solutions`);
    await db.execute(sql`analyze users`);
  }, DB_TIMEOUT_MS);

  it('reads one page per matching country for two letters, not every post of those countries', async () => {
    const { statements, db } = recordingDb(database().db);
    const search = { type: 'needSolution', field: 'pickup_country', text: 'ma', categoryNames: names } as const;
    const found = await solutionsRepository(db).search({ ...search, limit: 20 });
    // "ma": of the stored countries, Mali and Maroc (Morocco) have it in a name; newest first across both.
    const matched = 2;
    expect(new Set(found.map((r) => r.pickup_country))).toEqual(new Set(['ML', 'MA']));
    expect(found).toHaveLength(20);
    const read = await rowsRead(database().db, statements[0]!, 'solutions');
    // The distinct countries (a probe each), then a page per matched country, and the page's rows again.
    expect(read).toBeLessThanOrEqual(COUNTRIES.length + 1 + matched * PAGE + 2 * PAGE);
    expect(read).toBeLessThan(matched * PER_COUNTRY);
  });

  it('reads the next page from the index too, past a cursor', async () => {
    const repo = solutionsRepository(database().db);
    const search = { type: 'needSolution', field: 'pickup_country', text: 'ma', categoryNames: names } as const;
    let after: { created: string; id: string } | undefined;
    for (let page = 0; page < 4; page++) {
      const rows = await repo.search({ ...search, limit: 20, after });
      const last = rows[19]!;
      after = { created: last.created_key, id: last.id };
    }
    const { statements, db } = recordingDb(database().db);
    const fifth = await solutionsRepository(db).search({ ...search, limit: 20, after });
    expect(fifth).toHaveLength(20);
    const read = await rowsRead(database().db, statements[0]!, 'solutions');
    expect(read).toBeLessThanOrEqual(COUNTRIES.length + 1 + 2 * PAGE + 2 * PAGE);
  });
});
