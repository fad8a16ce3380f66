// POST /api/payment/pay (D-15 revised): the fee for one confirmed deal, named by its id (or by its
// post for the payer's deal on it). The server prices it; the answer is the provider's approval
// page to send the browser to, and the amount it will charge.
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** D-38: `mobile_money` (the default for XOF, XAF and CDF) or `card` (PayPal). */
export type PayTarget = ({ deal_id: string } | { solution_id: string }) & { method?: 'card' | 'mobile_money' };

export const payForDeal = (target: PayTarget) =>
  apiFetch<{ data: { url: string; amount?: { value: string; currency: string } } }>('/payment/pay', {
    method: 'POST',
    body: target,
  }).then((r) => r.data);

export const usePayForDeal = () => useMutation({ mutationFn: payForDeal });
