// D-37: the USSD profile of a user (migration 0030) and the positions "near me" starts from.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../lib/sql-rows.js';

export const lastSearchSchema = z.object({
  type: z.enum(['needSolution', 'provideSolution']),
  category: z.string(),
  lng: z.number(),
  lat: z.number(),
  town: z.string(),
});
export type LastSearch = z.infer<typeof lastSearchSchema>;

const profileRow = z.object({
  registered_session: z.string().nullable(),
  town: z.string().nullable(),
  town_lat: z.coerce.number().nullable(),
  town_lng: z.coerce.number().nullable(),
  last_search: lastSearchSchema.nullable().catch(null),
});
export type UssdProfile = z.infer<typeof profileRow>;

const pointRow = z.object({ lng: z.coerce.number(), lat: z.coerce.number() });

export function ussdRepository(db: Db) {
  const upsert = (
    userId: string,
    set: ReturnType<typeof sql>,
    columns: ReturnType<typeof sql>,
    values: ReturnType<typeof sql>,
  ) =>
    db.execute(sql`insert into ussd_profiles (user_id, ${columns}) values (${userId}, ${values})
      on conflict (user_id) do update set ${set}, updated_at = now()`);
  return {
    async profile(userId: string): Promise<UssdProfile | undefined> {
      const rows = await queryRows(
        db,
        sql`select registered_session, town, town_lat, town_lng, last_search from ussd_profiles where user_id = ${userId}`,
        profileRow,
      );
      return rows[0];
    },

    async markRegistered(userId: string, sessionId: string): Promise<void> {
      await upsert(
        userId,
        sql`registered_session = excluded.registered_session`,
        sql`registered_session`,
        sql`${sessionId}`,
      );
    },

    async saveTown(userId: string, town: { name: string; lat: number; lng: number }): Promise<void> {
      await upsert(
        userId,
        sql`town = excluded.town, town_lat = excluded.town_lat, town_lng = excluded.town_lng`,
        sql`town, town_lat, town_lng`,
        sql`${town.name}, ${town.lat}, ${town.lng}`,
      );
    },

    async saveLastSearch(userId: string, search: LastSearch): Promise<void> {
      await upsert(
        userId,
        sql`last_search = excluded.last_search`,
        sql`last_search`,
        sql`${JSON.stringify(search)}::jsonb`,
      );
    },

    /**
     * The last position the user's app reported: the point of their newest alert, else the place
     * of their newest post (both are set from the app's position or a picked place).
     */
    async appPosition(userId: string): Promise<{ lng: number; lat: number } | undefined> {
      const rows = await queryRows(
        db,
        sql`select lng, lat from (
            (select a.location[0] as lng, a.location[1] as lat, a.created_at as at
               from alerts a where a.user_id = ${userId} order by a.created_at desc limit 1)
            union all
            (select s.exact_location[0], s.exact_location[1], s.created_at
               from solutions s where s.user_id = ${userId} order by s.created_at desc limit 1)
          ) p order by at desc limit 1`,
        pointRow,
      );
      return rows[0];
    },
  };
}
export type UssdRepository = ReturnType<typeof ussdRepository>;
