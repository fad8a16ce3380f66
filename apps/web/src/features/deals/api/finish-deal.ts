// D-29: POST /api/deals/:dealId/complete (→ Deal 'completed'; 409 NOT_AVAILABLE when not
// accepted) and POST /api/deals/:dealId/review {rating 1-5, text?} (once per party; 409
// ALREADY_REVIEWED, or when the deal is not completed) and POST /api/deals/:dealId/dispute (→ Deal
// 'accepted' again; 409 NOT_AVAILABLE unless the caller is the other party within 7 days).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { DealView } from './deal-types';
import { dealKeys } from './query-keys';
import { postKeys } from '../../../lib/post-keys';

export { REVIEW_TEXT_MAX } from '@app/shared';

export const completeDeal = (dealId: string) =>
  apiFetch<{ data: DealView }>(`/deals/${encodeURIComponent(dealId)}/complete`, { method: 'POST' }).then((r) => r.data);

export const disputeDeal = (dealId: string) =>
  apiFetch<{ data: DealView }>(`/deals/${encodeURIComponent(dealId)}/dispute`, { method: 'POST' }).then((r) => r.data);

export const reviewDeal = ({ dealId, rating, text }: { dealId: string; rating: number; text: string }) =>
  apiFetch<unknown>(`/deals/${encodeURIComponent(dealId)}/review`, {
    method: 'POST',
    body: text.trim() ? { rating, text: text.trim() } : { rating },
  });

/** All three change the deal as every list shows it. */
function useDealChange<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dealKeys.all });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

export const useCompleteDeal = () => useDealChange(completeDeal);
export const useDisputeDeal = () => useDealChange(disputeDeal);
export const useReviewDeal = () => useDealChange(reviewDeal);
