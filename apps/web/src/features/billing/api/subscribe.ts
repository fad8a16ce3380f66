// POST /api/payment/subscribe: the server creates the provider's yearly subscription in a currency
// and answers its approval page (D-15, D-22: the provider's secrets stay on the server).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrencyCode } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { billingKeys } from './query-keys';

export const subscribe = (currency: CurrencyCode) =>
  apiFetch<{ data: { url: string } }>('/payment/subscribe', { method: 'POST', body: { currency } }).then((r) => r.data);

// A query, not a mutation: the page asks once on load and shows 'Pay with' only when it answered.
export const subscribeQueryOptions = (currency: CurrencyCode) =>
  queryOptions({
    queryKey: billingKeys.subscribe(currency),
    queryFn: () => subscribe(currency),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const useSubscribe = (currency: CurrencyCode) => useQuery(subscribeQueryOptions(currency));
