import { mapQuerySchema } from '@app/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase } from '../../../test/databases.js';
import { solutions, users } from '../../db/schema.js';
import { boxesOf, buildMapService, cellSize, MAP_POINT_LIMIT } from './service.js';

const DAKAR = { lng: -17.45, lat: 14.69 };
const NIAMEY = { lng: 2.11, lat: 13.51 };
const FIJI = { lng: 179.5, lat: -17.8 };

const query = (bbox: string, zoom: number, extra: Record<string, string> = {}) =>
  mapQuerySchema.parse({ bbox, zoom, ...extra });

describeEachDatabase('the map query (D-5, D-20)', (database) => {
  const service = () => buildMapService(database().db);

  beforeAll(async () => {
    const db = database().db;
    const [owner] = await db
      .insert(users)
      .values({ firstName: 'Awa', email: 'awa@example.org', mobileNo: '+221770000001', verified: true, vip: true })
      .returning({ id: users.id });
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

  it('answers the viewport filter from the GiST index', async () => {
    const plan = JSON.stringify(
      await database().db.execute(
        sql`explain select id from solutions where location <@ box(point(1.5, 13), point(2.7, 14)) and status = 'Pending'`,
      ),
    );
    expect(plan).toContain('solutions_location_gist');
  });
});

describe('map geometry', () => {
  it('halves the cell at each zoom level: about 64 px of screen', () => {
    expect(cellSize(0)).toBe(90);
    expect(cellSize(1)).toBe(45);
    expect(cellSize(10)).toBeCloseTo(360 / 1024 / 4);
  });

  it('splits only a viewport that crosses the antimeridian', () => {
    expect(boxesOf([-10, 0, 10, 5])).toEqual([[-10, 0, 10, 5]]);
    expect(boxesOf([170, 0, -170, 5])).toEqual([
      [170, 0, 180, 5],
      [-180, 0, -170, 5],
    ]);
  });
});
