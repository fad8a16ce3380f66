// D-26: the GeoNames cities are loaded once into an empty places table, with the migration's indexes.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, queryRows } from '../../test/databases.js';
import { loadPlaces, packagedPlaces } from './places-data.js';

it('reads about 135,000 GeoNames cities, Thiès among them with its region', () => {
  const places = packagedPlaces();
  expect(places.length).toBeGreaterThan(130_000);
  expect(places.find((p) => p.name === 'Thiès' && p.country_code === 'SN')).toMatchObject({
    region: 'Thies',
    population: expect.any(Number),
  });
});

describeEachDatabase('loadPlaces', (database) => {
  const indexes = async () =>
    (
      await queryRows<{ indexname: string; indexdef: string }>(
        database().db,
        sql`select indexname, indexdef from pg_indexes where tablename = 'places' order by 1`,
      )
    ).map((r) => `${r.indexname}: ${r.indexdef}`);

  it('loads the cities of the countries asked for into the empty table, once', async () => {
    const { db } = database();
    const before = await indexes();
    const senegal = packagedPlaces().filter((p) => p.country_code === 'SN').length;
    expect(await loadPlaces(db, { countries: ['sn'] })).toBe(senegal);
    expect(await loadPlaces(db, { countries: ['SN'] })).toBe(0);
    const [row] = await queryRows<{ n: number; norm: string }>(
      db,
      sql`select count(*)::int as n, max(name_norm) filter (where name = 'Thiès') as norm from places`,
    );
    expect(row).toEqual({ n: senegal, norm: 'thies' });
    // Dropped and built again after the rows: the same indexes as migration 0020 made.
    expect(await indexes()).toEqual(before);
    expect(before.map((i) => i.split(':')[0])).toEqual([
      'places_location',
      'places_name_prefix',
      'places_name_trgm',
      'places_pkey',
    ]);
  });

  it('loads nothing when asked for no country', async () => {
    expect(await loadPlaces(database().db, { countries: [] })).toBe(0);
  });
});
