// D-21: a notification from the stream joins the cached mailbox at once, so the badge rises
// without a reload. The mailbox listens on the tab's one shared stream (lib/event-stream).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Notification } from '@app/shared';
import { subscribeToStream } from '../../../lib/event-stream';
import { withNotification } from '../api/get-notifications';
import { notificationKeys } from '../api/query-keys';
import { isNotification } from '../api/notification-stream';

export function useNotificationStream(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const key = notificationKeys.list(userId);
    return subscribeToStream('notification', (notification) => {
      if (!isNotification(notification)) return;
      if (queryClient.getQueryData(key)) {
        queryClient.setQueryData<Notification[]>(key, (list) => withNotification(list, notification));
      } else {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    });
  }, [queryClient, userId]);
}
