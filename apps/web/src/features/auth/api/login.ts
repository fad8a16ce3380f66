// POST /api/user/login with an e-mail or a phone number. SPEC 5: the identifier is lower-cased
// and trimmed.
import { useMutation } from '@tanstack/react-query';
import { loginBodySchema, type SessionResult } from '@app/shared';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { pushDeviceToken } from '../../../lib/push';

export type LoginInput = z.input<typeof loginBodySchema>;

export const login = async (input: LoginInput) => {
  const device_token = input.device_token ?? (await pushDeviceToken());
  return apiFetch<{ data: SessionResult }>('/user/login', {
    method: 'POST',
    body: loginBodySchema.parse({ ...input, email: input.email.trim().toLowerCase(), device_token }),
  }).then((r) => r.data);
};

export const useLogin = () => useMutation({ mutationFn: login });
