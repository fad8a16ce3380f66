// D-36: alerts (migration 0029). Matching a new post is one statement: the alerts whose area box
// holds the post's point (GiST), then the distance, type, category and words checked in SQL.
import { alertSchema } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { queryRows, type SqlExecutor } from '../../lib/sql-rows.js';
import { LISTED, solutionRow } from '../solutions/post-rows-repository.js';
import { typoOf } from '../solutions/search-repository.js';

/**
 * D-35: alerts are measured from a post's public point (`location`; the true one is
 * `exact_location`), so an alert's radius never narrows where someone lives. Nothing else in
 * alert matching names a post's position.
 */
export const ALERT_MATCH_POINT = sql`s.location`;

const KM_PER_DEGREE = 111.19;

/** Great-circle km between two `point(lng, lat)` expressions (as the search's radius). */
const distanceKm = (a: SQL, b: SQL): SQL =>
  sql`(2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians((${b})[1] - (${a})[1]) / 2), 2)
    + cos(radians((${a})[1])) * cos(radians((${b})[1])) * power(sin(radians((${b})[0] - (${a})[0]) / 2), 2)))))`;

/** An alert as ALERT_COLUMNS selects it: the API's alert (shared schemas/alerts.ts) with its owner. */
export const alertRow = alertSchema
  .pick({
    sub_category_id: true,
    q: true,
    sms: true,
    last_match_at: true,
    last_solution_id: true,
    created_at: true,
  })
  .extend({
    id: z.string(),
    user_id: z.string(),
    user_role: alertSchema.shape.type,
    category: z.string().nullable(),
    lng: z.coerce.number(),
    lat: z.coerce.number(),
    radius_km: z.coerce.number(),
  });
export type AlertRow = z.infer<typeof alertRow>;

