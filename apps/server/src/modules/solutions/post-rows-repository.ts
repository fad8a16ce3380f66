// The post row as every read of posts selects it, and the pieces the reads share: the columns,
// the listed-post predicate (D-29), the exact-point rule (D-35), and newest-first paging.
import { BOOKING_UNITS, solutionSchema } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { parseRows } from '../../lib/sql-rows.js';
import { signedInRows } from '../sessions/repository.js';
import type { SessionClaim } from '../sessions/service.js';
import type { notifications } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;

export const imageRow = z.object({ solutionId: z.string(), fullKey: z.string(), thumbKey: z.string() });
export type ImageRow = z.infer<typeof imageRow>;

/**
 * The fields a post row holds as the API record has them (shared records.ts): declared there
 * once, picked here.
 */
const recordFields = solutionSchema.pick({
  user_role: true,
  category: true,
  sub_category_id: true,
  description: true,
  pickup_street_address: true,
  pickup_city: true,
  pickup_region: true,
  pickup_country: true,
  pickup_postal_address: true,
  pickup_date: true,
  delivery_street_address: true,
  delivery_city: true,
  delivery_region: true,
  delivery_country: true,
  delivery_postal_address: true,
  delivery_date: true,
  status: true,
}).shape;

/** A post as COLUMNS selects it, parsed from each row (lib/sql-rows.ts): a column that drifts fails loudly. */
export const solutionRow = z.object({
  ...recordFields,
  id: z.string(),
  user_id: z.string(),
  user_first_name: z.string(),
  user_email: z.string().nullable(),
  user_mobile: z.string().nullable(),
  user_verified: z.boolean(),
  user_vip: z.boolean(),
  /** D-29: the owner's completed deals and ratings, as shown wherever a person is shown. */
  user_completed_deals: z.number(),
  user_rating_sum: z.number(),
  user_rating_count: z.number(),
  sub_category_en: z.string(),
  sub_category_fr: z.string(),
  /** D-30: null means the sub-category's name. */
  title: z.string().nullable(),
  price_usd: z.number(),
  price_eur: z.number(),
  price_xof: z.number(),
  /** D-35: the public point (`location`), within 1 km of the true one. */
  pickup_lat: z.coerce.number(),
  pickup_lng: z.coerce.number(),
  /** D-35: the true point: for toSolution to give its owner and a confirmed deal's parties only. */
  exact_lat: z.coerce.number(),
  exact_lng: z.coerce.number(),
  /** D-35: the owner shows the exact place (a shop, a depot). */
  show_exact_location: z.boolean(),
  /**
   * D-35: whether the viewer the statement ran for (signedInRows) is the owner or a party of a deal
   * the owner confirmed; false when the statement knew no viewer (the service decides then).
   */
  viewer_exact: z.boolean().default(false),
  delivery_lat: z.number().nullable(),
  delivery_lng: z.number().nullable(),
  /** D-33: booked by date when priced per day, night, hour or month. */
  unit: z.enum(BOOKING_UNITS).nullable(),
  capacity: z.number(),
  blocked: z.array(z.object({ from: z.string(), to: z.string() })),
  /** D-33: a need's last day (pickup_date is its first). */
  dates_to: z.string().nullable(),
  /** D-29: an admin hid it, or its owner is blocked: off the map, lists and others' details. */
  hidden: z.boolean(),
  owner_blocked: z.boolean(),
  /** A timestamptz (a Date from either driver), answered as ISO text. */
  created_at: z.coerce.date().transform((at) => at.toISOString()),
  /** created_at as PostgreSQL text, exact to the microsecond, for list cursors. */
  created_key: z.string(),
  /** In position order. */
  images: z.array(imageRow),
});
export type SolutionRow = z.infer<typeof solutionRow>;

