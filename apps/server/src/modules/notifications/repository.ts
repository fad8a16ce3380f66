import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, sessions, users } from '../../db/schema.js';

export function notificationsRepository(db: Db) {
  return {
    /** The newest first; the mailbox shows the latest ones. */
    async list(userId: string, limit: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },
    /** Marks one of the user's own notifications read; undefined when it is not theirs. */
    async markRead(id: string, userId: string) {
      const [row] = await db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row;
    },
    /** Where a push goes: the device token of the user's one session (D-9), and their language. */
    async pushTarget(userId: string) {
      const [row] = await db
        .select({ deviceToken: sessions.deviceToken, language: users.language })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.userId, userId), isNotNull(sessions.deviceToken)));
      return row?.deviceToken ? { deviceToken: row.deviceToken, language: row.language } : undefined;
    },
    async forgetDeviceToken(userId: string, deviceToken: string) {
      await db
        .update(sessions)
        .set({ deviceToken: null })
        .where(and(eq(sessions.userId, userId), eq(sessions.deviceToken, deviceToken)));
    },
  };
}
