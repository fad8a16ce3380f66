// The signed-in user, kept fresh from GET /api/user/me: it carries the subscription state, and a
// call on an ended session (signed in on another phone) sends the user to /login (D-9).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@app/shared';
import { apiFetch } from './api-client';
import { sharedKeys } from './query-keys';
import { getCurrentUser, isSignedIn, storeCurrentUser } from './session';

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.me(),
    queryFn: async () => {
      const { data } = await apiFetch<{ data: User }>('/user/me', { afterFirstScreen: true });
      storeCurrentUser(data);
      return data;
    },
    staleTime: 30_000,
    enabled: isSignedIn(),
  });

/** The stored user at once, replaced by the server's copy when it arrives. */
export function useCurrentUser(): User | null {
  const query = useQuery(currentUserQueryOptions());
  return query.data ?? (getCurrentUser() as User | null);
}
