// After a transaction commits, its notifications go out: to the user's open streams (the bus),
// by Web Push to the device token given at login, and, for acceptances, by SMS (D-15, D-21).
// Delivery is best effort: the stored notification is the record, and the mailbox polls it anyway.
import type { Message } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PushAdapter } from '../../adapters/push/index.js';
import type { SmsAdapter } from '../../adapters/sms/index.js';
import type { Db } from '../../db/client.js';
import type { notifications } from '../../db/schema.js';
import type { NotificationBus } from './bus.js';
import { toNotification } from './record.js';
import { notificationsRepository } from './repository.js';

type NotificationRow = typeof notifications.$inferSelect;

export interface Notifier {
  /**
   * Streams and pushes a stored notification to its user; resolves when both were tried. The push
   * opens `url` (default the dashboard).
   */
  delivered(row: NotificationRow, url?: string): Promise<void>;
  /** Sends a short SMS; failures are logged, never thrown. */
  sms(to: string | null | undefined, text: string): void;
  /** D-28: a deal's new message to these users' open streams, on every instance; resolves when tried. */
  message(userIds: string[], message: Message): Promise<void>;
}

interface Deps {
  db: Db;
  bus: NotificationBus;
  sms: SmsAdapter;
  push: PushAdapter;
  log: FastifyBaseLogger;
}

export function createNotifier({ db, bus, sms, push, log }: Deps): Notifier {
  const repo = notificationsRepository(db);

  async function pushTo(row: NotificationRow, url = '/dashboard') {
    const target = await repo.pushTarget(row.userId);
    if (!target) return;
    const result = await push.send(target.deviceToken, {
      title: target.language === 'fr' ? 'Nouvelle notification' : 'New notification',
      body: target.language === 'fr' ? row.messageFr : row.messageEn,
      url,
    });
    if (result === 'gone') await repo.forgetDeviceToken(row.userId, target.deviceToken);
  }

  return {
    async delivered(row, url) {
      const results = await Promise.allSettled([bus.publish(row.userId, toNotification(row)), pushTo(row, url)]);
      for (const result of results) {
        if (result.status === 'rejected') log.warn({ err: String(result.reason) }, 'notification not delivered');
      }
    },
    async message(userIds, message) {
      const results = await Promise.allSettled(userIds.map((id) => bus.publishMessage(id, message)));
      for (const result of results) {
        if (result.status === 'rejected') log.warn({ err: String(result.reason) }, 'message not streamed');
      }
    },
    sms(to, text) {
      if (!to) return;
      sms.send({ to, text }).catch((error: unknown) => {
        log.warn({ err: String(error) }, 'notification SMS not sent');
      });
    },
  };
}
