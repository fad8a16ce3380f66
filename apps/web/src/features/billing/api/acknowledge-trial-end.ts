// POST /api/user/updateSubscription with `false, true`: SPEC 4's acknowledgement of a trial the
// server has ended (D-16). The server changes nothing and answers the user.
import { useMutation } from '@tanstack/react-query';
import type { User } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';

export const acknowledgeTrialEnd = (userId: string) =>
  apiFetch<{ data: User }>('/user/updateSubscription', {
    method: 'POST',
    body: { user_id: userId, status: false, trail_complete: true },
  }).then((r) => r.data);

export const useAcknowledgeTrialEnd = () => useMutation({ mutationFn: acknowledgeTrialEnd });
