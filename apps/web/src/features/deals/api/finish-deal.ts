// D-34: POST /api/deals/:dealId/review {rating 1-5, text?}: once per party of a completed deal
// (409 ALREADY_REVIEWED, or when the deal is not completed). The other moves are deal-moves.ts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { dealKeys } from './query-keys';
import { postKeys } from '../../../lib/post-keys';

export { REVIEW_TEXT_MAX } from '@app/shared';

export const reviewDeal = ({ dealId, rating, text }: { dealId: string; rating: number; text: string }) =>
  apiFetch<unknown>(`/deals/${encodeURIComponent(dealId)}/review`, {
    method: 'POST',
    body: text.trim() ? { rating, text: text.trim() } : { rating },
  });

/** A review changes the deal as every list shows it. */
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

export const useReviewDeal = () => useDealChange(reviewDeal);
