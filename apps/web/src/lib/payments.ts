// GET /api/payment/getUserPayments/:userId: the signed-in user's own payments, newest first. One
// query for the payment history (profile) and for telling whether a deal is paid (billing).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payment } from '@app/shared';
import { apiFetch } from './api-client';
import { sharedKeys } from './query-keys';

export const paymentsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: sharedKeys.payments(userId),
    queryFn: () =>
      apiFetch<{ data: Payment[] }>(`/payment/getUserPayments/${encodeURIComponent(userId)}`).then((r) => r.data),
  });

/** Waits for the user's id (billing screens may render before the current user is known). */
export const usePayments = (userId: string | undefined) =>
  useQuery({ ...paymentsQueryOptions(userId ?? ''), enabled: userId !== undefined });
