// POST /api/payment/success: the provider's return for one deal. The server captures and records
// it once (D-17) and answers the payment and the other party's contacts (D-14).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { paymentSuccessResultSchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { billingKeys } from './query-keys';

export type PaymentSuccess = ReturnType<(typeof paymentSuccessResultSchema)['parse']>;
export interface PaymentReturn {
  paymentId: string;
  payerId?: string;
  solution_id: string;
}

export const confirmPayment = (body: PaymentReturn) =>
  apiFetch<{ data: PaymentSuccess }>('/payment/success', { method: 'POST', body }).then((r) => r.data);

// A query keyed by the payment id: a re-render or React's double effect never posts twice, and the
// server would answer the same record anyway (D-17).
export const confirmPaymentQueryOptions = (body: PaymentReturn) =>
  queryOptions({
    queryKey: billingKeys.paymentReturn(body.paymentId, body.solution_id),
    queryFn: () => confirmPayment(body),
    staleTime: Infinity,
    retry: false,
  });

export const useConfirmPayment = (body: PaymentReturn | null) =>
  useQuery({
    ...confirmPaymentQueryOptions(body ?? { paymentId: '', solution_id: '' }),
    enabled: body !== null,
  });
