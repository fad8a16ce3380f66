// POST /api/admin/markSubscriptionPaid (D-18): an admin activates a yearly subscription paid by
// mobile money, keeping the operator's reference. Answers the user with the subscription running.
import { useMutation } from '@tanstack/react-query';
import type { CurrencyCode, User } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';

export interface MarkPaid {
  user_id: string;
  reference: string;
  currency: CurrencyCode;
}

export const markSubscriptionPaid = (body: MarkPaid) =>
  apiFetch<{ data: User }>('/admin/markSubscriptionPaid', { method: 'POST', body }).then((r) => r.data);

export const useMarkSubscriptionPaid = () => useMutation({ mutationFn: markSubscriptionPaid });
