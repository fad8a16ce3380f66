import { bboxSchema, mapQuerySchema, mapSpanLimit } from '@app/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase, recordingDb, rowsRead, tableScans } from '../../../test/databases.js';
import { solutions, users } from '../../db/schema.js';
import { KEPT_ZOOMS, mapRepository } from './repository.js';
import { boxesOf, buildMapService, cellGridFor, cellSize, MAP_POINT_LIMIT, mapService } from './service.js';

const DAKAR = { lng: -17.45, lat: 14.69 };
const NIAMEY = { lng: 2.11, lat: 13.51 };
const FIJI = { lng: 179.5, lat: -17.8 };

/**
 * A view as the route would take it, but of any size: these tests compare the service's ways of
 * counting over wide viewports that the route refuses at high zooms (mapSpanLimit).
 */
const query = (bbox: string, zoom: number, extra: Record<string, string> = {}) => ({
  ...mapQuerySchema.parse({ bbox: '0,0,0,0', zoom, ...extra }),
  bbox: bboxSchema.parse(bbox),
});

describeEachDatabase('the map query (D-5, D-20)', (database) => {
  const service = () => buildMapService(database().db);
  let ownerId = '';

  beforeAll(async () => {
    const db = database().db;
    const [owner] = await db
      .insert(users)
      .values({
        firstName: 'Awa',
        email: 'awa@example.org',
        mobileNo: '+221770000001',
        verified: true,
        vip: true,
        completedDeals: 3,
        ratingSum: 9,
        ratingCount: 2,
      })
      .returning({ id: users.id });
    ownerId = owner!.id;
    const post = (i: number, at: { lng: number; lat: number }, extra: Partial<typeof solutions.$inferInsert> = {}) => ({
      userId: owner!.id,
      userRole: i % 2 === 0 ? ('provideSolution' as const) : ('needSolution' as const),
      category: 'Equipments' as const,
      subCategoryId: 'equipment-tractor',
      subCategoryEn: 'Tractor (per day)',
      subCategoryFr: 'Tracteur (par jour)',
      priceUsd: 1500,
      priceEur: 1340,
      priceXof: 8790,
      description: `post ${i}`,
      // Spread over about 20 km around the point.
      location: { x: at.lng + ((i % 20) - 10) * 0.01, y: at.lat + (Math.floor(i / 20) - 10) * 0.01 },
      ...extra,
    });
    // 400 open posts around Dakar (more than the point limit), 10 in Niamey, 3 in Fiji.
    await db.insert(solutions).values(Array.from({ length: 400 }, (_, i) => post(i, DAKAR)));
    await db.insert(solutions).values(Array.from({ length: 10 }, (_, i) => post(i, NIAMEY, { category: 'Delivery' })));
    await db
      .insert(solutions)
      .values(Array.from({ length: 3 }, (_, i) => post(i, { lng: FIJI.lng + 0.2, lat: FIJI.lat })));
    // Not on the map: taken and deleted posts.
    await db
      .insert(solutions)
      .values([post(1, NIAMEY, { status: 'Accepted' }), post(2, NIAMEY, { status: 'Deleted' })]);
    await db.execute(sql`analyze solutions`);
  }, DB_TIMEOUT_MS);

  it('returns the open posts of a quiet viewport as points, with price, badges and no contacts', async () => {
    const view = await service().map(query('1.5,13,2.7,14', 12, { currency: 'fr', lang: 'fr' }));
    expect(view.clusters).toEqual([]);
    expect(view.points).toHaveLength(10);
    const point = view.points[0]!;
    expect(point).toMatchObject({ category: 'Delivery', title: 'Tracteur (par jour)', verified: true, vip: true });
    // D-35: never the poster's id, by which anyone could gather one person's posts (API.md has none).
    expect(point).not.toHaveProperty('user_id');
    expect(JSON.stringify(view)).not.toContain(ownerId);
    // D-29: the poster's completed deals and rating, for the popup.
    expect(point.completed_deals).toBe(3);
    expect(point.rating).toEqual({ average: 4.5, count: 2 });
    expect(point.display_price.replace(/\s/g, ' ')).toBe('8 790 F CFA');
    expect(JSON.stringify(view)).not.toMatch(/@example|\+22177/);
  });

  it('clusters a viewport with more posts than the limit, and the counts add up', async () => {
    const view = await service().map(query('-18,14,-17,15.5', 10));
    expect(view.points).toEqual([]);
    expect(view.clusters.length).toBeGreaterThan(1);
    expect(view.clusters.reduce((n, c) => n + c.count, 0)).toBe(400);
    for (const c of view.clusters) {
      expect(c.lng).toBeGreaterThan(-18);
      expect(c.lat).toBeGreaterThan(14);
    }
    expect(400).toBeGreaterThan(MAP_POINT_LIMIT);
  });

  it('makes fewer, bigger clusters as the map zooms out', async () => {
    const near = await service().map(query('-18,14,-17,15.5', 12));
    const far = await service().map(query('-180,-85,180,85', 2));
    expect(far.clusters.length).toBeLessThan(near.clusters.length);
    expect(far.clusters.reduce((n, c) => n + c.count, 0)).toBe(413);
  });

  it('filters by type and category', async () => {
    const needs = await service().map(query('1.5,13,2.7,14', 12, { type: 'needSolution' }));
    expect(needs.points.map((p) => p.user_role)).toEqual(Array(5).fill('needSolution'));
    const equipment = await service().map(query('1.5,13,2.7,14', 12, { category: 'Equipments' }));
    expect(equipment.points).toEqual([]);
  });

  it('handles a viewport across the antimeridian', async () => {
    const view = await service().map(query('179,-19,-179,-17', 8));
    expect(view.points).toHaveLength(3);
    const plain = await service().map(query('-179,-19,179,-17', 8));
    expect(plain.points).toHaveLength(0);
  });

  it('answers the viewport filter from a GiST index', async () => {
    const plan = JSON.stringify(
      await database().db.execute(
        sql`explain select id from solutions where location <@ box(point(1.5, 13), point(2.7, 14)) and status = 'Pending'`,
      ),
    );
    // Either index: the open-posts one (migration 0003) serves this query best.
    expect(plan).toMatch(/solutions_(open_)?location_gist/);
  });

  it('zoomed out, sums the kept cell counts into the same clusters as counting every post', async () => {
    const kept = buildMapService(database().db, { exactUpTo: 0 });
    const repo = mapRepository(database().db);
    const world = { boxes: boxesOf([-180, -85, 180, 85]) };
    for (const zoom of [0, 1, 2, 3, 6, 9, 10, 11, 12, 13, 14]) {
      const view = await kept.map(query('-180,-85,180,85', zoom));
      expect(view.points).toEqual([]);
      expect(sorted(view.clusters), `zoom ${zoom}`).toEqual(
        sorted(await repo.mapClusters(world, cellSize(zoom), 1500)),
      );
    }
    const far = await kept.map(query('-180,-85,180,85', 2));
    expect(far.clusters.reduce((n, c) => n + c.count, 0)).toBe(413);
    // A city: Dakar's 400 posts, at the zooms of map_cell_totals' finest grids.
    for (const zoom of [11, 12, 13, 14]) {
      const city = await kept.map(query('-18,14,-17,15.5', zoom));
      expect(sorted(city.clusters), `zoom ${zoom}`).toEqual(
        sorted(await repo.mapClusters({ boxes: [[-18, 14, -17, 15.5]] }, cellSize(zoom), 1500)),
      );
      expect(city.clusters.reduce((n, c) => n + c.count, 0)).toBe(400);
    }
  });

  it('filters the kept counts by type and category, and crosses the antimeridian', async () => {
    const kept = buildMapService(database().db, { exactUpTo: 0 });
    const repo = mapRepository(database().db);
    const world = boxesOf([-180, -85, 180, 85]);
    const filters: Record<string, string>[] = [
      { type: 'needSolution' },
      { type: 'provideSolution' },
      { category: 'Delivery' },
    ];
    for (const extra of filters) {
      const view = await kept.map(query('-180,-85,180,85', 4, extra));
      expect(sorted(view.clusters)).toEqual(
        sorted(await repo.mapClusters({ boxes: world, ...extra }, cellSize(4), 1500)),
      );
    }
    const delivery = await kept.map(query('-180,-85,180,85', 4, { category: 'Delivery', type: 'needSolution' }));
    expect(delivery.clusters.reduce((n, c) => n + c.count, 0)).toBe(5);
    const none = await kept.map(query('-180,-85,180,85', 4, { category: 'Herbs' }));
    expect(none.clusters).toEqual([]);

    const across = await kept.map(query('170,-30,-170,0', 6));
    expect(across.clusters.reduce((n, c) => n + c.count, 0)).toBe(3);
    const beside = await kept.map(query('-170,-30,170,0', 6));
    expect(beside.clusters).toEqual([]);
  });

  it('sees a new post at once, and no longer sees it once taken', async () => {
    const { db } = database();
    const kept = buildMapService(db, { exactUpTo: 0 });
    const total = async () => (await kept.map(query('-180,-85,180,85', 2))).clusters.reduce((n, c) => n + c.count, 0);
    const [owner] = await db.select({ id: users.id }).from(users).limit(1);
    const [created] = await db
      .insert(solutions)
      .values({
        userId: owner!.id,
        userRole: 'needSolution',
        category: 'Herbs',
        subCategoryId: 'herbs-own',
        subCategoryEn: 'Your own proposition...',
        subCategoryFr: 'Votre propre proposition...',
        priceUsd: 500,
        priceEur: 460,
        priceXof: 3017,
        description: 'moringa leaves',
        location: { x: 36.82, y: -1.29 },
      })
      .returning({ id: solutions.id });
    expect(await total()).toBe(414);
    await db.update(solutions).set({ status: 'Accepted' }).where(eq(solutions.id, created!.id));
    expect(await total()).toBe(413);
  });

  describe('how a view is answered, in one round trip', () => {
    /** The service over a database that keeps the one statement each view sends. */
    const recorded = (options?: { exactUpTo: number }) => {
      const { statements, db } = recordingDb(database().db);
      return { statements, service: mapService(mapRepository(db), options) };
    };
    /** How many times PostgreSQL scanned the posts table while running a statement. */
    const postScans = (statement: SQL) => tableScans(database().db, statement, 'solutions');

    it('sums kept cells for a busy viewport, without touching the posts', async () => {
      const { statements, service } = recorded({ exactUpTo: 0 });
      const world = await service.view(query('-180,-85,180,85', 2));
      expect(world.source).toBe('kept');
      expect(world.clusters.reduce((n, c) => n + c.count, 0)).toBe(413);
      expect((await service.view(query('-18,14,-17,15.5', 13))).source).toBe('kept');
      expect((await service.view(query('-18,14,-17,15.5', 7, { category: 'Equipments' }))).source).toBe('kept');
      expect(statements).toHaveLength(3);
      for (const statement of statements) expect(await postScans(statement)).toBe(0);
    });

    it('counts a quiet viewport exactly: its posts when few, else their clusters', async () => {
      const { statements, service } = recorded();
      const niamey = await service.view(query('1.5,13,2.7,14', 12));
      expect(niamey.source).toBe('points');
      expect(niamey.points).toHaveLength(10);
      // Newest first, as before the views were one statement.
      const newest = await database().db.execute(sql`select id from solutions where status = 'Pending'
        and location <@ box(point(1.5, 13), point(2.7, 14)) order by created_at desc`);
      expect(niamey.points.map((p) => p._id)).toEqual(
        (newest as unknown as { rows: { id: string }[] }).rows.map((r) => r.id),
      );
      const world = await service.view(query('-180,-85,180,85', 2));
      expect(world.source).toBe('clusters');
      expect(world.clusters.reduce((n, c) => n + c.count, 0)).toBe(413);
      expect(statements).toHaveLength(2);
      // What the busy views above were spared: a quiet view does read the posts.
      expect(await postScans(statements[0]!)).toBeGreaterThan(0);
    });

    it('bounds what one view reads at street zoom: the widest view a screen shows, not the world', async () => {
      // What the route used to run for the whole world at zoom 15: every open post, counted.
      const { statements, service } = recorded();
      await service.view(query('-180,-85,180,85', 15));
      const world = await rowsRead(database().db, statements[0]!, 'solutions');
      expect(world).toBeGreaterThanOrEqual(413);
      // The route now refuses it; the widest view it takes there reads only posts within it.
      expect(mapQuerySchema.safeParse({ bbox: '-180,-85,180,85', zoom: 15 }).success).toBe(false);
      const half = (mapSpanLimit(15) / 2) * 0.999;
      // Over the north-east corner of Dakar's posts.
      const [lng, lat] = [DAKAR.lng + 0.2, DAKAR.lat + 0.2];
      const bbox = [lng - half, lat - half, lng + half, lat + half];
      const widest = mapQuerySchema.parse({ bbox: bbox.join(','), zoom: 15 });
      await service.view(widest);
      const inView = await database().db.$count(
        solutions,
        sql`status = 'Pending' and location <@ box(point(${bbox[0]}, ${bbox[1]}), point(${bbox[2]}, ${bbox[3]}))`,
      );
      expect(inView).toBeGreaterThan(0);
      expect(inView).toBeLessThan(50);
      // Read from the viewport index: at most its posts, once for the count and once for the answer.
      expect(await rowsRead(database().db, statements[1]!, 'solutions')).toBeLessThanOrEqual(2 * inView + 1);
    });

    it('counts exactly past the kept zooms: 15 and more, or 11 and more with a filter', async () => {
      const { service } = recorded({ exactUpTo: 0 });
      const street = await service.view(query('-18,14,-17,15.5', 15));
      expect(street.source).toBe('clusters');
      expect(street.clusters.reduce((n, c) => n + c.count, 0)).toBe(400);
      const needs = await service.view(query('-18,14,-17,15.5', 11, { type: 'needSolution' }));
      expect(needs.source).toBe('points');
      expect(needs.points).toHaveLength(200);
    });
  });
});

