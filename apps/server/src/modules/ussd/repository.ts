// D-37: the USSD profile of a user (migration 0030), written with Drizzle's builder, and the
// positions "near me" starts from, read as points in SQL.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ussdProfiles } from '../../db/schema.js';
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
  town_lat: z.number().nullable(),
  town_lng: z.number().nullable(),
  last_search: lastSearchSchema.nullable().catch(null),
});
export type UssdProfile = z.infer<typeof profileRow>;

const pointRow = z.object({ lng: z.coerce.number(), lat: z.coerce.number() });

type ProfileChange = Omit<Partial<typeof ussdProfiles.$inferInsert>, 'userId' | 'updatedAt'>;

export function ussdRepository(db: Db) {
  /** Creates the user's profile with `change`, or applies `change` to the one they have. */
  const upsert = (userId: string, change: ProfileChange) =>
    db
      .insert(ussdProfiles)
      .values({ userId, ...change })
      .onConflictDoUpdate({ target: ussdProfiles.userId, set: { ...change, updatedAt: sql`now()` } });
  return {
    async profile(userId: string): Promise<UssdProfile | undefined> {
      const [row] = await db
        .select({
          registered_session: ussdProfiles.registeredSession,
          town: ussdProfiles.town,
          town_lat: ussdProfiles.townLat,
          town_lng: ussdProfiles.townLng,
          last_search: ussdProfiles.lastSearch,
        })
        .from(ussdProfiles)
        .where(eq(ussdProfiles.userId, userId));
      // The stored last search is JSON: one of an older shape reads as none.
      return row && profileRow.parse(row);
    },

    async markRegistered(userId: string, sessionId: string): Promise<void> {
      await upsert(userId, { registeredSession: sessionId });
    },

    async saveTown(userId: string, town: { name: string; lat: number; lng: number }): Promise<void> {
      await upsert(userId, { town: town.name, townLat: town.lat, townLng: town.lng });
    },

    async saveLastSearch(userId: string, search: LastSearch): Promise<void> {
      await upsert(userId, { lastSearch: search });
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
