import { CATEGORIES, CATEGORY_IDS, findSubcategory } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase, queryRows } from '../../test/databases.js';
import type { Db } from './client.js';
import { solutions, users } from './schema.js';
import { WORLD_PLACES } from './seed-data.js';
import { addPosts, addWorldPosts, seedDemoData, type SeedResult } from './seed.js';

/** Real city centres; every demo post must lie within about 40 km of its pickup city. */
const CENTRES: Record<string, { lat: number; lng: number; country: string }> = {
  Dakar: { lat: 14.69, lng: -17.44, country: 'SN' },
  Niamey: { lat: 13.51, lng: 2.11, country: 'NE' },
  Kinshasa: { lat: -4.32, lng: 15.31, country: 'CD' },
  Abidjan: { lat: 5.35, lng: -4.0, country: 'CI' },
  Montréal: { lat: 45.5, lng: -73.57, country: 'CA' },
};

const countPosts = async (db: Db) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from solutions`))[0]?.n ?? -1;

describeEachDatabase('demo data', (database) => {
  let seeded: SeedResult | null = null;
  beforeAll(async () => {
    seeded = await seedDemoData(database().db);
  }, DB_TIMEOUT_MS);

  it('creates about ten demo users with @demo.example e-mails and E.164 numbers from five countries', async () => {
    const rows = await database().db.select().from(users);
    expect(seeded?.users).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.length).toBeLessThanOrEqual(12);
    for (const user of rows) {
      expect(user.email).toMatch(/^[a-z.-]+@demo\.example$/);
      expect(user.mobileNo).toMatch(/^\+(221|227|243|225|1)\d{7,12}$/);
      // A placeholder that no argon2 verify accepts (D-8), except the one documented demo login.
      if (user.email !== 'aminata.diop@demo.example') expect(user.passwordHash).not.toMatch(/^\$argon2/);
    }
    const prefixes = new Set(rows.map((u) => /^\+(221|227|243|225|1)/.exec(u.mobileNo ?? '')?.[1]));
    expect([...prefixes].sort()).toEqual(['1', '221', '225', '227', '243']);
    expect(rows.some((u) => u.verified)).toBe(true);
    expect(rows.some((u) => u.vip)).toBe(true);
    expect(rows.some((u) => !u.verified && !u.vip)).toBe(true);
  });

  it('creates at least 300 posts in all 13 categories, both roles, around the five cities', async () => {
    const posts = await database().db.select().from(solutions);
    expect(seeded?.posts).toBe(posts.length);
    expect(posts.length).toBeGreaterThanOrEqual(300);
    for (const role of ['needSolution', 'provideSolution'] as const) {
      expect(new Set(posts.filter((p) => p.userRole === role).map((p) => p.category))).toEqual(new Set(CATEGORY_IDS));
    }
    for (const post of posts) {
      const centre = CENTRES[post.pickupCity ?? ''];
      expect(centre, post.pickupCity ?? 'no city').toBeDefined();
      if (!centre) continue;
      expect(post.pickupCountry).toBe(centre.country);
      expect(Math.abs(post.location.y - centre.lat)).toBeLessThan(0.35);
      expect(Math.abs(post.location.x - centre.lng)).toBeLessThan(0.35);
    }
    const perCity = new Map<string, number>();
    for (const p of posts) perCity.set(p.pickupCity ?? '', (perCity.get(p.pickupCity ?? '') ?? 0) + 1);
    expect([...perCity.keys()].sort()).toEqual(Object.keys(CENTRES).sort());
    expect(Math.min(...perCity.values())).toBeGreaterThanOrEqual(50);
  });

  it('writes most demo posts in French, as people in these cities would, and some in English', async () => {
    const rows = await queryRows<{ language: string; n: number }>(
      database().db,
      sql`select u.language, count(*)::int as n from solutions s join users u on u.id = s.user_id group by u.language`,
    );
    const count = (language: string) => rows.find((r) => r.language === language)?.n ?? 0;
    const total = count('fr') + count('en');
    expect(count('fr') / total).toBeGreaterThanOrEqual(0.7);
    expect(count('en')).toBeGreaterThan(0);
    // The descriptions follow their author's language: "Je cherche à louer", not "Need to rent".
    const posts = await database().db.select({ description: solutions.description }).from(solutions);
    const french = posts.filter((p) => /\b(je|j'|à|de|des|du|le|la)\b/i.test(p.description ?? ''));
    expect(french.length / posts.length).toBeGreaterThanOrEqual(0.7);
  });

  it('prices presets from the catalogue and own propositions plausibly (D-3, D-4)', async () => {
    const posts = await database().db.select().from(solutions);
    const subIds = new Set(posts.map((p) => p.subCategoryId));
    for (const category of CATEGORIES) for (const sub of category.subcategories) expect(subIds).toContain(sub.id);
    for (const post of posts) {
      const found = findSubcategory(post.subCategoryId);
      expect(found?.category.id).toBe(post.category);
      if (!found) continue;
      expect([post.subCategoryEn, post.subCategoryFr]).toEqual([found.sub.label.en, found.sub.label.fr]);
      if (found.sub.own) {
        expect(post.priceUsd).toBeGreaterThan(100);
        // EUR to XOF at the 655.957 peg, to the franc.
        expect(Math.abs(post.priceXof - (post.priceEur * 655.957) / 100)).toBeLessThanOrEqual(1);
      } else {
        expect({ USD: post.priceUsd, EUR: post.priceEur, XOF: post.priceXof }).toEqual(found.sub.prices);
      }
    }
  });

  it('fills the delivery block exactly where the catalogue asks for it, with near-future dates', async () => {
    const posts = await database().db.select().from(solutions);
    const today = new Date().toISOString().slice(0, 10);
    const inSixWeeks = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
    const optional: boolean[] = [];
    for (const post of posts) {
      const block = CATEGORIES.find((c) => c.id === post.category)?.deliveryBlock;
      const filled = post.deliveryCity !== null && post.deliveryLat !== null && post.deliveryLng !== null;
      if (block === 'required') expect(filled).toBe(true);
      if (block === 'hidden') expect(post.deliveryCity ?? post.deliveryLat ?? post.deliveryDate).toBeNull();
      if (block === 'optional') optional.push(filled);
      const pickup = post.pickupDate ?? '';
      expect(pickup > today && pickup <= inSixWeeks, pickup).toBe(true);
      if (filled) expect((post.deliveryDate ?? '') >= pickup).toBe(true);
      expect(post.description.length).toBeGreaterThan(30);
    }
    expect(optional).toContain(true);
    expect(optional).toContain(false);
  });

  it('does nothing when run again', async () => {
    const { db } = database();
    const before = await countPosts(db);
    expect(await seedDemoData(db)).toBeNull();
    expect(await countPosts(db)).toBe(before);
    expect(await db.select({ id: users.id }).from(users)).toHaveLength(seeded?.users ?? -1);
  });

  it('adds exactly n benchmark posts, owned by one bench user', async () => {
    const { db } = database();
    const before = await countPosts(db);
    expect(await addPosts(db, 2345)).toBe(2345);
    expect(await countPosts(db)).toBe(before + 2345);
    expect(await addPosts(db, 1)).toBe(1);
    expect(await countPosts(db)).toBe(before + 2346);
    const bench = await db.select({ id: users.id }).from(users).where(eq(users.email, 'bench.load@demo.example'));
    expect(bench).toHaveLength(1);
  });
});

describeEachDatabase('the demo login', (database) => {
  it('lets exactly one demo account sign in, with the documented password, and gives users ISO country codes', async () => {
    const { DEMO_LOGIN } = await import('./seed.js');
    const { verifyPassword } = await import('../modules/users/password-hash.js');
    await seedDemoData(database().db);
    const rows = await database().db.select().from(users);
    const demo = rows.find((u) => u.email === DEMO_LOGIN.email);
    expect(demo?.passwordHash && (await verifyPassword(demo.passwordHash, DEMO_LOGIN.password))).toBe(true);
    expect(rows.filter((u) => u.passwordHash?.startsWith('$argon2'))).toHaveLength(1);
    for (const u of rows) expect(u.country).toMatch(/^(SN|NE|CD|CI|CA)$/);
  });
});

describeEachDatabase('benchmark posts at scale (bench/map)', (database) => {
  it('adds n posts, mostly around the world places, a few scattered, most of them open', async () => {
    const { db } = database();
    const progress: number[] = [];
    expect(await addWorldPosts(db, 4000, { onProgress: (n) => progress.push(n) })).toBe(4000);
    expect(progress).toEqual([4000]);
    const posts = await db
      .select({
        location: solutions.location,
        status: solutions.status,
        city: solutions.pickupCity,
        country: solutions.pickupCountry,
      })
      .from(solutions);
    expect(posts).toHaveLength(4000);
    const near = posts.filter(({ location: p }) =>
      WORLD_PLACES.some((c) => Math.abs(c.lng - p.x) < 0.5 && Math.abs(c.lat - p.y) < 0.5),
    );
    expect(near.length / posts.length).toBeGreaterThan(0.8);
    expect(near.length / posts.length).toBeLessThan(0.95);
    expect(new Set(posts.map((p) => p.city)).size).toBeGreaterThan(50);
    // Migration 0022: ISO codes, as posts from the form store them; none for the scattered posts.
    const countries = new Set(posts.map((p) => p.country));
    expect([...countries].filter((c) => c !== null && !/^[A-Z]{2}$/.test(c))).toEqual([]);
    expect(countries).toContain('CD');
    expect(countries).toContain('CG');
    const open = posts.filter((p) => p.status === 'Pending').length / posts.length;
    expect(open).toBeGreaterThan(0.84);
    expect(open).toBeLessThan(0.92);
    expect(new Set(posts.map((p) => p.status))).toEqual(new Set(['Pending', 'Accepted', 'Deleted']));
    for (const { location: p } of posts) {
      expect(Math.abs(p.x)).toBeLessThanOrEqual(180);
      expect(Math.abs(p.y)).toBeLessThanOrEqual(85);
    }
  });
});
