// POST /api/user/login with an e-mail or a phone number. SPEC 5: the identifier is lower-cased
// and trimmed.
import { useMutation } from '@tanstack/react-query';
import { loginBodySchema, type SessionResult } from '@app/shared';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export type LoginInput = z.input<typeof loginBodySchema>;

export const login = (input: LoginInput) =>
  apiFetch<{ data: SessionResult }>('/user/login', {
    method: 'POST',
    body: loginBodySchema.parse({ ...input, email: input.email.trim().toLowerCase() }),
  }).then((r) => r.data);

export const useLogin = () => useMutation({ mutationFn: login });