export const COLUMNS = sql`
  select s.id, s.user_id, u.first_name as user_first_name, u.email as user_email, u.mobile_no as user_mobile,
         u.verified as user_verified, u.vip as user_vip, u.completed_deals as user_completed_deals,
         u.rating_sum as user_rating_sum, u.rating_count as user_rating_count, s.user_role, s.category, s.sub_category_id,
         s.sub_category_en, s.sub_category_fr, s.title, s.price_usd, s.price_eur, s.price_xof, s.description,
         s.pickup_street_address, s.pickup_city, s.pickup_region, s.pickup_country, s.pickup_postal_address,
         s.pickup_date::text as pickup_date, s.location[1] as pickup_lat, s.location[0] as pickup_lng,
         s.exact_location[1] as exact_lat, s.exact_location[0] as exact_lng, s.show_exact_location,
         s.delivery_street_address, s.delivery_city, s.delivery_region, s.delivery_country,
         s.delivery_postal_address, s.delivery_date::text as delivery_date, s.delivery_lat, s.delivery_lng,
         s.status, s.unit, s.capacity, s.blocked, s.dates_to::text as dates_to,
         s.hidden, s.owner_blocked, s.created_at, s.created_at::text as created_key,
         -- In the same round trip (bench/load: a second query per list cost more than this one);
         -- PostgreSQL evaluates it only for the rows kept by the limit.
         coalesce((select json_agg(json_build_object('solutionId', i.solution_id, 'fullKey', i.full_key,
                     'thumbKey', i.thumb_key) order by i.position)
                   from solution_images i where i.solution_id = s.id), '[]'::json) as images`;
export const SELECT = sql`${COLUMNS} from solutions s join users u on u.id = s.user_id`;

/**
 * D-14: the kind of the subscription or trial of user `userId` running at `at` (an ISO instant),
 * or null: active, or cancelled but paid until its end (modules/entitlements says what it grants).
 */
export const runningSubscriptionKind = (userId: SQL, at: string) => sql`(select r.kind from subscriptions r
  where r.user_id = ${userId} and r.status in ('active', 'cancelled') and r.end_at > ${at}::timestamptz limit 1)`;

/**
 * D-35: whether `viewer` may see the exact point of post `post` (a relation with id and user_id):
 * its owner, or the acceptor of a deal on it that the owner confirmed (accepted, or since completed).
 */
export const viewerExact = (post: SQL, viewer: SQL) => sql`(${post}.user_id = ${viewer} or exists (
  select 1 from deals vx where vx.solution_id = ${post}.id and vx.acceptor_id = ${viewer}
    and vx.state in ('accepted', 'completed') and vx.confirmed_at is not null))`;

/**
 * D-29: a listed post is open (Pending), not hidden by an admin and not of a blocked owner: the
 * predicate of the open-post indexes and of the map-cell triggers (migration 0021), said the same
 * way so that PostgreSQL uses those indexes.
 */
export const LISTED = sql`s.status = 'Pending' and not s.hidden and not s.owner_blocked`;
export const open = sql`${LISTED} and u.deleted_at is null`;

/**
 * The row count of a page, written into the statement rather than sent as a parameter: PostgreSQL
 * plans `limit $n` as an unknown limit, so a generic plan of a paged query looked far costlier
 * than a custom one and it planned every call afresh (pg_prepared_statements: 0 generic plans in
 * 130 calls), which cost as much as running it. Rounded up to one of a few steps, so the texts,
 * and the prepared statements each connection keeps, stay few; `run` keeps the rows asked for.
 */
const ROW_STEPS = [21, 51, 101];
export function rowCount(n: number): SQL {
  const step = ROW_STEPS.find((s) => s >= n);
  if (!step || !Number.isSafeInteger(n) || n < 1) throw new Error(`not a page size: ${n}`);
  return sql.raw(String(step));
}

export function afterCursor(after: { created: string; id: string } | undefined): SQL {
  return after ? sql`and (s.created_at, s.id) < (${after.created}::timestamptz, ${after.id}::uuid)` : sql``;
}

export const rowsOf = (result: unknown): SolutionRow[] => parseRows(result, solutionRow);

/** Newest first after the cursor, one page: the paging of every list and search without `near`. */
export function newestFirst(page: { after?: { created: string; id: string } | undefined; limit: number }): SQL {
  return sql`${afterCursor(page.after)} order by s.created_at desc, s.id desc limit ${rowCount(page.limit)}`;
}

/** Runs a query of posts: its rows; with a claim, only for the live session it names (signedInRows). */
export function postRunner(db: Db) {
  return async (query: SQL, claim: SessionClaim | undefined, limit: number): Promise<SolutionRow[]> =>
    (claim
      ? (
          await signedInRows(
            db,
            claim,
            sql`select x.*, ${viewerExact(sql`x`, sql`me.user_id`)} as viewer_exact
          from (${query}) x`,
            solutionRow,
          )
        ).rows
      : rowsOf(await db.execute(query))
    ).slice(0, limit);
}
