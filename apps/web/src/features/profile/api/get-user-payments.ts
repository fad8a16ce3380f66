// GET /api/payment/getUserPayments/:userId: the signed-in user's own payments, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payment } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';

export const getUserPayments = (userId: string) =>
  apiFetch<{ data: Payment[] }>(`/payment/getUserPayments/${encodeURIComponent(userId)}`).then((r) => r.data);

export const userPaymentsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['payments', userId], queryFn: () => getUserPayments(userId) });

export const useUserPayments = (userId: string) => useQuery(userPaymentsQueryOptions(userId));
