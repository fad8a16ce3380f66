// PUT /api/user/updatePassword: the new password, with the token that proved the number.
import { useMutation } from '@tanstack/react-query';
import { updatePasswordBodySchema } from '@app/shared';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export type UpdatePasswordInput = z.input<typeof updatePasswordBodySchema>;

export const updatePassword = (input: UpdatePasswordInput) =>
  apiFetch<void>('/user/updatePassword', { method: 'PUT', body: updatePasswordBodySchema.parse(input) });

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
