// After a transaction commits, its notifications go out: to the user's open streams (the bus)
// and, for acceptances, by SMS through the SMS adapter (D-15). Delivery is best effort: the
// stored notification is the record, and the mailbox polls it anyway.
import type { FastifyBaseLogger } from 'fastify';
import type { SmsAdapter } from '../../adapters/sms/index.js';
import type { notifications } from '../../db/schema.js';
import type { NotificationBus } from './bus.js';
import { toNotification } from './record.js';

type NotificationRow = typeof notifications.$inferSelect;

export interface Notifier {
  /** Pushes a stored notification to its user's streams. */
  delivered(row: NotificationRow): void;
  /** Sends a short SMS; failures are logged, never thrown. */
  sms(to: string | null | undefined, text: string): void;
}

export function createNotifier(deps: { bus: NotificationBus; sms: SmsAdapter; log: FastifyBaseLogger }): Notifier {
  return {
    delivered(row) {
      deps.bus.publish(row.userId, toNotification(row)).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'notification not published');
      });
    },
    sms(to, text) {
      if (!to) return;
      deps.sms.send({ to, text }).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'notification SMS not sent');
      });
    },
  };
}
