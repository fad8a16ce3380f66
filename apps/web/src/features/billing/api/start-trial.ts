// POST /api/user/updateSubscription with `true, false`: starts the free trial (SPEC 4, D-16).
// 409 TRIAL_USED once it has been used. The answer is the user with the trial running.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { storeCurrentUser } from '../../../lib/session';

export const startTrial = (userId: string) =>
  apiFetch<{ data: User }>('/user/updateSubscription', {
    method: 'POST',
    body: { user_id: userId, status: true, trail_complete: false },
  }).then((r) => r.data);

export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrial,
    onSuccess: (user) => {
      storeCurrentUser(user);
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
    },
  });
}
