// DELETE /api/user/:userId (D-12): the account goes, posts leave the listings and contact
// details are erased on the server.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Device settings outlive the account, as they outlive a logout (SPEC 2.2). */
const KEPT = ['language', 'currency'];

export function forgetEverythingButSettings(storage: Storage = localStorage): void {
  const kept = KEPT.map((key) => [key, storage.getItem(key)] as const);
  storage.clear();
  for (const [key, value] of kept) if (value !== null) storage.setItem(key, value);
}

export const deleteAccount = (userId: string) =>
  apiFetch<void>(`/user/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await queryClient.cancelQueries();
      queryClient.clear();
      forgetEverythingButSettings();
      // A full load: no cached query or screen keeps the deleted user's data.
      window.location.assign('/');
    },
  });
}
