// DELETE /api/solution/deleteSolution/:userId/:solutionId: the owner removes a post (a soft delete, D-6).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getCurrentUser } from '../../../lib/session';
import { invalidateMapViews } from '../../../lib/map-views';
import { postKeys } from '../../../lib/post-keys';

export const deletePost = (solutionId: string) =>
  apiFetch<void>(
    `/solution/deleteSolution/${encodeURIComponent(getCurrentUser()?._id ?? '')}/${encodeURIComponent(solutionId)}`,
    { method: 'DELETE' },
  );

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void invalidateMapViews(queryClient);
    },
  });
}
