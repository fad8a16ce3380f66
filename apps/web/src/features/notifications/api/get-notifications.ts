// GET /api/notify/getUserNotif/:userId: the mailbox, newest first. Fetched on load and polled
// every NOTIFICATION_POLL_MS (SPEC 4, 9); the stream adds new ones in between (D-21).
import { queryOptions } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS, type Notification } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

export const getNotifications = (userId: string) =>
  apiFetch<{ data: Notification[] }>(`/notify/getUserNotif/${encodeURIComponent(userId)}`, {
    afterFirstScreen: true,
  }).then((r) => r.data);

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: () => getNotifications(userId),
    refetchInterval: NOTIFICATION_POLL_MS,
    enabled: userId !== '',
  });

/** SPEC 3: 'false' is read; any other status, 'true' included, is unread. */
export const isUnread = (notification: Pick<Notification, 'status'>): boolean => notification.status !== 'false';

/** A new notification at the top of the cached list, once (the poll may have brought it already). */
export function withNotification(list: Notification[] | undefined, added: Notification): Notification[] | undefined {
  if (!list) return list;
  if (list.some((n) => n._id === added._id)) return list;
  return [added, ...list];
}
