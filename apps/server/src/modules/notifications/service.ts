// The mailbox (SPEC 2.2, D-21): a user reads and marks only their own notifications.
import type { Notification } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import { toNotification } from './record.js';
import { notificationsRepository } from './repository.js';

/** The mailbox shows the latest; older ones stay stored. */
const MAILBOX_LIMIT = 100;

export function buildNotificationsService(db: Db) {
  const repo = notificationsRepository(db);
  return {
    async list(caller: Caller, userId: string): Promise<Notification[]> {
      if (userId !== caller.userId) throw new AppError('FORBIDDEN');
      return (await repo.list(caller.userId, MAILBOX_LIMIT)).map(toNotification);
    },
    async markRead(caller: Caller, body: { id: string; _id: string }): Promise<Notification> {
      if (body._id !== caller.userId) throw new AppError('FORBIDDEN');
      const row = await repo.markRead(body.id, caller.userId);
      if (!row) throw new AppError('NOT_FOUND');
      return toNotification(row);
    },
  };
}