const ALERT_COLUMNS = sql`a.id, a.user_id, a.user_role, a.category, a.sub_category_id, a.q,
  a.location[0] as lng, a.location[1] as lat, a.radius_km, a.sms,
  to_char(a.last_match_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_match_at,
  a.last_solution_id,
  to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

export interface NewAlertRow {
  userId: string;
  userRole: 'needSolution' | 'provideSolution' | null;
  category: string | null;
  subCategoryId: string | null;
  q: string;
  words: string[];
  lng: number;
  lat: number;
  radiusKm: number;
  sms: boolean;
}

/** The box in degrees that holds a circle of `km` around (lng, lat). */
export function areaOf(lng: number, lat: number, km: number): [number, number, number, number] {
  const dLat = km / KM_PER_DEGREE;
  const dLng = km / KM_PER_DEGREE / Math.max(0.01, Math.cos((Math.min(89, Math.abs(lat)) * Math.PI) / 180));
  return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
}

export const matchRow = z.object({
  alert_id: z.string(),
  user_id: z.string(),
  sms: z.boolean(),
});

export function alertsRepository(db: Db) {
  return {
    /**
     * Inserts the alert unless the user already has `max`; null when they have. The user's row is
     * locked for the count, so two creations at once cannot both pass it.
     */
    async create(row: NewAlertRow, max: number): Promise<AlertRow | null> {
      return db.transaction(async (tx) => {
        const exec = tx as unknown as SqlExecutor;
        await queryRows(
          exec,
          sql`select id from users where id = ${row.userId} for update`,
          z.object({ id: z.string() }),
        );
        const [count] = await queryRows(
          exec,
          sql`select count(*)::int as n from alerts where user_id = ${row.userId}`,
          z.object({ n: z.number() }),
        );
        if ((count?.n ?? 0) >= max) return null;
        const [x1, y1, x2, y2] = areaOf(row.lng, row.lat, row.radiusKm);
        const [created] = await queryRows(
          exec,
          sql`insert into alerts as a (user_id, user_role, category, sub_category_id, q, words, location, radius_km, area, sms)
            values (${row.userId}, ${row.userRole}, ${row.category}, ${row.subCategoryId}, ${row.q},
              ${`{${row.words.join(',')}}`}::text[], point(${row.lng}, ${row.lat}), ${row.radiusKm},
              box(point(${x1}, ${y1}), point(${x2}, ${y2})), ${row.sms})
            returning ${ALERT_COLUMNS}`,
          alertRow,
        );
        if (row.words.length > 0) {
          await tx.execute(sql`insert into alert_vocabulary (word)
            select unnest(${`{${row.words.join(',')}}`}::text[]) on conflict do nothing`);
        }
        return created ?? null;
      });
    },

    async list(userId: string): Promise<AlertRow[]> {
      return queryRows(
        db,
        sql`select ${ALERT_COLUMNS} from alerts a where a.user_id = ${userId} order by a.created_at desc, a.id desc`,
        alertRow,
      );
    },

    /** Deletes one of the user's alerts; false when it is not theirs (or not there). */
    async remove(alertId: string, userId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`delete from alerts where id = ${alertId} and user_id = ${userId} returning id`,
        z.object({ id: z.string() }),
      );
      return rows.length > 0;
    },

    async setSms(alertId: string, userId: string, sms: boolean): Promise<AlertRow | null> {
      const [row] = await queryRows(
        db,
        sql`update alerts a set sms = ${sms} where a.id = ${alertId} and a.user_id = ${userId} returning ${ALERT_COLUMNS}`,
        alertRow,
      );
      return row ?? null;
    },

    /** "STOP": every SMS alert of the user off; how many were on. */
    async stopSms(userId: string): Promise<number> {
      const rows = await queryRows(
        db,
        sql`update alerts set sms = false where user_id = ${userId} and sms returning id`,
        z.object({ id: z.string() }),
      );
      return rows.length;
    },

    /**
     * The alerts a listed post matches (D-36), not the poster's own: the area's GiST index first,
     * then within the radius, of the post's type, category and sub-category, and every alert word
     * one of the post's words as the search takes a typed word (repository.searchVariants): the
     * word itself, a beginning of it (three letters or more) or a typo of it (four letters or
     * more, the same typoOf rule).
     */
    matchQuery(solutionId: string): SQL {
      return sql`
        with p as materialized (
          select s.id, s.user_id, s.user_role, s.category, s.sub_category_id, ${ALERT_MATCH_POINT} as at,
                 tsvector_to_array(s.search_words) as words
          from solutions s where s.id = ${solutionId} and ${LISTED}),
        keys as materialized (
          select array(
            select w from p, unnest(p.words) w
            union
            select left(w, n) from p, unnest(p.words) w, generate_series(3, char_length(w) - 1) n
              where w !~ '[0-9]'
            union
            select v.word from p, unnest(p.words) w
              cross join lateral (select word from alert_vocabulary
                where w !~ '[0-9]' and word % w and char_length(word) >= 4) v
              where ${typoOf('w', 'v.word')}
          ) as k),
        -- The owners are read for the matches only, not for every alert the area's index yields.
        m as materialized (
          select a.id as alert_id, a.user_id, a.sms
          from p, alerts a
          where a.area && box(p.at, p.at)
            and a.user_id <> p.user_id
            and (a.user_role is null or a.user_role = p.user_role)
            and (a.category is null or a.category = p.category)
            and (a.sub_category_id is null or a.sub_category_id = p.sub_category_id)
            and a.words <@ (select k from keys)
            and ${distanceKm(sql`a.location`, sql`p.at`)} <= a.radius_km)
        select m.alert_id, m.user_id, m.sms from m join users u on u.id = m.user_id
        where u.deleted_at is null and u.blocked_at is null`;
    },

    async matching(solutionId: string): Promise<z.infer<typeof matchRow>[]> {
      return queryRows(db, this.matchQuery(solutionId), matchRow);
    },

    /**
     * Records the matches not yet recorded, each alert's last match, and one notification per
     * owner told (D-21: both texts, opening the post), in one transaction: a job that stops half
     * way records nothing, so its retry tells everyone; a job run twice tells nobody twice. The
     * notifications are one multi-row insert, not one statement per owner.
     */
    async recordAndNotify(
      solutionId: string,
      matches: z.infer<typeof matchRow>[],
      text: { en: string; fr: string },
      at: Date,
    ) {
      if (matches.length === 0) return { recorded: [], notices: [] };
      return db.transaction(async (tx) => {
        const recorded = await queryRows(
          tx as unknown as SqlExecutor,
          sql`insert into alert_matches (alert_id, solution_id, user_id, created_at)
            select m.alert_id::uuid, ${solutionId}::uuid, m.user_id::uuid, ${at.toISOString()}::timestamptz
            from json_to_recordset(${JSON.stringify(matches)}::json) as m(alert_id text, user_id text)
            on conflict do nothing returning alert_id, user_id`,
          z.object({ alert_id: z.string(), user_id: z.string() }),
        );
        if (recorded.length === 0) return { recorded, notices: [] };
        await tx.execute(sql`update alerts set last_match_at = ${at.toISOString()}::timestamptz,
          last_solution_id = ${solutionId}
          where id = any(${`{${recorded.map((r) => r.alert_id).join(',')}}`}::uuid[])`);
        const owners = [...new Set(recorded.map((r) => r.user_id))];
        const notices = await tx
          .insert(notifications)
          .values(
            owners.map((userId) => ({ userId, messageEn: text.en, messageFr: text.fr, solutionId, createdAt: at })),
          )
          .returning();
        return { recorded, notices };
      });
    },

    /** The alert SMS the user was sent since `since`. */
    async smsSentSince(userId: string, since: Date): Promise<number> {
      const [row] = await queryRows(
        db,
        sql`select count(*)::int as n from alert_matches where user_id = ${userId} and sms = 'sent'
          and sms_at >= ${since.toISOString()}::timestamptz`,
        z.object({ n: z.number() }),
      );
      return row?.n ?? 0;
    },

    async markSms(alertId: string, solutionId: string, state: 'sent' | 'held' | 'over_limit' | 'stopped', at: Date) {
      await db.execute(sql`update alert_matches set sms = ${state}, sms_at = ${at.toISOString()}::timestamptz
        where alert_id = ${alertId} and solution_id = ${solutionId}`);
    },

    /** Whether the alert still exists with its SMS on ("STOP" since a held SMS was queued). */
    async smsStillOn(alertId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 as one from alerts where id = ${alertId} and sms`,
        z.object({ one: z.number() }),
      );
      return rows.length > 0;
    },

    /** Who is told: language, number and country. */
    async person(userId: string) {
      const [row] = await queryRows(
        db,
        sql`select language, mobile_no, country from users where id = ${userId} and deleted_at is null`,
        z.object({ language: z.enum(['en', 'fr']), mobile_no: z.string().nullable(), country: z.string().nullable() }),
      );
      return row;
    },

    /** Who owns a post and its type: where the SMS's short link leads. */
    async postLink(solutionId: string) {
      const [row] = await queryRows(
        db,
        sql`select id, user_id, user_role from solutions where id = ${solutionId}`,
        z.object({ id: z.string(), user_id: z.string(), user_role: z.string() }),
      );
      return row;
    },

    async post(solutionId: string) {
      const [row] = await queryRows(
        db,
        sql`select s.id, s.user_id, s.user_role, s.title, s.sub_category_en, s.sub_category_fr, s.pickup_city,
            s.price_usd, s.price_eur, s.price_xof
          from solutions s where s.id = ${solutionId}`,
        solutionRow.pick({
          id: true,
          user_id: true,
          user_role: true,
          title: true,
          sub_category_en: true,
          sub_category_fr: true,
          pickup_city: true,
          price_usd: true,
          price_eur: true,
          price_xof: true,
        }),
      );
      return row;
    },
  };
}
