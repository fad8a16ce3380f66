// PUT /api/solution/solutionAccepted (D-15): a client takes an offer for free; a supplier takes a
// need only with contact access, else 402 CONTACT_ACCESS_REQUIRED. 409 NOT_AVAILABLE when the
// post is taken, deleted or one's own.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptedDeal, Solution } from '@app/shared';
import { sendOrQueue, type Sent } from './outbox';
import { getCurrentUser } from './session';
import { displayParams } from './post';
import { invalidateMapViews } from './map-views';
import { postKeys } from './post-keys';

type Accepted = { solution: Solution; deal: AcceptedDeal };

/** Issue 17: without a signal the accept waits in the outbox, labelled with the post's words. */
export function acceptPost(solutionId: string, label = ''): Promise<Sent<Accepted>> {
  const me = getCurrentUser()?._id ?? '';
  return sendOrQueue<{ data: Accepted }>({
    kind: 'accept',
    label,
    path: `/solution/solutionAccepted?${displayParams().toString()}`,
    method: 'PUT',
    body: { user_id: me, accepted_by: me, solution_id: solutionId },
  }).then((sent) => (sent.queued ? sent : { queued: false, data: sent.data.data }));
}

export function useAcceptPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: string | { id: string; label: string }) =>
      typeof post === 'string' ? acceptPost(post) : acceptPost(post.id, post.label),
    onSettled: () => {
      // The post left the public lists and the map, and joined My Orders (or was already gone).
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void invalidateMapViews(queryClient);
    },
  });
}
