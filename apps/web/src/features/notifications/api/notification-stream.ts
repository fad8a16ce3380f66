// The mailbox's part of the event stream (D-21): events `notification` with a Notification as
// data. The connection itself is shared with other listeners (lib/event-stream).
import type { Notification } from '@app/shared';
import { listenToEvents } from '../../../lib/event-stream';

export { parseEvents, RETRY_MAX_MS, RETRY_MIN_MS } from '../../../lib/event-stream';

/** Listens until `signal` aborts or the key is refused, reconnecting after each loss. */
export function listenToNotifications(
  signal: AbortSignal,
  onNotification: (notification: Notification) => void,
  options: { retryMinMs?: number; retryMaxMs?: number } = {},
): Promise<void> {
  return listenToEvents(
    signal,
    ({ event, data }) => {
      if (event !== 'notification') return;
      try {
        const notification: unknown = JSON.parse(data);
        if (isNotification(notification)) onNotification(notification);
      } catch {
        // A malformed event is skipped; the next poll brings the list anyway.
      }
    },
    options,
  );
}

/**
 * The server sends records of its own schema; a light shape check keeps zod out of the header,
 * which every page loads (the first page's bundle budget).
 */
export function isNotification(value: unknown): value is Notification {
  const n = value as Partial<Record<keyof Notification, unknown>> | null;
  return (
    typeof n === 'object' &&
    n !== null &&
    typeof n._id === 'string' &&
    (n.status === 'true' || n.status === 'false') &&
    typeof n.message_en === 'string' &&
    typeof n.message_fr === 'string' &&
    typeof n.created_at === 'string'
  );
}
