// The yearly subscription (D-15, D-22): created with the provider or by mobile money (D-38),
// confirmed with the provider, or marked paid by an admin (D-18).
import {
  SUBSCRIPTION_MONTHS,
  isMobileMoneyCurrency,
  type PaymentMethod,
  YEARLY_PRICE,
  toDecimalString,
  type CurrencyCode,
} from '@app/shared';

import { AppError } from '../../lib/app-error.js';

import type { SessionUser as Caller } from '../sessions/service.js';

import { toUser } from '../users/user-record.js';

import {
  addMonths,
  isMobileMoneyRow,
  newTransactionId,
  providerError,
  type MobileMoneyUrls,
  type PaymentDeps,
  type ReturnUrls,
} from './payment-records.js';
import type { PaymentCore } from './settlement.js';

export function subscriptionService(
  { repo, users, provider, mobileMoney, now }: PaymentDeps,
  { momoName, methodFor, chargeMobileMoney, confirmMomo, activate }: PaymentCore,
) {
  return {
    /** The User record with its subscription judged on the server's clock (D-16). */
    async user(userId: string) {
      const row = await users.findById(userId);
      if (!row) throw new AppError('NOT_FOUND');
      return toUser(row, await users.subscriptionState(userId, now()));
    },

    /**
     * POST /api/payment/subscribe: the yearly price in the chosen currency (D-15), created with the
     * provider (D-22). XOF, XAF and CDF go by mobile money unless `card` is asked (D-38).
     */
    async subscribe(
      caller: Caller,
      currency: CurrencyCode,
      urls: ReturnUrls,
      method?: PaymentMethod,
      momoUrls?: MobileMoneyUrls,
    ): Promise<{ url: string; amount: { value: string; currency: CurrencyCode } }> {
      const chosen = methodFor(currency, method);
      const person = await repo.person(caller.userId);
      if (!person) throw new AppError('AUTH_FAILED');
      const amountMinor = YEARLY_PRICE[currency];
      const amount = { value: toDecimalString(amountMinor, currency), currency };
      if (chosen === 'mobile_money') {
        if (!isMobileMoneyCurrency(currency) || !mobileMoney || !momoUrls) {
          throw new AppError('VALIDATION', 'Mobile money takes CFA and Congolese francs', {
            method: 'Not available in this currency',
          });
        }
        const transactionId = newTransactionId();
        await repo.insertSubscription({
          userId: caller.userId,
          kind: 'yearly',
          status: 'pending',
          provider: momoName,
          providerSubscriptionId: transactionId,
          amountMinor,
          currency,
        });
        const started = await chargeMobileMoney(
          mobileMoney,
          momoUrls,
          {
            userId: caller.userId,
            kind: 'subscription',
            transactionId,
            amountMinor,
            currency,
            description: 'Yearly subscription',
          },
          person,
        );
        return { url: started.url, amount };
      }
      if (!provider.subscriptionCurrencies.includes(currency)) {
        throw new AppError('VALIDATION', 'Pay this currency by mobile money', {
          currency: 'Not taken by the provider',
        });
      }
      let created;
      try {
        created = await provider.createSubscription({
          amountMinor,
          currency,
          returnUrl: urls.returnUrl,
          cancelUrl: urls.cancelUrl,
          reference: caller.userId,
          subscriber: { givenName: person.firstName, email: person.email },
        });
      } catch (error) {
        providerError(error);
      }
      await repo.insertSubscription({
        userId: caller.userId,
        kind: 'yearly',
        status: 'pending',
        provider: provider.name,
        providerSubscriptionId: created.id,
        amountMinor,
        currency,
      });
      return { url: created.approveUrl, amount };
    },

    /** POST /api/payment/updateSubscription: confirmed with the provider, never the browser; idempotent. */
    async confirmSubscription(caller: Caller, subscriptionId: string): Promise<void> {
      const sub = await repo.subscriptionByProviderId(subscriptionId);
      if (!sub || sub.userId !== caller.userId) throw new AppError('NOT_FOUND');
      if (sub.provider && isMobileMoneyRow(sub)) {
        if (sub.status !== 'pending') return;
        const paid = await confirmMomo(subscriptionId);
        if (paid?.status === 'failed') throw new AppError('PAYMENT_DECLINED');
        if (paid?.status !== 'captured') {
          throw new AppError('CONTACT_ACCESS_REQUIRED', 'The payment provider has not confirmed the subscription');
        }
        return;
      }
      if (sub.provider !== provider.name) throw new AppError('NOT_FOUND');
      if (sub.status !== 'pending') return;
      let confirmed;
      try {
        confirmed = await provider.getSubscription(subscriptionId);
      } catch (error) {
        providerError(error);
      }
      if (confirmed.status !== 'ACTIVE') {
        throw new AppError('CONTACT_ACCESS_REQUIRED', 'The payment provider has not confirmed the subscription');
      }
      await activate(subscriptionId);
    },

    /** POST /api/admin/markSubscriptionPaid: D-18, admins only. */
    async markPaid(caller: Caller, body: { user_id: string; reference: string; currency: CurrencyCode }) {
      if (!caller.admin) throw new AppError('FORBIDDEN');
      if (!(await repo.person(body.user_id))) throw new AppError('NOT_FOUND');
      const start = now();
      const row = await repo.markPaid({
        userId: body.user_id,
        reference: body.reference,
        amountMinor: YEARLY_PRICE[body.currency],
        currency: body.currency,
        startAt: start,
        endAt: addMonths(start, SUBSCRIPTION_MONTHS),
      });
      if (!row) throw new AppError('VALIDATION', 'This reference was used for another user', { reference: 'Used' });
    },
  };
}
