// Migration 0025 (D-35): posts written before it keep their true point as `exact_location` and get
// a public point in `location`, within 1 km and to 3 decimals, drawn for each post; the map's kept
// cells follow the public points. Afterwards a post whose place changes gets a new public point, a
// row inserted with one point only keeps it as both, and a post that shows its place has it as its
// public point.
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, queryRows } from '../../test/databases.js';
import { migrationsBefore } from '../../test/migrations.js';
import { distanceKm } from '../lib/geo.js';
import type { Db } from './client.js';
import { migrateDatabase } from './migrate.js';

const before = migrationsBefore(25);
afterAll(() => before.remove());

const HOME = { lng: -17.45123, lat: 14.69317 };
const threeDecimals = (x: number) => Math.round(x * 1000) / 1000 === x;

interface Points {
  id: string;
  lng: number;
  lat: number;
  exact_lng: number;
  exact_lat: number;
  show: boolean;
}
const points = (db: Db) =>
  queryRows<Points>(
    db,
    sql`select id, location[0] as lng, location[1] as lat, exact_location[0] as exact_lng,
          exact_location[1] as exact_lat, show_exact_location as show from solutions order by created_at`,
  );

describeEachDatabase(
  'migration 0025_public_points',
  (database) => {
    it('gives every existing post its own public point within 1 km, to 3 decimals, and keeps the true one', async () => {
      const { db } = database();
      await migrateDatabase(database(), before.folder);
      const [owner] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (first_name, email) values ('Awa', 'awa@example.org') returning id`,
      );
      // Forty posts from the same home, open, as the old code stored them (six decimals).
      await db.execute(sql`insert into solutions (user_id, user_role, category, sub_category_id, sub_category_en,
          sub_category_fr, price_usd, price_eur, price_xof, description, pickup_city, location, status, created_at)
        select ${owner!.id}, 'provideSolution', 'Equipments', 'equipment-tractor', 'Tractor (per day)',
          'Tracteur (par jour)', 1500, 1340, 8790, 'Old post ' || g, 'Dakar', point(${HOME.lng}, ${HOME.lat}),
          'Pending', now() - g * interval '1 minute'
        from generate_series(1, 40) as g`);

      await migrateDatabase(database());

      const rows = await points(db);
      expect(rows).toHaveLength(40);
      for (const row of rows) {
        expect({ lng: Number(row.exact_lng), lat: Number(row.exact_lat) }).toEqual(HOME);
        expect(row.show).toBe(false);
        const lng = Number(row.lng);
        const lat = Number(row.lat);
        expect(threeDecimals(lng) && threeDecimals(lat)).toBe(true);
        expect(distanceKm([HOME.lng, HOME.lat], lat, lng)).toBeLessThanOrEqual(1);
      }
      // Drawn for each post, not one offset for all.
      expect(new Set(rows.map((r) => `${r.lng},${r.lat}`)).size).toBeGreaterThan(30);
      // Uniform over the disc, not bunched at its centre: about 3/4 lie beyond 500 m.
      const far = rows.filter((r) => distanceKm([HOME.lng, HOME.lat], Number(r.lat), Number(r.lng)) > 0.5);
      expect(far.length).toBeGreaterThan(15);

      // The map's kept counts moved with the points: their sums are the public points' sums.
      const [totals] = await queryRows<{ count: number; sum_lng: number }>(
        db,
        sql`select sum(count)::int as count, sum(sum_lng) as sum_lng from map_cell_totals where zoom = 14`,
      );
      expect(totals!.count).toBe(40);
      const publicSum = rows.reduce((s, r) => s + Number(r.lng), 0);
      expect(Number(totals!.sum_lng)).toBeCloseTo(publicSum, 6);

      // A post whose place changes gets a new public point near the new place.
      const moved = rows[0]!;
      const MOVED = { lng: -16.9261, lat: 14.7886 };
      await db.execute(
        sql`update solutions set exact_location = point(${MOVED.lng}, ${MOVED.lat}) where id = ${moved.id}`,
      );
      const after = (await points(db)).find((r) => r.id === moved.id)!;
      expect(distanceKm([MOVED.lng, MOVED.lat], Number(after.lat), Number(after.lng))).toBeLessThanOrEqual(1);
      expect({ lng: Number(after.lng), lat: Number(after.lat) }).not.toEqual(MOVED);

      // Showing the place makes the public point the exact one.
      await db.execute(sql`update solutions set show_exact_location = true where id = ${moved.id}`);
      const shown = (await points(db)).find((r) => r.id === moved.id)!;
      expect({ lng: Number(shown.lng), lat: Number(shown.lat) }).toEqual(MOVED);

      // A row inserted with one point keeps it as both (fixtures, older writers).
      const [fixture] = await queryRows<{ id: string }>(
        db,
        sql`insert into solutions (user_id, user_role, category, sub_category_id, sub_category_en, sub_category_fr,
            price_usd, price_eur, price_xof, description, pickup_city, location, status)
          values (${owner!.id}, 'needSolution', 'Equipments', 'equipment-tractor', 'Tractor (per day)',
            'Tracteur (par jour)', 1500, 1340, 8790, 'Fixture', 'Thiès', point(-16.94, 14.79), 'Pending') returning id`,
      );
      const row = (await points(db)).find((r) => r.id === fixture!.id)!;
      expect([Number(row.exact_lng), Number(row.exact_lat)]).toEqual([-16.94, 14.79]);
      expect([Number(row.lng), Number(row.lat)]).toEqual([-16.94, 14.79]);
    });
  },
  { migrate: false },
);
