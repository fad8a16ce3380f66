// POST /api/payment/updateSubscription: the return from the provider's subscription approval.
// The server asks the provider, then answers the user with 12 months' subscription.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { storeCurrentUser } from '../../../lib/session';
import { billingKeys } from './query-keys';

export const confirmSubscription = (subscriptionId: string) =>
  apiFetch<{ data: User }>('/payment/updateSubscription', {
    method: 'POST',
    body: { subscription_id: subscriptionId },
  }).then((r) => {
    storeCurrentUser(r.data);
    return r.data;
  });

export const confirmSubscriptionQueryOptions = (subscriptionId: string) =>
  queryOptions({
    queryKey: billingKeys.subscriptionReturn(subscriptionId),
    queryFn: () => confirmSubscription(subscriptionId),
    staleTime: Infinity,
    retry: false,
  });

export const useConfirmSubscription = (subscriptionId: string | null) =>
  useQuery({ ...confirmSubscriptionQueryOptions(subscriptionId ?? ''), enabled: subscriptionId !== null });
