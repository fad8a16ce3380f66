import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

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
  };
}
