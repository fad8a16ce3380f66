import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

export function sessionsRepository(db: Db) {
  // Every signed-in request asks this: built once, and prepared once per connection by PostgreSQL
  // (bench/load: building the query cost more than running it).
  const active = db
    .select({ userId: users.id, admin: users.admin, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.authKeyHash, sql.placeholder('hash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('sessions_find_active');

  return {
    /** The live session with this key hash, with its user (not deleted). */
    async findActive(authKeyHash: string, now: Date) {
      const [row] = await active.execute({ hash: authKeyHash, now: now.toISOString() });
      return row && row.userId ? row : undefined;
    },

    /** D-9: one session per user; a new one replaces the old in one statement. */
    async replaceForUser(userId: string, authKeyHash: string, expiresAt: Date, deviceToken?: string) {
      await db
        .insert(sessions)
        .values({ userId, authKeyHash, expiresAt, deviceToken })
        .onConflictDoUpdate({
          target: sessions.userId,
          set: { authKeyHash, expiresAt, deviceToken: deviceToken ?? null, createdAt: new Date() },
        });
    },

    async remove(authKeyHash: string): Promise<boolean> {
      const removed = await db
        .delete(sessions)
        .where(eq(sessions.authKeyHash, authKeyHash))
        .returning({ id: sessions.id });
      return removed.length > 0;
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
