import argon2 from 'argon2';
// Demo data for a fresh install (D-23: the product runs on one machine with something to look at)
// and bulk posts for benchmarks. Deterministic: a seeded PRNG, never Math.random.
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { CATEGORIES, USER_ROLES } from '@app/shared';
import type { Db } from './client.js';
import { solutions, users } from './schema.js';
import {
  BENCH_USER,
  CITIES,
  DEMO_USERS,
  GOODS,
  OWN_PRICE_USD,
  demoEmail,
  describePost,
  type DemoUser,
} from './seed-data.js';

type NewSolution = typeof solutions.$inferInsert;

/**
 * Not an argon2 hash (D-8): the leading '!' marks a locked account, as in /etc/shadow, so no
 * password ever verifies and demo accounts cannot be used to sign in.
 */
export const NO_LOGIN_PASSWORD_HASH = '!demo-account-no-login';

const BATCH_SIZE = 1000;
const DAY_MS = 86_400_000;
/** Serialises seeding between instances that start together on one PostgreSQL (D-23). */
const SEED_LOCK_KEY = 7_310_024;

/** Who owns the post with this sequence number, and in which city and language they write. */
type OwnerOf = (seq: number) => { id: string; city: number; language: 'en' | 'fr' };

export interface SeedResult {
  users: number;
  posts: number;
}

/** Creates the demo users and posts; does nothing (null) when the database already has a user. */
export async function seedDemoData(db: Db, { posts = 320 }: { posts?: number } = {}): Promise<SeedResult | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [anyUser] = await tx.select({ id: users.id }).from(users).limit(1);
    if (anyUser) return null;

    const demoLoginHash = await argon2.hash(DEMO_LOGIN.password, { type: argon2.argon2id });
    const created = await tx
      .insert(users)
      .values(DEMO_USERS.map((u) => toUserRow(u, demoLoginHash)))
      .returning({ id: users.id });
    const owners = created.map((row, i) => ({ id: row.id, user: DEMO_USERS[i] as DemoUser }));
    // Each city's two residents take turns posting there.
    const ownerOf: OwnerOf = (seq) => {
      const city = seq % CITIES.length;
      const mine = owners.filter((o) => o.user.city === city);
      const owner = mine[Math.floor(seq / CITIES.length) % mine.length] ?? owners[0];
      if (!owner) throw new Error('no demo user');
      return { id: owner.id, city, language: owner.user.language };
    };
    await insertPosts(tx, 0, posts, ownerOf);
    return { users: created.length, posts };
  });
}

/** Benchmarks: inserts `count` more posts owned by the bench user (created if missing). */
export async function addPosts(db: Db, count: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(users).values(toUserRow(BENCH_USER, NO_LOGIN_PASSWORD_HASH)).onConflictDoNothing();
    const [bench] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail(BENCH_USER)));
    if (!bench) throw new Error('bench user missing');
    // Continue the sequence so repeated runs do not repeat the same posts.
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(solutions);
    const ownerOf: OwnerOf = (seq) => ({ id: bench.id, city: seq % CITIES.length, language: seq % 2 ? 'fr' : 'en' });
    await insertPosts(tx, existing?.n ?? 0, count, ownerOf);
    return count;
  });
}

/** The one place posts are inserted, in batches of BATCH_SIZE rows. */
async function insertPosts(db: Db, firstSeq: number, count: number, ownerOf: OwnerOf): Promise<void> {
  const now = Date.now();
  for (let done = 0; done < count; done += BATCH_SIZE) {
    const size = Math.min(BATCH_SIZE, count - done);
    const rng = mulberry32(firstSeq + done);
    const rows = Array.from({ length: size }, (_, i) => buildPost(firstSeq + done + i, rng, ownerOf, now));
    await insertRows(db, rows);
  }
}

/**
 * Sends a whole batch as one JSON parameter expanded by json_populate_recordset: building a
 * 30,000-parameter INSERT costs drizzle more time than the database spends storing the rows.
 * Values pass through each column's own driver mapping (point, date, timestamp), and columns the
 * rows leave out keep their SQL defaults.
 */
