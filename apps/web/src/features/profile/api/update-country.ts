// PATCH /api/user/updateCountry: the country modal's choice (SPEC 4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { storeCurrentUser } from '../../../lib/session';

export const updateCountry = (input: { userId: string; country: string }) =>
  apiFetch<{ data: User }>('/user/updateCountry', {
    method: 'PATCH',
    body: { user_id: input.userId, country: input.country },
  }).then((r) => r.data);

/** On success the stored user carries the country, which sets isCountry (SPEC 4). */
export function useUpdateCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCountry,
    onSuccess: (user) => {
      storeCurrentUser(user);
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
    },
  });
}
