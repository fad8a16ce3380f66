// D-26: cities by name (accent- and typo-tolerant) or nearest to a point, from the places table
// (migration 0020), answered from its indexes.
import { placeLabelSchema, placeSchema } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../lib/sql-rows.js';

// The rows are the API's places (shared schemas/places.ts) without the names the service adds;
// coordinates are coerced, as a driver may answer a computed number as text.
const placeRow = placeSchema.pick({ name: true, region: true, country_code: true }).extend({
  lat: z.coerce.number(),
  lng: z.coerce.number(),
});
export type PlaceRow = z.infer<typeof placeRow>;

const nearestRow = placeRow.extend({ distance_km: z.coerce.number() });
export type NearestRow = z.infer<typeof nearestRow>;

const labelRow = placeLabelSchema.pick({ name: true }).extend({
  lat: z.coerce.number(),
  lng: z.coerce.number(),
  population: z.coerce.number(),
});
export type LabelRow = z.infer<typeof labelRow>;

/** Candidates per cell for the map's place names. */
const LABEL_CANDIDATES_PER_CELL = 3;

/** A float8[] literal of finite numbers (one parameter, whatever the number of cells). */
const floats = (values: number[]): string => `{${values.map((v) => micro(v)).join(',')}}`;

/** Cities taken from each way of matching before they are ranked together. */
const CANDIDATES = 30;

/** Great-circle kilometres between p.location and (lng, lat). */
const kmFrom = (lng: number, lat: number): SQL =>
  sql`2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(p.location[1] - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(p.location[1])) * power(sin(radians(p.location[0] - ${lng}) / 2), 2))))`;

/**
 * Degrees to a micro-degree (about 0.1 m): a subnormal such as 5e-324 is refused by PostgreSQL's
 * float8 input (the fuzz suite sent one), and no place is finer than this anyway.
 */
const micro = (degrees: number): number => Math.round(degrees * 1e6) / 1e6;

export function placesRepository(db: Db) {
  return {
    /**
     * Cities matching `text`, best first. Candidates come three ways, each from an index: names
     * beginning with the text (largest first), names holding it as a word (trigram word
     * similarity), and, when no name is exactly the text, names within one or two letters of it
     * (levenshtein among names of the same first letter and about the same length: a typo that
     * trigrams miss). They are scored by how well they match, then by population (log), then by
     * nearness to `near` when given (up to 0.5: a typo of a town 60 km away beats a
     * closer spelling across the world).
     */
    async search(text: string, near: [number, number] | undefined, limit: number): Promise<PlaceRow[]> {
      const nearness = near ? sql`0.5 / (1 + ${kmFrom(micro(near[0]), micro(near[1]))} / 100)` : sql`0`;
      return queryRows(
        db,
        sql`
        with q as (select search_norm(${text}) as w),
        candidate as (
          (select p.id from places p, q where p.name_norm like q.w || '%'
            order by p.population desc limit ${CANDIDATES})
          union
          (select p.id from places p, q where q.w <% p.name_norm
            order by word_similarity(q.w, p.name_norm) desc, p.population desc limit ${CANDIDATES})
          union
          (select p.id from places p, q where char_length(q.w) >= 4
            and not exists (select 1 from places e where e.name_norm = q.w)
            and p.name_norm like left(q.w, 1) || '%'
            and char_length(p.name_norm) between char_length(q.w) - 2 and char_length(q.w) + 2
            and levenshtein_less_equal(p.name_norm, q.w, 2) <= case when char_length(q.w) >= 5 then 2 else 1 end
            order by p.population desc limit ${CANDIDATES})
        )
        select p.name, p.region, p.country_code, p.location[1] as lat, p.location[0] as lng
        from candidate join places p using (id), q
        order by greatest(
            case when p.name_norm = q.w then 1 else 0 end,
            case when p.name_norm like q.w || '%' then 0.8 else 0 end,
            0.9 * word_similarity(q.w, p.name_norm),
            0.7 - 0.1 * levenshtein_less_equal(p.name_norm, q.w, 3))
          + 0.3 * log(greatest(p.population, 1)) / 7 + ${nearness} desc,
          p.population desc, p.id
        limit ${limit}`,
        placeRow,
      );
    },

    /**
     * The city nearest to (lng, lat): the few nearest in degrees from the GiST index, then the
     * nearest of those on the globe (a degree of longitude shrinks away from the equator).
     */
    async nearest(lngIn: number, latIn: number): Promise<NearestRow | null> {
      const [lng, lat] = [micro(lngIn), micro(latIn)];
      const [row] = await queryRows(
        db,
        sql`
        select name, region, country_code, lat, lng, distance_km from (
          select p.name, p.region, p.country_code, p.location[1] as lat, p.location[0] as lng,
            ${kmFrom(lng, lat)} as distance_km
          from places p order by p.location <-> point(${lng}, ${lat}) limit 8) near
        order by distance_km limit 1`,
        nearestRow,
      );
      return row ?? null;
    },

    /**
     * The most populous places in each cell (LABEL_CANDIDATES_PER_CELL; ties: the lower id, so a
     * view always names the same), each from the GiST index on location: one index scan per cell.
     * More than one: a town beside a city in the same cell (Thiès in Dakar's) is still a candidate
     * when the zoom leaves room for both names.
     */
    async largestIn(cells: { west: number; south: number; east: number; north: number }[]): Promise<LabelRow[]> {
      if (cells.length === 0) return [];
      return queryRows(
        db,
        sql`
        select l.name, l.lat, l.lng, l.population
        from unnest(${floats(cells.map((c) => c.west))}::float8[], ${floats(cells.map((c) => c.south))}::float8[],
          ${floats(cells.map((c) => c.east))}::float8[], ${floats(cells.map((c) => c.north))}::float8[]) as c(w, s, e, n)
        cross join lateral (
          select p.name, p.location[1] as lat, p.location[0] as lng, p.population
          from places p
          where p.location <@ box(point(c.w, c.s), point(c.e, c.n))
          order by p.population desc, p.id
          limit ${LABEL_CANDIDATES_PER_CELL}) l
        order by l.population desc`,
        labelRow,
      );
    },
  };
}

export type PlacesRepository = ReturnType<typeof placesRepository>;
