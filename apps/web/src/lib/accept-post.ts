// PUT /api/solution/solutionAccepted (D-32): SPEC's Accept sends a request the post's owner
// confirms or declines, with a note, a proposed price and dates where the post is booked by date.
// 409 NOT_AVAILABLE when the post is taken, deleted, one's own or the dates are full; 429 past the
// request limits.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptedDeal, Solution } from '@app/shared';
import { sendOrQueue, type Sent } from './outbox';
import { getCurrentUser } from './session';
import { displayParams } from './post';
import { invalidateMapViews } from './map-views';
import { postKeys } from './post-keys';

type Accepted = { solution: Solution; deal: AcceptedDeal };

/** Without a signal the accept waits in the outbox, labelled with the post's words. */
export interface RequestDetails {
  note?: string;
  price?: { amount: string; currency: string };
  from?: string;
  to?: string;
}

export function acceptPost(solutionId: string, label = '', details: RequestDetails = {}): Promise<Sent<Accepted>> {
  const me = getCurrentUser()?._id ?? '';
  return sendOrQueue<{ data: Accepted }>({
    kind: 'accept',
    label,
    path: `/solution/solutionAccepted?${displayParams().toString()}`,
    method: 'PUT',
    body: { user_id: me, accepted_by: me, solution_id: solutionId, ...details },
  }).then((sent) => (sent.queued ? sent : { queued: false, data: sent.data.data }));
}

export function useAcceptPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: string | { id: string; label: string; values?: RequestDetails }) =>
      typeof post === 'string' ? acceptPost(post) : acceptPost(post.id, post.label, post.values),
    onSettled: () => {
      // The request joined My Orders and the post's page shows it.
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void invalidateMapViews(queryClient);
    },
  });
}
