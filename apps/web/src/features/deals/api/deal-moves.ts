// D-32..D-34: the deal's moves (API.md "Added in the third round"). Each answers the deal as the
// caller now sees it; 409 NOT_AVAILABLE when the deal has moved on (confirmed, declined, full).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { displayParams } from '../../../lib/post';
import { postKeys } from '../../../lib/post-keys';
import { invalidateMapViews } from '../../../lib/map-views';
import type { DealView } from './deal-types';
import { dealKeys } from './query-keys';

export type DealMove = 'confirm' | 'decline' | 'withdraw' | 'cancel' | 'complete' | 'dispute';

export const moveDeal = ({ dealId, move, reason }: { dealId: string; move: DealMove; reason?: string }) =>
  apiFetch<{ data: DealView }>(`/deals/${encodeURIComponent(dealId)}/${move}?${displayParams().toString()}`, {
    method: 'POST',
    ...(move === 'decline' ? { body: reason?.trim() ? { reason: reason.trim() } : {} } : {}),
  }).then((r) => r.data);

/** A move changes the deal everywhere it shows, the post's requests and, when it takes or frees a post, the map. */
export function useMoveDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveDeal,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dealKeys.all });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void invalidateMapViews(queryClient);
    },
  });
}

/** GET /api/solution/:solutionId/requests: the owner's view of who asked, open first. */
export function usePostRequests(solutionId: string, enabled: boolean) {
  return useQuery({
    queryKey: dealKeys.requests(solutionId),
    enabled,
    queryFn: () =>
      apiFetch<{ data: DealView[] }>(
        `/solution/${encodeURIComponent(solutionId)}/requests?${displayParams().toString()}`,
      ).then((r) => r.data),
  });
}
