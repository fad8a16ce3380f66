// PUT /api/solution/solutionAccepted (D-15): a client takes an offer for free; a supplier takes a
// need only with contact access, else 402 CONTACT_ACCESS_REQUIRED. 409 NOT_AVAILABLE when the
// post is taken, deleted or one's own.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deal, Solution } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { getCurrentUser } from '../../../lib/session';
import { displayParams } from '../utils/solution';
import { invalidateMapViews } from '../../../lib/map-views';

export function acceptSolution(solutionId: string) {
  const me = getCurrentUser()?._id ?? '';
  return apiFetch<{ data: { solution: Solution; deal: Deal } }>(
    `/solution/solutionAccepted?${displayParams().toString()}`,
    { method: 'PUT', body: { user_id: me, accepted_by: me, solution_id: solutionId } },
  ).then((r) => r.data);
}

export function useAcceptSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSolution,
    onSettled: () => {
      // The post left the public lists and the map, and joined My Orders (or was already gone).
      void queryClient.invalidateQueries({ queryKey: ['solutions'] });
      void invalidateMapViews(queryClient);
    },
  });
}
