// Pay-as-you-go (D-15 revised): the fee of a confirmed deal, by card or mobile money (D-38),
// captured and settled once (D-17), and the payer's history.
import {
  DEFAULT_CDF_PER_USD_MILLI,
  PAY_AS_YOU_GO_PERCENT,
  feeIn,
  isMobileMoneyCurrency,
  payerCurrency,
  type PaymentMethod,
  toDecimalString,
  type CurrencyCode,
  type Payment,
} from '@app/shared';

import { PaymentError } from '../../adapters/payments/index.js';

import { AppError } from '../../lib/app-error.js';

import type { SessionUser as Caller } from '../sessions/service.js';

import { titleOf } from '../solutions/title.js';

import { type PaymentRow } from './repository.js';
import {
  HISTORY_LIMIT,
  isMobileMoneyRow,
  newTransactionId,
  providerError,
  toPayment,
  type MobileMoneyUrls,
  type PaymentDeps,
  type ReturnUrls,
} from './payment-records.js';
import type { PaymentCore } from './settlement.js';

export function dealFeeService(
  { repo, deals, solutions, provider, mobileMoney, cdfPerUsdMilli = DEFAULT_CDF_PER_USD_MILLI, now, log }: PaymentDeps,
  {
    methodFor,
    chargeMobileMoney,
    post,
    payable,
    settlementFor,
    otherParty,
    voidOrder,
    settle,
    confirmMomo,
  }: PaymentCore,
) {
  return {
    /**
     * POST /api/payment/pay (D-15 revised, D-38): 15% of the confirmed deal's total (unit price ×
     * units) in the payer's currency, priced here. XOF, XAF and CDF go by mobile money unless the
     * payer picks the card; a card payment of a franc payer is charged in euros (PayPal takes no
     * francs), so dollars are charged to dollar payers only.
     */
    async pay(
      caller: Caller,
      ids: { solution_id?: string | undefined; deal_id?: string | undefined; method?: PaymentMethod | undefined },
      urlsFor: (solutionId: string) => ReturnUrls,
      momoUrls?: MobileMoneyUrls,
    ) {
      const solutionId = ids.solution_id ?? (ids.deal_id ? (await deals.byId(ids.deal_id))?.solutionId : undefined);
      if (!solutionId) throw new AppError('NOT_FOUND');
      const row = await post(solutionId);
      const deal = await payable(row, caller.userId, ids.deal_id);
      if (!deal) throw new AppError('NOT_AVAILABLE');
      const person = await repo.person(caller.userId);
      if (!person) throw new AppError('AUTH_FAILED');
      const own = payerCurrency(person.country);
      const method = methodFor(own, ids.method);
      if (method === 'mobile_money' && (!isMobileMoneyCurrency(own) || !mobileMoney || !momoUrls)) {
        throw new AppError('VALIDATION', 'Mobile money takes CFA and Congolese francs', {
          method: 'Not available in your currency',
        });
      }
      const currency: CurrencyCode = method === 'card' && isMobileMoneyCurrency(own) ? 'EUR' : own;
      const prices = {
        usd: deal.priceUsd ?? row.price_usd,
        eur: deal.priceEur ?? row.price_eur,
        xof: deal.priceXof ?? row.price_xof,
      };
      const amountMinor = feeIn(prices, deal.units, currency, cdfPerUsdMilli);
      if (amountMinor < 1) throw new AppError('NOT_AVAILABLE', 'Nothing to pay for this post');
      const urls = urlsFor(row.id);
      // One deal is paid once. A new order replaces the payer's open ones, which
      // are voided first, so at most one of the payer's orders for this deal can still be captured.
      for (const open of await repo.openOrders(caller.userId, row.id)) await voidOrder(open);
      const amount = { value: toDecimalString(amountMinor, currency), currency };
      const description = `${PAY_AS_YOU_GO_PERCENT}% fee: ${titleOf(row).en}`;
      if (method === 'mobile_money' && mobileMoney && momoUrls) {
        const started = await chargeMobileMoney(
          mobileMoney,
          momoUrls,
          {
            userId: caller.userId,
            solutionId: row.id,
            dealId: deal.id,
            kind: 'onetime',
            transactionId: newTransactionId(),
            amountMinor,
            currency,
            description,
          },
          person,
        );
        return { url: started.url, amount };
      }
      let order;
      try {
        order = await provider.createOrder({
          amountMinor,
          currency,
          description,
          returnUrl: urls.returnUrl,
          cancelUrl: urls.cancelUrl,
          reference: row.id,
        });
      } catch (error) {
        providerError(error);
      }
      await repo.insertPayment({
        userId: caller.userId,
        solutionId: row.id,
        dealId: deal.id,
        kind: 'onetime',
        provider: provider.name,
        providerPaymentId: order.id,
        amountMinor,
        currency,
      });
      return { url: order.approveUrl, amount };
    },

    /**
     * D-38: a mobile-money payment confirmed with the provider's status check, never with a
     * notification or a return alone; recorded once (D-17) whichever of them comes first. Answers
     * the payment row as it now is.
     */
    async confirmMobileMoney(transactionId: string): Promise<PaymentRow | undefined> {
      return confirmMomo(transactionId);
    },

    /** D-38: the payment a mobile-money return names (its kind and post only). */
    async paymentFor(transactionId: string) {
      const row = await repo.paymentByProviderId(transactionId);
      return row && isMobileMoneyRow(row) ? row : undefined;
    },

    /** POST /api/payment/success: capture with the provider and record once (D-17). */
    async success(caller: Caller, body: { paymentId: string; payerId?: string | undefined; solution_id: string }) {
      let payment = await repo.paymentByProviderId(body.paymentId);
      if (
        !payment ||
        payment.userId !== caller.userId ||
        payment.solutionId !== body.solution_id ||
        payment.kind !== 'onetime'
      ) {
        throw new AppError('NOT_FOUND');
      }
      // A voided or refunded order is never captured (again).
      if (payment.status === 'voided' || payment.status === 'refunded') throw new AppError('NOT_AVAILABLE');
      if (payment.status !== 'captured' && isMobileMoneyRow(payment)) {
        const now = await confirmMomo(payment.providerPaymentId);
        if (now?.status === 'failed') throw new AppError('PAYMENT_DECLINED');
        if (now?.status !== 'captured') {
          throw new AppError('CONTACT_ACCESS_REQUIRED', 'The payment is not confirmed yet');
        }
        payment = now;
      } else if (payment.status !== 'captured') {
        // Capture only what settles into a state the payer is entitled to now (the
        // need may have been taken, or the deal paid, since the order was made); otherwise void it.
        const row = await solutions.findById(payment.solutionId ?? '');
        if (!row || row.status === 'Deleted' || !(await settlementFor(row, payment.userId, payment.dealId))) {
          const again = (await repo.paymentByProviderId(payment.providerPaymentId))!;
          // The same order settled by a concurrent return: that answer stands (D-17).
          if (again.status !== 'captured') {
            await voidOrder(again);
            throw new AppError('NOT_AVAILABLE');
          }
          payment = again;
        } else {
          let capture;
          try {
            capture = await provider.captureOrder(payment.providerPaymentId);
          } catch (error) {
            if (error instanceof PaymentError && error.reason === 'declined') await repo.markFailed(payment.id);
            providerError(error);
          }
          // D-17: the provider must have taken exactly the server's own amount.
          if (capture.amountMinor !== payment.amountMinor || capture.currency !== payment.currency) {
            log?.error({ payment: payment.id, capture }, 'captured amount differs from the order');
            throw new AppError('INTERNAL');
          }
          payment = await settle(payment, capture, capture.payerId ?? body.payerId ?? null);
        }
      }
      const row = await post(body.solution_id);
      return { payment: toPayment(payment), contact: await otherParty(row, caller.userId, payment.dealId) };
    },

    /** GET /api/payment/getUserPayments/:userId: own only. */
    async history(caller: Caller, userId: string): Promise<Payment[]> {
      if (caller.userId !== userId) throw new AppError('FORBIDDEN');
      // An abandoned checkout reads 'expired' (Not completed), not Pending for ever; the
      // row stays pending, so a late capture from the provider is still recorded (D-17).
      const at = now();
      return (await repo.paymentsOf(userId, HISTORY_LIMIT)).map((row) => toPayment(row, at));
    },
  };
}