async function insertRows(db: Db, rows: NewSolution[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(solutions);
  // The union of keys: rows without a delivery block leave those fields out.
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))] as (keyof typeof columns)[];
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const key of keys) {
      const value = row[key];
      record[columns[key].name] = value == null ? null : columns[key].mapToDriverValue(value);
    }
    return record;
  });
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key].name)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${solutions} (${names}) select ${names} from json_populate_recordset(null::${solutions}, ${JSON.stringify(records)}::json)`,
  );
}

/**
 * Post number `seq`: categories, roles and cities rotate with coprime periods (13, 26, 5), so any
 * 130 consecutive posts cover every category in both roles in every city.
 */
function buildPost(seq: number, rng: () => number, ownerOf: OwnerOf, now: number): NewSolution {
  const category = at(CATEGORIES, seq);
  const role = at(USER_ROLES, Math.floor(seq / CATEGORIES.length));
  const sub = at(category.subcategories, Math.floor(seq / (2 * CATEGORIES.length)));
  const owner = ownerOf(seq);
  const city = at(CITIES, owner.city);
  const lang = owner.language;

  // D-5: x = longitude, y = latitude; triangular jitter clusters posts towards the centre.
  const location = {
    x: round6(city.lng + (rng() + rng() - 1) * city.spread.lng),
    y: round6(city.lat + (rng() + rng() - 1) * city.spread.lat),
  };
  const pickupDate = isoDate(now + (1 + Math.floor(rng() * 21)) * DAY_MS);
  const prices = sub.own ? ownPrices(category.id, rng) : sub.prices;
  const withDelivery = category.deliveryBlock === 'required' || (category.deliveryBlock === 'optional' && rng() < 0.4);
  const destination = withDelivery ? pick(city.destinations, rng) : null;
  const district = pick(city.districts, rng);
  const item = sub.own ? pick(GOODS[category.id][lang], rng) : sub.label[lang];

  return {
    userId: owner.id,
    userRole: role,
    category: category.id,
    subCategoryId: sub.id,
    subCategoryEn: sub.label.en,
    subCategoryFr: sub.label.fr,
    // D-3, D-4: integer minor units, the catalogue's or a plausible own price.
    priceUsd: prices.USD,
    priceEur: prices.EUR,
    priceXof: prices.XOF,
    description: describePost(category.id, {
      role: role === 'needSolution' ? 'need' : 'provide',
      language: lang,
      item,
      city: city.city,
      district,
      destination: destination?.city ?? null,
      date: pickupDate,
      quantity: 1 + Math.floor(rng() * 4),
    }),
    pickupStreetAddress: `${1 + Math.floor(rng() * 180)} ${pick(city.streets, rng)}, ${district}`,
    pickupCity: city.city,
    pickupRegion: city.region,
    pickupCountry: city.country,
    pickupPostalAddress: city.postal(seq),
    pickupDate,
    location,
    ...(destination && {
      deliveryStreetAddress: pick(['Centre-ville', 'Marché central', 'Gare routière', 'Zone industrielle'], rng),
      deliveryCity: destination.city,
      deliveryRegion: destination.region,
      deliveryCountry: city.country,
      deliveryDate: isoDate(Date.parse(pickupDate) + Math.floor(rng() * 4) * DAY_MS),
      deliveryLat: destination.lat,
      deliveryLng: destination.lng,
    }),
    status: 'Pending',
    // Spread over the last 30 days so "newest first" lists have a real order.
    createdAt: new Date(now - Math.floor(rng() * 30 * DAY_MS)),
  };
}

/** The one demo account that can sign in, so `npm start` can be tried at once (README). */
export const DEMO_LOGIN = { email: demoEmail(DEMO_USERS[0]!), password: 'demo-password' };

function toUserRow(user: DemoUser, demoLoginHash: string): typeof users.$inferInsert {
  const city = at(CITIES, user.city);
  const email = demoEmail(user);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email,
    mobileNo: user.mobileNo,
    passwordHash: email === DEMO_LOGIN.email ? demoLoginHash : NO_LOGIN_PASSWORD_HASH,
    country: city.countryCode,
    physicalAddress: `${city.streets[0]}, ${city.districts[0]}, ${city.city}`,
    language: user.language,
    verified: user.verified ?? false,
    identityFlag: user.verified ?? false,
    vip: user.vip ?? false,
  };
}

/** An own proposition priced in USD, the other two derived (D-4; EUR to XOF is the fixed peg). */
function ownPrices(category: keyof typeof OWN_PRICE_USD, rng: () => number) {
  const [low, high] = OWN_PRICE_USD[category];
  const USD = low + Math.floor((rng() * (high - low)) / 50) * 50;
  // Integer arithmetic with half-up rounding; the demo USD->EUR rate is 0.92.
  const EUR = Math.floor((USD * 92 + 50) / 100);
  const XOF = Math.floor((EUR * 655_957 + 50_000) / 100_000);
  return { USD, EUR, XOF };
}

/** Small, fast, seedable PRNG (mulberry32). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function at<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

const pick = <T>(list: readonly T[], rng: () => number): T => at(list, Math.floor(rng() * list.length));
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
