// POST /api/payment/pay: pay-as-you-go for one deal (D-15). The server prices it; the answer is
// the provider's approval page to send the browser to.
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const payForDeal = (solutionId: string) =>
  apiFetch<{ data: { url: string } }>('/payment/pay', { method: 'POST', body: { solution_id: solutionId } }).then(
    (r) => r.data,
  );

export const usePayForDeal = () => useMutation({ mutationFn: payForDeal });
