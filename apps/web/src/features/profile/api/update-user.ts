// PUT /api/user/updateUser: the avatar (first image of `files`) and the editable fields. Name,
// e-mail and mobile are read-only (SPEC 5) and never sent.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { updateUserDataSchema, User } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { storeCurrentUser } from '../../../lib/session';

export type UpdateUserData = ReturnType<(typeof updateUserDataSchema)['parse']>;

export interface UpdateUserInput {
  userId: string;
  avatar: File | null;
  data?: UpdateUserData;
}

export function updateUser({ userId, avatar, data = {} }: UpdateUserInput): Promise<User> {
  const form = new FormData();
  // Fields first: a streaming multipart reader meets them before the file.
  form.append('user_id', userId);
  form.append('update_data', JSON.stringify(data));
  if (avatar) form.append('files', avatar, avatar.name);
  return apiFetch<{ data: User }>('/user/updateUser', { method: 'PUT', body: form }).then((r) => r.data);
}

/** Saves, then keeps the stored user (SPEC 3: currentUser) and the cached one in step. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      storeCurrentUser(user);
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
    },
  });
}
