// D-21: a notification from the stream joins the cached mailbox at once, so the badge rises
// without a reload. The stream closes with the component (sign-out reloads the page).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Notification } from '@app/shared';
import { notificationsKey, withNotification } from '../api/get-notifications';
import { listenToNotifications } from '../api/notification-stream';

export function useNotificationStream(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    const key = notificationsKey(userId);
    void listenToNotifications(controller.signal, (notification) => {
      if (queryClient.getQueryData(key)) {
        queryClient.setQueryData<Notification[]>(key, (list) => withNotification(list, notification));
      } else {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    });
    return () => controller.abort();
  }, [queryClient, userId]);
}
