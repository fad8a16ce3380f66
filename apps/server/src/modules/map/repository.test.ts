// map_cells and map_cell_totals (D-20): the counts the triggers of migration 0003 keep must always
// equal what counting the open posts gives, whatever happens to the posts. The expectation is
// computed here in JavaScript from the posts themselves, independently of the SQL that keeps them.
import { CATEGORY_IDS } from '@app/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase, queryRows } from '../../../test/databases.js';
import type { Db } from '../../db/client.js';
import { solutions, users } from '../../db/schema.js';
import { KEPT_ZOOMS } from './repository.js';
import { cellSize } from './service.js';

type Cell = { count: number; sumLng: number; sumLat: number };
type Cells = { keyed: Map<string, Cell>; totals: Map<string, Cell> };

/** What the tables should hold: every open post counted in its cell at every kept zoom. */
async function expectedCells(db: Db): Promise<Cells> {
  const posts = await db
    .select({ location: solutions.location, role: solutions.userRole, category: solutions.category })
    .from(solutions)
    // D-29: listed posts only (migration 0021): open, not hidden, owner not blocked.
    .where(and(eq(solutions.status, 'Pending'), eq(solutions.hidden, false), eq(solutions.ownerBlocked, false)));
  const cells: Cells = { keyed: new Map(), totals: new Map() };
  const add = (map: Map<string, Cell>, key: string, lng: number, lat: number) => {
    const cell = map.get(key) ?? { count: 0, sumLng: 0, sumLat: 0 };
    map.set(key, { count: cell.count + 1, sumLng: cell.sumLng + lng, sumLat: cell.sumLat + lat });
  };
  const cellOf = (zoom: number, { x, y }: { x: number; y: number }) =>
    `${zoom}:${Math.floor(x / cellSize(zoom))}:${Math.floor(y / cellSize(zoom))}`;
  for (const { location, role, category } of posts) {
    for (const zoom of KEPT_ZOOMS.byTypeAndCategory) {
      add(cells.keyed, `${cellOf(zoom, location)}:${role}:${category}`, location.x, location.y);
    }
    for (const zoom of KEPT_ZOOMS.total) add(cells.totals, cellOf(zoom, location), location.x, location.y);
  }
  return cells;
}

/** What the tables hold, leaving out cells whose posts have all gone (they stay at zero). */
async function keptCells(db: Db): Promise<Cells> {
  type Row = { key: string; count: number; sum_lng: number; sum_lat: number };
  const toMap = (rows: Row[]) =>
    new Map(rows.map((r) => [r.key, { count: r.count, sumLng: Number(r.sum_lng), sumLat: Number(r.sum_lat) }]));
  const keyed = await queryRows<Row>(
    db,
    sql`select zoom || ':' || cell_x || ':' || cell_y || ':' || user_role || ':' || category as key,
               count, sum_lng, sum_lat
        from map_cells where count <> 0`,
  );
  const totals = await queryRows<Row>(
    db,
    sql`select zoom || ':' || cell_x || ':' || cell_y as key, count, sum_lng, sum_lat
        from map_cell_totals where count <> 0`,
  );
  return { keyed: toMap(keyed), totals: toMap(totals) };
}

