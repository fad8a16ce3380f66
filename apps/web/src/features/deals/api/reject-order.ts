// PUT /api/solution/rejectSolution: the acceptor drops an order; the post is Pending again (D-6).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getCurrentUser } from '../../../lib/session';
import { invalidateMapViews } from '../../../lib/map-views';
import { postKeys } from '../../../lib/post-keys';

export const rejectOrder = (solutionId: string) =>
  apiFetch<void>('/solution/rejectSolution', {
    method: 'PUT',
    body: { user_id: getCurrentUser()?._id ?? '', solution_id: solutionId },
  });

export function useRejectOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectOrder,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void invalidateMapViews(queryClient);
    },
  });
}
