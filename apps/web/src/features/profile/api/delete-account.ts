// DELETE /api/user/:userId (D-12): the account goes, posts leave the listings and contact
// details are erased on the server.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { clearSession, forgetEverythingButSettings } from '../../../lib/session';

export const deleteAccount = (userId: string) =>
  apiFetch<void>(`/user/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // Signed out at once: a call the deleted session answers with 401 must not redirect to sign-in.
      clearSession();
      await queryClient.cancelQueries();
      queryClient.clear();
      forgetEverythingButSettings();
      // A full load: no cached query or screen keeps the deleted user's data.
      window.location.assign('/');
    },
  });
}
