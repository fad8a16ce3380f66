// The posts' data layer on both databases (D-23): lists by cursor and by distance from the GiST
// index, and search with search_norm() (unaccent + pg_trgm) on PGlite and PostgreSQL alike.
import { CATEGORIES } from '@app/shared';
import { beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase } from '../../../test/databases.js';
import { users } from '../../db/schema.js';
import { solutionsRepository, type NewSolutionRow } from './repository.js';

const names = CATEGORIES.map((c) => ({ id: c.id, names: `${c.id} ${c.name.en} ${c.name.fr}` }));

describeEachDatabase('the posts repository', (database) => {
  const repo = () => solutionsRepository(database().db);
  const ids: string[] = [];
  /** Offers at one spot, and one a little farther: the nearest-first order breaks ties by id. */
  const tied: string[] = [];
  let farther = '';

  beforeAll(async () => {
    const [owner] = await database()
      .db.insert(users)
      .values({ firstName: 'Awa', email: 'awa@example.org', mobileNo: '+221770000001' })
      .returning({ id: users.id });
    const post = (i: number, extra: Partial<NewSolutionRow>): NewSolutionRow => ({
      userId: owner!.id,
      userRole: 'needSolution',
      category: 'Delivery',
      subCategoryId: 'delivery-small-box',
      subCategoryEn: 'Small box (0.01-5kg or 30x30cm)',
      subCategoryFr: 'Petite boîte (0,01-5 kg ou 30x30 cm)',
      priceUsd: 220,
      priceEur: 199,
      priceXof: 1300,
      description: `post ${i}`,
      pickupCountry: 'Senegal',
      location: { x: -17.45 + i * 0.01, y: 14.69 },
      ...extra,
    });
    ids.push(await repo().insert(post(0, { pickupCountry: "Côte d'Ivoire", location: { x: -4.0, y: 5.35 } }), []));
    ids.push(await repo().insert(post(1, { category: 'Vegetables', subCategoryEn: 'Your own proposition...' }), []));
    for (let i = 2; i < 6; i++) ids.push(await repo().insert(post(i, {}), []));
    ids.push(await repo().insert(post(6, { status: 'Deleted' }), []));
    const offer = { userRole: 'provideSolution', location: { x: 2.11, y: 13.51 } } as const;
    for (let i = 10; i < 15; i++) tied.push(await repo().insert(post(i, offer), []));
    farther = await repo().insert(post(15, { ...offer, location: { x: 2.2, y: 13.51 } }), []);
  }, DB_TIMEOUT_MS);

  it('pages open posts newest first with an exact (created_at, id) cursor', async () => {
    const first = await repo().list({ type: 'needSolution', limit: 4 });
    const last = first[first.length - 1]!;
    const next = await repo().list({
      type: 'needSolution',
      limit: 4,
      after: { created: last.created_key, id: last.id },
    });
    const seen = [...first, ...next].map((r) => r.id);
    expect(new Set(seen).size).toBe(6);
    expect(seen).not.toContain(ids[6]);
  });

  it('orders by distance from a point', async () => {
    const near = await repo().list({ type: 'needSolution', limit: 2, near: { at: [-4.01, 5.36], offset: 0 } });
    expect(near[0]!.pickup_country).toBe("Côte d'Ivoire");
  });

  it('pages nearest first by offset, ties in id order, none repeated or skipped', async () => {
    const pages = [];
    for (const offset of [0, 2, 4]) {
      pages.push(...(await repo().list({ type: 'provideSolution', limit: 2, near: { at: [2.0, 13.5], offset } })));
    }
    expect(pages.map((r) => r.id)).toEqual([...[...tied].sort(), farther]);
  });

  it.each([
    ['pickup_country', 'cote d ivoire', 1],
    ['pickup_country', 'SÉNÉGAL', 5],
    ['category', 'legumes', 1],
    ['category', 'livraison', 5],
    ['sub_category', 'petite boite', 6],
  ] as const)('searches %s for "%s" ignoring case, accents and punctuation', async (field, text, count) => {
    const rows = await repo().search({ type: 'needSolution', field, text, categoryNames: names, limit: 20 });
    expect(rows).toHaveLength(count);
  });
});
