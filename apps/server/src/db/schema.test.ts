import { eq, sql, type SQL } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, queryRows, sqlState } from '../../test/databases.js';
import type { Db } from './client.js';
import {
  deals,
  payments,
  sessions,
  socialIdentities,
  solutionImages,
  solutions,
  subscriptions,
  users,
} from './schema.js';
import { addPosts } from './seed.js';

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
// ON DELETE RESTRICT: PostgreSQL 15 reports foreign_key_violation, 18 (PGlite) restrict_violation.
const RESTRICTED = ['23503', '23001'];

let serial = 0;

async function makeUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = ++serial;
  const [row] = await db
    .insert(users)
    .values({
      firstName: `User ${n}`,
      email: `user${n}@test.example`,
      mobileNo: `+2217${String(n).padStart(8, '0')}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

async function makeSolution(db: Db, userId: string, overrides: Partial<typeof solutions.$inferInsert> = {}) {
  const [row] = await db
    .insert(solutions)
    .values({
      userId,
      userRole: 'needSolution',
      category: 'Delivery',
      subCategoryId: 'delivery-small-box',
      subCategoryEn: 'Small box',
      subCategoryFr: 'Petite boîte',
      priceUsd: 220,
      priceEur: 199,
      priceXof: 1300,
      description: 'A small box to Thiès',
      location: { x: -17.45, y: 14.69 },
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no solution');
  return row;
}

// Dakar's Plateau and Médina.
const [west, south, east, north] = [-17.46, 14.66, -17.41, 14.71];
const viewport = sql`select id, location[0] as lng, location[1] as lat from solutions
  where location <@ box(point(${west}, ${south}), point(${east}, ${north}))`;
const nearest = sql`select id from solutions order by location <-> point(-17.44, 14.69) limit 20`;

const explain = async (db: Db, query: SQL) =>
  (await queryRows<Record<string, string>>(db, sql`explain ${query}`))
    .map((r) => Object.values(r).join(' '))
    .join('\n');

describeEachDatabase('schema', (database) => {
  it('stores plain dates as YYYY-MM-DD and positions as {x: lng, y: lat}', async () => {
    const { db } = database();
    const user = await makeUser(db);
    const made = await makeSolution(db, user.id, { pickupDate: '2026-12-24', deliveryLat: 14.79, deliveryLng: -16.93 });
    const [row] = await db.select().from(solutions).where(eq(solutions.id, made.id));
    expect(row?.pickupDate).toBe('2026-12-24');
    expect(row?.location).toEqual({ x: -17.45, y: 14.69 });
    expect(row?.status).toBe('Pending');
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect([row?.deliveryLat, row?.deliveryLng]).toEqual([14.79, -16.93]);
  });

  it('rejects a second account with the same e-mail or mobile number', async () => {
    const { db } = database();
    const user = await makeUser(db);
    expect(await sqlState(makeUser(db, { email: user.email }))).toBe(UNIQUE_VIOLATION);
    expect(await sqlState(makeUser(db, { mobileNo: user.mobileNo }))).toBe(UNIQUE_VIOLATION);
  });

  it('accepts only lower-case e-mails and E.164 mobile numbers', async () => {
    const { db } = database();
    expect(await sqlState(makeUser(db, { email: 'Awa.Kone@Test.example' }))).toBe(CHECK_VIOLATION);
    expect(await sqlState(makeUser(db, { mobileNo: '0771234567' }))).toBe(CHECK_VIOLATION);
    expect(await sqlState(makeUser(db, { mobileNo: '+2250712345678' }))).toBeUndefined();
  });

  it('keeps one session per user and unique key hashes (D-9)', async () => {
    const { db } = database();
    const [a, b] = [await makeUser(db), await makeUser(db)];
    const expiresAt = new Date(Date.now() + 3_600_000);
    await db.insert(sessions).values({ userId: a.id, authKeyHash: 'hash-a', expiresAt });
    expect(await sqlState(db.insert(sessions).values({ userId: a.id, authKeyHash: 'hash-a2', expiresAt }))).toBe(
      UNIQUE_VIOLATION,
    );
    expect(await sqlState(db.insert(sessions).values({ userId: b.id, authKeyHash: 'hash-a', expiresAt }))).toBe(
      UNIQUE_VIOLATION,
    );
  });

  it('links a social identity to one account only', async () => {
    const { db } = database();
    const user = await makeUser(db);
    const identity = { provider: 'google', providerSubject: 'sub-1', userId: user.id };
    await db.insert(socialIdentities).values(identity);
    expect(await sqlState(db.insert(socialIdentities).values(identity))).toBe(UNIQUE_VIOLATION);
  });

  it('allows one open request per person and post, many people asking, and a new one once it has ended (D-32)', async () => {
    const { db } = database();
    const owner = await makeUser(db);
    const [first, second] = [await makeUser(db), await makeUser(db)];
    const post = await makeSolution(db, owner.id);
    const [deal] = await db.insert(deals).values({ solutionId: post.id, acceptorId: first.id }).returning();
    expect(deal).toMatchObject({ state: 'requested', contactAccess: 'none' });
    expect(await sqlState(db.insert(deals).values({ solutionId: post.id, acceptorId: first.id }))).toBe(
      UNIQUE_VIOLATION,
    );
    // The post stays listed: somebody else may ask too.
    expect(await sqlState(db.insert(deals).values({ solutionId: post.id, acceptorId: second.id }))).toBeUndefined();

    await db
      .update(deals)
      .set({ state: 'withdrawn', endedAt: new Date(), endedReason: 'withdrawn' })
      .where(eq(deals.id, deal?.id ?? ''));
    expect(await sqlState(db.insert(deals).values({ solutionId: post.id, acceptorId: first.id }))).toBeUndefined();
    // An unknown state is refused.
    expect(await sqlState(db.execute(sql`update deals set state = 'taken' where id = ${deal?.id ?? ''}`))).toBe(
      CHECK_VIOLATION,
    );
  });

  it('allows one free trial per user, ever, beside yearly subscriptions (D-16)', async () => {
    const { db } = database();
    const user = await makeUser(db);
    const trial = { userId: user.id, kind: 'trial' as const, status: 'expired' as const };
    await db.insert(subscriptions).values(trial);
    expect(await sqlState(db.insert(subscriptions).values({ ...trial, status: 'active' }))).toBe(UNIQUE_VIOLATION);
    const yearly = {
      userId: user.id,
      kind: 'yearly' as const,
      status: 'active' as const,
      provider: 'paypal',
      providerSubscriptionId: 'I-1',
      amountMinor: 1300,
      currency: 'USD' as const,
    };
    expect(await sqlState(db.insert(subscriptions).values(yearly))).toBeUndefined();
    expect(await sqlState(db.insert(subscriptions).values(yearly))).toBe(UNIQUE_VIOLATION);
  });

  it('records a provider payment once (D-17) and keeps it when the account goes', async () => {
    const { db } = database();
    const user = await makeUser(db);
    const payment = {
      userId: user.id,
      kind: 'onetime' as const,
      provider: 'paypal',
      providerPaymentId: 'PAYID-1',
      amountMinor: 33,
      currency: 'USD' as const,
    };
    await db.insert(payments).values(payment);
    expect(await sqlState(db.insert(payments).values({ ...payment, amountMinor: 99 }))).toBe(UNIQUE_VIOLATION);
    expect(
      await sqlState(
        db.insert(payments).values({ ...payment, providerPaymentId: 'PAYID-2', currency: 'GBP' as never }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(RESTRICTED).toContain(await sqlState(db.delete(users).where(eq(users.id, user.id))));
  });

  it('rejects coordinates out of range and a fifth image (D-5, D-7)', async () => {
    const { db } = database();
    const user = await makeUser(db);
    expect(await sqlState(makeSolution(db, user.id, { location: { x: 200, y: 14 } }))).toBe(CHECK_VIOLATION);
    expect(await sqlState(makeSolution(db, user.id, { location: { x: -17, y: 91 } }))).toBe(CHECK_VIOLATION);
    const post = await makeSolution(db, user.id);
    const image = (position: number) => ({
      solutionId: post.id,
      position,
      fullKey: `k${position}`,
      thumbKey: `t${position}`,
      width: 800,
      height: 600,
      mime: 'image/webp',
    });
    await db.insert(solutionImages).values([0, 1, 2, 3].map(image));
    expect(await sqlState(db.insert(solutionImages).values(image(4)))).toBe(CHECK_VIOLATION);
    expect(await sqlState(db.insert(solutionImages).values(image(2)))).toBe(UNIQUE_VIOLATION);
  });

  it('removes posts, images and deals with their owner', async () => {
    const { db } = database();
    const owner = await makeUser(db);
    const acceptor = await makeUser(db);
    const post = await makeSolution(db, owner.id);
    await db.insert(deals).values({ solutionId: post.id, acceptorId: acceptor.id });
    await db.delete(users).where(eq(users.id, owner.id));
    expect(await db.select().from(solutions).where(eq(solutions.id, post.id))).toEqual([]);
    expect(await db.select().from(deals).where(eq(deals.solutionId, post.id))).toEqual([]);
  });

  // D-5, D-20: the map's viewport and nearest queries come from the GiST index, not a scan.
  it('answers a viewport query from the GiST index', async () => {
    const { db } = database();
    await addPosts(db, 5000);
    await db.execute(sql`analyze solutions`);
    expect(await explain(db, viewport)).toContain('solutions_location_gist');

    const inside = await queryRows<{ lng: number; lat: number }>(db, viewport);
    const all = await db.select({ location: solutions.location }).from(solutions);
    const expected = all.filter(({ location: p }) => p.x >= west && p.x <= east && p.y >= south && p.y <= north);
    expect(inside.length).toBeGreaterThan(10);
    expect(inside.length).toBe(expected.length);
    expect(inside.length).toBeLessThan(all.length / 10);
  });

  it('answers a nearest-first query from the GiST index, in distance order', async () => {
    const { db } = database();
    expect(await explain(db, nearest)).toContain('solutions_location_gist');

    const got = (await queryRows<{ id: string }>(db, nearest)).map((r) => r.id);
    const all = await db.select({ id: solutions.id, location: solutions.location }).from(solutions);
    const distance = new Map(all.map((r) => [r.id, Math.hypot(r.location.x + 17.44, r.location.y - 14.69)]));
    const gotDistances = got.map((id) => distance.get(id) ?? Infinity);
    const twentieth = [...distance.values()].sort((a, b) => a - b)[19] ?? 0;
    // Nearest first, and no closer post left out (floating-point ties may swap neighbours).
    expect(got).toHaveLength(20);
    gotDistances.slice(1).forEach((d, i) => expect(d).toBeGreaterThanOrEqual((gotDistances[i] ?? 0) - 1e-12));
    expect(Math.max(...gotDistances)).toBeLessThanOrEqual(twentieth + 1e-12);
  });
});