/** Clusters in a stable order, to compare both ways of counting (the repository rounds positions to 1e-5°). */
const sorted = (clusters: { lng: number; lat: number; count: number }[]) =>
  clusters
    .map((c) => ({ lng: c.lng.toFixed(6), lat: c.lat.toFixed(6), count: c.count }))
    .sort((a, b) => a.lng.localeCompare(b.lng) || a.lat.localeCompare(b.lat) || a.count - b.count);

describe('map geometry', () => {
  it('halves the cell at each zoom level: about 64 px of screen', () => {
    expect(cellSize(0)).toBe(90);
    expect(cellSize(1)).toBe(45);
    expect(cellSize(10)).toBeCloseTo(360 / 1024 / 4);
  });

  it('reads the nearest kept grid at or finer than the zoom, and none past the finest', () => {
    expect(cellGridFor(0)).toEqual({ zoom: 2, size: cellSize(2), shift: 2 });
    expect(cellGridFor(2)).toEqual({ zoom: 2, size: 22.5, shift: 0 });
    expect(cellGridFor(3)).toEqual({ zoom: 4, size: cellSize(4), shift: 1 });
    expect(cellGridFor(13)).toEqual({ zoom: 14, size: cellSize(14), shift: 1 });
    expect(cellGridFor(15)).toBeUndefined();
    // Filtered maps read map_cells, kept by type and category down to zoom 10.
    expect(cellGridFor(10, { category: 'Fruits' })).toEqual({ zoom: 10, size: cellSize(10), shift: 0 });
    expect(cellGridFor(11, { type: 'needSolution' })).toBeUndefined();
    expect(KEPT_ZOOMS.total.every((z) => cellGridFor(z)?.shift === 0)).toBe(true);
  });

  it('splits only a viewport that crosses the antimeridian', () => {
    expect(boxesOf([-10, 0, 10, 5])).toEqual([[-10, 0, 10, 5]]);
    expect(boxesOf([170, 0, -170, 5])).toEqual([
      [170, 0, 180, 5],
      [-180, 0, -170, 5],
    ]);
  });
});
