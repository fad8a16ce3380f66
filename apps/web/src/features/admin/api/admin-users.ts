// D-11: the admin's view of every user (GET /api/admin/users) and the verified ('+ID') and VIP
// flags (PATCH /api/admin/users/:userId). Both answer 403 to anyone but an admin.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminUpdateUserBodySchema, adminUserSchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export type AdminUser = ReturnType<(typeof adminUserSchema)['parse']>;
export type AdminUserChange = ReturnType<(typeof adminUpdateUserBodySchema)['parse']>;

export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.users(),
    queryFn: () => apiFetch<{ data: AdminUser[] }>('/admin/users').then((r) => r.data),
  });

export const useAdminUsers = (enabled: boolean) => useQuery({ ...adminUsersQueryOptions(), enabled });

export const updateAdminUser = ({ userId, change }: { userId: string; change: AdminUserChange }) =>
  apiFetch<{ data: AdminUser }>(`/admin/users/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: change,
  }).then((r) => r.data);

/** Replaces the changed row in the cached list with the server's answer. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: (updated) => {
      queryClient.setQueryData(adminUsersQueryOptions().queryKey, (rows) =>
        rows?.map((row) => (row._id === updated._id ? updated : row)),
      );
    },
  });
}
