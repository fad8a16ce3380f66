// PUT /api/notify/updateNotification {id, _id}: SPEC 4, an unread notification becomes read when
// clicked. The badge drops at once; a failure puts the server's list back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

export const markRead = (userId: string, id: string) =>
  apiFetch<{ data: Notification }>('/notify/updateNotification', { method: 'PUT', body: { id, _id: userId } });

export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  const key = notificationKeys.list(userId);
  return useMutation({
    mutationFn: (id: string) => markRead(userId, id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Notification[]>(key, (list) =>
        list?.map((n) => (n._id === id ? { ...n, status: 'false' } : n)),
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