/** Compares both tables with the posts; answers how many open posts they count. */
async function expectKeptEqualsExact(db: Db): Promise<number> {
  const [expected, kept] = await Promise.all([expectedCells(db), keptCells(db)]);
  const counts = (cells: Map<string, Cell>) => Object.fromEntries([...cells].map(([key, c]) => [key, c.count]));
  for (const table of ['keyed', 'totals'] as const) {
    expect(counts(kept[table]), table).toEqual(counts(expected[table]));
    for (const [key, cell] of expected[table]) {
      expect(kept[table].get(key)?.sumLng).toBeCloseTo(cell.sumLng, 6);
      expect(kept[table].get(key)?.sumLat).toBeCloseTo(cell.sumLat, 6);
    }
  }
  const [negative] = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*) from map_cells where count < 0) + (select count(*) from map_cell_totals where count < 0)
          as n`,
  );
  expect(Number(negative?.n)).toBe(0);
  return [...expected.totals.values()].reduce((n, c) => n + c.count, 0) / KEPT_ZOOMS.total.length;
}

/** Posts on awkward spots too: cell edges, the antimeridian, the poles, the equator and Greenwich. */
const SPOTS = [
  { x: -17.45, y: 14.69 },
  { x: 2.11, y: 13.51 },
  { x: 15.3, y: -4.38 },
  { x: -73.6, y: 45.51 },
  { x: 179.9, y: -17.8 },
  { x: -179.9, y: -17.8 },
  { x: 180, y: 0 },
  { x: -180, y: 0 },
  { x: 0, y: 0 },
  { x: -22.5, y: 45 },
  { x: 22.5, y: -45 },
  { x: 0.087890625, y: -0.087890625 },
  { x: 12.3, y: 90 },
  { x: -12.3, y: -90 },
];

describeEachDatabase('the kept cluster counts (map_cells, D-20)', (database) => {
  let owner = '';
  let other = '';
  const post = (i: number, userId = owner): typeof solutions.$inferInsert => {
    const spot = SPOTS[i % SPOTS.length]!;
    const jitter = i < SPOTS.length ? 0 : ((i % 7) - 3) * 0.013;
    return {
      userId,
      userRole: i % 3 === 0 ? 'needSolution' : 'provideSolution',
      category: CATEGORY_IDS[i % CATEGORY_IDS.length]!,
      subCategoryId: 'delivery-own',
      subCategoryEn: 'Your own proposition...',
      subCategoryFr: 'Votre propre proposition...',
      priceUsd: 100,
      priceEur: 100,
      priceXof: 1,
      description: `post ${i}`,
      location: {
        x: Math.max(-180, Math.min(180, spot.x + jitter)),
        y: Math.max(-90, Math.min(90, spot.y - jitter)),
      },
    };
  };
  /** The owner's open posts, oldest first. */
  const openIdsOf = async (userId: string) =>
    (
      await database()
        .db.select({ id: solutions.id })
        .from(solutions)
        .where(and(eq(solutions.userId, userId), eq(solutions.status, 'Pending')))
        .orderBy(solutions.description)
    ).map((r) => r.id);

  beforeAll(async () => {
    const { db } = database();
    const made = await db
      .insert(users)
      .values([
        { firstName: 'Awa', email: 'awa@example.org', mobileNo: '+221770000001' },
        { firstName: 'Yao', email: 'yao@example.org', mobileNo: '+2250501234508' },
      ])
      .returning({ id: users.id });
    owner = made[0]!.id;
    other = made[1]!.id;
  }, DB_TIMEOUT_MS);

  it('counts every open post at every kept zoom as posts arrive, one by one or many at once', async () => {
    const { db } = database();
    await db.insert(solutions).values(post(0));
    expect(await expectKeptEqualsExact(db)).toBe(1);
    await db.insert(solutions).values(Array.from({ length: 150 }, (_, i) => post(i + 1)));
    await db.insert(solutions).values(Array.from({ length: 40 }, (_, i) => post(i + 7, other)));
    // Taken and deleted posts are not on the map (D-6).
    await db.insert(solutions).values([
      { ...post(3), status: 'Accepted' },
      { ...post(4), status: 'Deleted' },
    ]);
    expect(await expectKeptEqualsExact(db)).toBe(191);
    // The zooms the migration keeps are the ones the service reads.
    const zooms = async (table: 'map_cells' | 'map_cell_totals') =>
      (await queryRows<{ zoom: number }>(db, sql`select distinct zoom from ${sql.identifier(table)} order by 1`)).map(
        (r) => r.zoom,
      );
    expect(await zooms('map_cells')).toEqual([...KEPT_ZOOMS.byTypeAndCategory]);
    expect(await zooms('map_cell_totals')).toEqual([...KEPT_ZOOMS.total]);
  });

  it('follows a post from Pending to Accepted, back to Pending (an order rejected), then Deleted', async () => {
    const { db } = database();
    const [id] = await openIdsOf(owner);
    const setStatus = (status: 'Pending' | 'Accepted' | 'Deleted') =>
      db.update(solutions).set({ status }).where(eq(solutions.id, id!));
    await setStatus('Accepted');
    expect(await expectKeptEqualsExact(db)).toBe(190);
    await setStatus('Pending');
    expect(await expectKeptEqualsExact(db)).toBe(191);
    await setStatus('Deleted');
    expect(await expectKeptEqualsExact(db)).toBe(190);
  });

  it('follows many posts changing at once, moving, or changing type and category', async () => {
    const { db } = database();
    const ids = await openIdsOf(other);
    await db
      .update(solutions)
      .set({ status: 'Accepted' })
      .where(inArray(solutions.id, ids.slice(0, 10)));
    expect(await expectKeptEqualsExact(db)).toBe(180);
    await db.update(solutions).set({ status: 'Pending' }).where(eq(solutions.userId, other));
    expect(await expectKeptEqualsExact(db)).toBe(190);
    await db
      .update(solutions)
      .set({ location: sql`point(${solutions.location}[0] * -0.5, ${solutions.location}[1] * 0.5)` })
      .where(eq(solutions.userId, other));
    await db
      .update(solutions)
      .set({
        userRole: sql`(case when user_role = 'needSolution' then 'provideSolution' else 'needSolution' end)::user_role`,
      })
      .where(inArray(solutions.id, ids.slice(10, 20)));
    await db
      .update(solutions)
      .set({ category: 'Herbs' })
      .where(inArray(solutions.id, ids.slice(20, 30)));
    expect(await expectKeptEqualsExact(db)).toBe(190);
  });

  it('takes hidden posts and those of a blocked owner out, and puts them back (D-29)', async () => {
    const { db } = database();
    const ids = await openIdsOf(owner);
    await db
      .update(solutions)
      .set({ hidden: true })
      .where(inArray(solutions.id, ids.slice(0, 5)));
    expect(await expectKeptEqualsExact(db)).toBe(185);
    await db.update(solutions).set({ ownerBlocked: true }).where(eq(solutions.userId, other));
    expect(await expectKeptEqualsExact(db)).toBe(145);
    // Hidden and blocked at once counts once when either is lifted alone.
    await db
      .update(solutions)
      .set({ hidden: true })
      .where(inArray(solutions.id, (await openIdsOf(other)).slice(0, 3)));
    await db.update(solutions).set({ ownerBlocked: false }).where(eq(solutions.userId, other));
    expect(await expectKeptEqualsExact(db)).toBe(182);
    await db.update(solutions).set({ hidden: false });
    expect(await expectKeptEqualsExact(db)).toBe(190);
  });

  it('writes nothing when an edit leaves the map unchanged', async () => {
    const { db } = database();
    const tables = async () => [
      await queryRows(db, sql`select * from map_cells order by 1, 2, 3, 4, 5`),
      await queryRows(db, sql`select * from map_cell_totals order by 1, 2, 3`),
    ];
    const before = await tables();
    await db.update(solutions).set({ description: 'edited' }).where(eq(solutions.userId, owner));
    expect(await tables()).toEqual(before);
  });

  it('takes deleted posts out, also when their owner is removed', async () => {
    const { db } = database();
    const ids = await openIdsOf(owner);
    await db.delete(solutions).where(inArray(solutions.id, ids.slice(0, 20)));
    expect(await expectKeptEqualsExact(db)).toBe(170);
    await db.delete(users).where(eq(users.id, other));
    expect(await expectKeptEqualsExact(db)).toBe(130);
    await db.execute(sql`truncate solutions cascade`);
    expect(await expectKeptEqualsExact(db)).toBe(0);
    await db.insert(solutions).values(post(5));
    expect(await expectKeptEqualsExact(db)).toBe(1);
  });
});
