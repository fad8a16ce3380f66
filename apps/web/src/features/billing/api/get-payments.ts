// GET /api/payment/getUserPayments/:userId: the signed-in user's own payments, to tell whether a
// deal has been paid for already.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payment } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';

export const paymentsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['payments', userId],
    queryFn: () =>
      apiFetch<{ data: Payment[] }>(`/payment/getUserPayments/${encodeURIComponent(userId)}`).then((r) => r.data),
  });

export const usePayments = (userId: string | undefined) =>
  useQuery({ ...paymentsQueryOptions(userId ?? ''), enabled: userId !== undefined });
