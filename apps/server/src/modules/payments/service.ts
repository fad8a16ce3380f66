// Pay-as-you-go, the yearly subscription, provider webhooks and mobile money (D-13 to D-18, D-22).
// Prices come from the server only (D-15); amounts are integer minor units (D-3) taken from the
// server's own order, never from a return URL (D-17); one record per provider payment id.
// One service made of its use cases: deal-fee-service, subscription-service, webhook-service.
import { dealFeeService } from './deal-fee-service.js';
import type { PaymentDeps } from './payment-records.js';
import { paymentCore } from './settlement.js';
import { subscriptionService } from './subscription-service.js';
import { webhookService } from './webhook-service.js';

export function paymentsService(deps: PaymentDeps) {
  const core = paymentCore(deps);
  return {
    ...dealFeeService(deps, core),
    ...subscriptionService(deps, core),
    ...webhookService(deps, core),
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
