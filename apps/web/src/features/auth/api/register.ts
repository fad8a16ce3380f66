// POST /api/user/register: JSON, or multipart (a `new_user` JSON part, then one `files` part per
// ID image) when the user chose images for an account with ID.
import { useMutation } from '@tanstack/react-query';
import { newUserSchema, type User } from '@app/shared';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { getLanguage } from '../../../lib/settings';

export type RegisterInput = { newUser: z.input<typeof newUserSchema>; files: File[] };

export function register({ newUser, files }: RegisterInput): Promise<User> {
  // D-24: the server learns the interface language at registration, for the first SMS already.
  const new_user = newUserSchema.parse({ language: getLanguage(), ...newUser });
  let body: unknown = { new_user };
  if (files.length > 0) {
    const form = new FormData();
    // The JSON part first: the server reads the fields before it streams the files.
    form.append('new_user', JSON.stringify(new_user));
    for (const file of files) form.append('files', file, file.name);
    body = form;
  }
  return apiFetch<{ data: User }>('/user/register', { method: 'POST', body }).then((r) => r.data);
}

export const useRegister = () => useMutation({ mutationFn: register });
