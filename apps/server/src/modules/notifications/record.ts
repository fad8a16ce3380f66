import type { Notification } from '@app/shared';
import type { notifications } from '../../db/schema.js';

type NotificationRow = typeof notifications.$inferSelect;

/** API.md's record: SPEC's status strings, "true" unread and "false" read. */
export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    status: row.read ? 'false' : 'true',
    message_en: row.messageEn,
    message_fr: row.messageFr,
    ...(row.solutionId ? { solution_id: row.solutionId } : {}),
    created_at: row.createdAt.toISOString(),
  };
}
