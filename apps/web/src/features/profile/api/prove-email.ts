// Proving the signed-in user's e-mail with a code mailed to it.
// POST /api/user/email/send-code, then POST /api/user/email/verify with the code.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailVerifyBodySchema, type User } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { storeCurrentUser } from '../../../lib/session';

export const sendEmailCode = () =>
  apiFetch<{ data: { sent: boolean } }>('/user/email/send-code', { method: 'POST' }).then((r) => r.data);

export const verifyEmail = (code: string) =>
  apiFetch<{ data: User }>('/user/email/verify', {
    method: 'POST',
    body: emailVerifyBodySchema.parse({ code }),
  }).then((r) => r.data);

/** `sent: false` means the address was proven meanwhile (another tab): read the user again. */
export function useSendEmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmailCode,
    onSuccess: ({ sent }) => {
      if (!sent) void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
    },
  });
}

/** On success the stored user says `email_verified` (and `admin`, when the address is an admin's). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (user) => {
      storeCurrentUser(user);
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
    },
  });
}
