// Provider webhooks: only verified events, every one idempotent (D-17).
import { SUBSCRIPTION_MONTHS, parseDecimal, type CurrencyCode } from '@app/shared';

import { type WebhookEvent } from '../../adapters/payments/index.js';

import { AppError } from '../../lib/app-error.js';

import { addMonths, type PaymentDeps } from './payment-records.js';
import type { PaymentCore } from './settlement.js';

export function webhookService({ repo, provider, now, log }: PaymentDeps, { settle, activate }: PaymentCore) {
  return {
    /** POST /api/payment/webhook/:provider: only verified events; every one idempotent (D-17). */
    async webhook(event: WebhookEvent): Promise<void> {
      const resource = event.resource;
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      const money = (value: unknown): { minor: number; currency: string } | null => {
        const m = (value ?? {}) as { currency_code?: unknown; currency?: unknown; value?: unknown; total?: unknown };
        const currency = text(m.currency_code) ?? text(m.currency);
        const amount = text(m.value) ?? text(m.total);
        if (!currency || !amount || !['USD', 'EUR', 'XOF', 'CDF'].includes(currency)) return null;
        const minor = parseDecimal(amount, currency as CurrencyCode);
        return minor === null ? null : { minor, currency };
      };
      switch (event.event_type) {
        case 'PAYMENT.CAPTURE.COMPLETED': {
          const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)
            ?.related_ids;
          const orderId = text(related?.order_id);
          const payment = orderId ? await repo.paymentByProviderId(orderId) : undefined;
          if (!payment || payment.kind !== 'onetime' || payment.status === 'captured' || payment.status === 'refunded')
            return;
          const paid = money(resource.amount);
          if (paid?.minor !== payment.amountMinor || paid.currency !== payment.currency) {
            log?.error({ payment: payment.id, event: event.id }, 'webhook amount differs from the order');
            return;
          }
          const captureId = text(resource.id);
          if (!captureId) return;
          try {
            await settle(
              payment,
              { captureId, amountMinor: paid.minor, currency: paid.currency as CurrencyCode },
              null,
            );
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
          }
          return;
        }
        case 'BILLING.SUBSCRIPTION.ACTIVATED': {
          const id = text(resource.id);
          if (id) await activate(id);
          return;
        }
        case 'BILLING.SUBSCRIPTION.CANCELLED':
        case 'BILLING.SUBSCRIPTION.EXPIRED': {
          const sub = await repo.subscriptionByProviderId(text(resource.id) ?? '');
          if (sub)
            await repo.setStatus(sub.id, event.event_type.endsWith('CANCELLED') ? 'cancelled' : 'expired', now());
          return;
        }
        case 'PAYMENT.SALE.COMPLETED': {
          const saleId = text(resource.id);
          const subscriptionId = text(resource.billing_agreement_id);
          const paid = money(resource.amount);
          if (!saleId || !subscriptionId || !paid) return;
          const sub = await activate(subscriptionId);
          if (!sub) return;
          const at = new Date(text(resource.create_time) ?? now().toISOString());
          const when = Number.isNaN(at.getTime()) ? now() : at;
          await repo.recordCaptured({
            userId: sub.userId,
            kind: 'subscription',
            provider: provider.name,
            providerPaymentId: saleId,
            amountMinor: paid.minor,
            currency: paid.currency as CurrencyCode,
            capturedAt: when,
          });
          // A renewal: each charge pays for 12 months from its date; the same sale twice changes nothing.
          await repo.extend(sub.id, addMonths(when, SUBSCRIPTION_MONTHS));
          return;
        }
        default:
          return;
      }
    },
  };
}
