// The query keys of the billing calls, in one factory. Each is a query rather than a mutation so
// that a re-render never posts twice (D-17).
import type { CurrencyCode } from '@app/shared';

const ALL = ['billing'] as const;

export const billingKeys = {
  all: ALL,
  /** The provider's approval page for a yearly subscription in `currency`. */
  subscribe: (currency: CurrencyCode) => [...ALL, 'subscribe', currency] as const,
  /** The return from the provider's subscription approval. */
  subscriptionReturn: (subscriptionId: string) => [...ALL, 'subscription-return', subscriptionId] as const,
  /** The provider's return for one deal's payment. */
  paymentReturn: (paymentId: string, solutionId: string) => [...ALL, 'payment-return', paymentId, solutionId] as const,
};
