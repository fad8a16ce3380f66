// The steps the payment use cases share: settling a captured payment once (D-17), voiding and
// refunding, confirming mobile money (D-38) and starting a subscription period.
import {
  SUBSCRIPTION_MONTHS,
  formatMoney,
  isMobileMoneyCurrency,
  type PaymentMethod,
  supplierSide,
  type CurrencyCode,
} from '@app/shared';

import type { MobileMoneyAdapter } from '../../adapters/mobile-money/index.js';
import { type Capture } from '../../adapters/payments/index.js';

import { AppError } from '../../lib/app-error.js';
import { paymentNotices } from '../notifications/messages.js';

import type { SolutionRow } from '../solutions/post-rows-repository.js';

import { titleOf } from '../solutions/title.js';
import { entitlements } from '../entitlements/service.js';
import { type PaymentRow, type Settlement } from './repository.js';
import {
  addMonths,
  isMobileMoneyRow,
  providerError,
  type MobileMoneyUrls,
  type PaymentDeps,
} from './payment-records.js';

export function paymentCore({ repo, deals, solutions, provider, mobileMoney, notifier, now, log }: PaymentDeps) {
  const rule = entitlements(solutions, now);
  const momoName = mobileMoney?.name === 'cinetpay' ? 'cinetpay' : 'local-mobile-money';

  /** D-38: the payer's SMS receipt, in their language, with the amount and the reference. */
  async function receipt(userId: string, amountMinor: number, currency: CurrencyCode, reference: string) {
    const person = await repo.person(userId);
    if (!person?.mobile) return;
    const text = paymentNotices.receipt(
      { en: formatMoney(amountMinor, currency, 'en-us'), fr: formatMoney(amountMinor, currency, 'fr-ca') },
      reference,
    );
    notifier.sms(person.mobile, person.language === 'fr' ? text.fr : text.en);
  }

  /** D-15 revised, D-38: the method a payer uses when they name none. */
  const methodFor = (currency: CurrencyCode, method: PaymentMethod | undefined): PaymentMethod =>
    method ?? (isMobileMoneyCurrency(currency) && mobileMoney ? 'mobile_money' : 'card');

  type Person = NonNullable<Awaited<ReturnType<typeof repo.person>>>;
  /**
   * D-38: one mobile-money checkout (a deal's fee or a subscription), started for the payer in
   * their language. The payment is recorded pending first, so the provider's notification always
   * finds its row; a checkout that does not start leaves it failed.
   */
  async function chargeMobileMoney(
    adapter: MobileMoneyAdapter,
    urls: MobileMoneyUrls,
    payment: Pick<Parameters<typeof repo.insertPayment>[0], 'userId' | 'solutionId' | 'dealId' | 'kind'> & {
      transactionId: string;
      amountMinor: number;
      currency: CurrencyCode;
      description: string;
    },
    person: Person,
  ): Promise<{ url: string }> {
    const { userId, solutionId, dealId, kind, transactionId, amountMinor, currency, description } = payment;
    const pending = await repo.insertPayment({
      userId,
      solutionId,
      dealId,
      kind,
      provider: momoName,
      providerPaymentId: transactionId,
      amountMinor,
      currency,
    });
    try {
      return await adapter.start({
        transactionId,
        amountMinor,
        currency,
        description,
        notifyUrl: urls.notifyUrl,
        returnUrl: urls.returnUrl(transactionId),
        lang: person.language === 'fr' ? 'fr' : 'en',
        customer: {
          id: userId,
          name: person.firstName,
          surname: person.lastName ?? person.firstName,
          phone: person.mobile,
          country: person.country,
        },
      });
    } catch (error) {
      await repo.markFailed(pending.id);
      providerError(error);
    }
  }

  async function post(solutionId: string): Promise<SolutionRow> {
    const row = await solutions.findById(solutionId);
    if (!row || row.status === 'Deleted') throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * D-15 revised: what a payment by `payerId` on this post settles, or null when it may not pay:
   * the supplier side of a deal the owner confirmed, without contact access. `dealId` names the deal
   * when a post booked by date has several; without it, the payer's first such deal on the post.
   */
  async function payable(row: SolutionRow, payerId: string, dealId?: string | null) {
    for (const deal of await deals.confirmedOn(row.id)) {
      if (dealId && deal.id !== dealId) continue;
      if (supplierSide(row.user_role, row.user_id, deal.acceptorId) !== payerId) continue;
      if (await rule.supplierHasAccess(row, deal)) continue;
      return deal;
    }
    return null;
  }

  async function settlementFor(row: SolutionRow, payerId: string, dealId?: string | null): Promise<Settlement | null> {
    const deal = await payable(row, payerId, dealId);
    return deal ? { kind: 'unlock', dealId: deal.id, acceptorId: deal.acceptorId } : null;
  }

  /**
   * The other party's contacts when the payer is a party to the confirmed deal and it has contact
   * access (D-14); otherwise none (a payment never reveals more than its payer is entitled to).
   */
  async function otherParty(row: SolutionRow, payerId: string, dealId: string | null) {
    const none = { email: null, mobile_no: null };
    const deal = (await deals.confirmedOn(row.id)).find((d) =>
      dealId ? d.id === dealId : d.acceptorId === payerId || row.user_id === payerId,
    );
    if (!deal || (payerId !== row.user_id && payerId !== deal.acceptorId)) return none;
    if (!(await rule.supplierHasAccess(row, deal))) return none;
    const other = await repo.person(payerId === row.user_id ? deal.acceptorId : row.user_id);
    return { email: other?.email ?? null, mobile_no: other?.mobile ?? null };
  }

  /** An order that must not be captured is voided, in the records and with the provider. */
  async function voidOrder(payment: PaymentRow): Promise<void> {
    if (!(await repo.markVoided(payment.id))) return;
    // A mobile-money checkout cannot be withdrawn; voided, its later confirmation settles nothing.
    if (isMobileMoneyRow(payment)) return;
    try {
      await provider.voidOrder(payment.providerPaymentId);
    } catch (error) {
      // The row says voided, so the server never captures it; the provider's order lapses.
      log?.warn({ payment: payment.id, err: error }, 'the provider did not void the order');
    }
  }

  /** A capture that settled into nothing goes back to the payer, whole. */
  async function refund(payment: PaymentRow, capture: Pick<Capture, 'captureId' | 'amountMinor' | 'currency'>) {
    if (isMobileMoneyRow(payment)) {
      log?.error({ payment: payment.id }, 'mobile money taken for no deal its payer may have: refund it by hand');
      return;
    }
    try {
      await provider.refundCapture(capture, payment.providerPaymentId);
      log?.warn({ payment: payment.id }, 'payment refunded: it settled into no deal its payer may have');
    } catch (error) {
      log?.error(
        { payment: payment.id, capture: capture.captureId, err: error },
        'payment captured for no deal and the refund failed: refund it by hand',
      );
    }
  }

  /**
   * Settles a captured one-time payment exactly once: the deal, both notices, the SMS of an
   * acceptance. Only into a state its payer is entitled to (D-15, decided again now, and
   * in the settling transaction itself); otherwise the capture is refunded and the answer is 409
   * NOT_AVAILABLE, with nothing revealed.
   */
  async function settle(
    payment: PaymentRow,
    capture: Pick<Capture, 'captureId' | 'amountMinor' | 'currency'>,
    payerId: string | null,
    momo?: { operator: string | null; reference: string | null },
  ): Promise<PaymentRow> {
    const row = await solutions.findById(payment.solutionId ?? '');
    const live = row && row.status !== 'Deleted' ? row : undefined;
    const settlement = live ? await settlementFor(live, payment.userId, payment.dealId) : null;
    const otherId =
      !live || !settlement ? undefined : payment.userId === live.user_id ? settlement.acceptorId : live.user_id;
    const payer = await repo.person(payment.userId);
    const other = otherId ? await repo.person(otherId) : undefined;
    const sub = live ? titleOf(live) : { en: '', fr: '' };
    const result = await repo.settle({
      paymentId: payment.id,
      payerId,
      capturedAt: now(),
      operator: momo?.operator ?? null,
      reference: momo?.reference ?? null,
      solutionId: payment.solutionId ?? '',
      settlement,
      notices: [
        { userId: payment.userId, notice: paymentNotices.paid(other?.firstName ?? '', sub) },
        ...(otherId ? [{ userId: otherId, notice: paymentNotices.unlocked(payer?.firstName ?? '', sub) }] : []),
      ],
    });
    if (!result) {
      // Settled by a concurrent return or the webhook: the one record stands (D-17).
      const settled = (await repo.paymentByProviderId(payment.providerPaymentId))!;
      if (settled.status !== 'captured') throw new AppError('NOT_AVAILABLE');
      return settled;
    }
    if (!result.granted) {
      await refund(payment, capture);
      throw new AppError('NOT_AVAILABLE');
    }
    for (const n of result.notified) void notifier.delivered(n);
    if (momo)
      await receipt(payment.userId, payment.amountMinor, payment.currency, momo.reference ?? payment.providerPaymentId);
    if (other) {
      const text = paymentNotices.unlocked(payer?.firstName ?? '', sub);
      notifier.sms(other.mobile, other.language === 'fr' ? text.fr : text.en);
    }
    return result.payment;
  }

  /** D-38: see confirmMobileMoney below. */
  async function confirmMomo(transactionId: string): Promise<PaymentRow | undefined> {
    const payment = await repo.paymentByProviderId(transactionId);
    if (!payment || !isMobileMoneyRow(payment) || !mobileMoney) return undefined;
    if (payment.status === 'captured' || payment.status === 'refunded') return payment;
    let checked;
    try {
      checked = await mobileMoney.check(transactionId);
    } catch (error) {
      providerError(error);
    }
    if (checked.status === 'REFUSED') {
      await repo.markFailed(payment.id);
      return repo.paymentByProviderId(transactionId);
    }
    if (checked.status !== 'ACCEPTED') return payment;
    // D-17: the provider must have taken exactly the server's own amount, in its currency.
    if (checked.amountMinor !== payment.amountMinor || checked.currency !== payment.currency) {
      log?.error({ payment: payment.id, checked }, 'mobile-money amount differs from the order');
      return payment;
    }
    const momo = { operator: checked.operator, reference: checked.reference ?? transactionId };
    if (payment.kind === 'subscription') {
      const sub = await repo.subscriptionByProviderId(transactionId);
      if (sub?.status === 'pending') {
        const start = now();
        await repo.activate(sub.id, start, addMonths(start, SUBSCRIPTION_MONTHS));
      }
      const captured = await repo.captureSubscriptionPayment(transactionId, now(), momo.operator, momo.reference);
      if (captured) await receipt(captured.userId, captured.amountMinor, captured.currency, momo.reference);
      return repo.paymentByProviderId(transactionId);
    }
    try {
      return await settle(
        payment,
        { captureId: momo.reference, amountMinor: payment.amountMinor, currency: payment.currency },
        momo.reference,
        momo,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return repo.paymentByProviderId(transactionId);
    }
  }

  /** Starts a subscription period once the provider has confirmed it (idempotent). */
  async function activate(providerSubscriptionId: string) {
    const sub = await repo.subscriptionByProviderId(providerSubscriptionId);
    if (!sub) return undefined;
    if (sub.status === 'pending') {
      const start = now();
      if (await repo.activate(sub.id, start, addMonths(start, SUBSCRIPTION_MONTHS))) {
        if (provider.name === 'local') {
          // The local provider has no sale events: its approval is the payment.
          await repo.recordCaptured({
            userId: sub.userId,
            kind: 'subscription',
            provider: provider.name,
            providerPaymentId: providerSubscriptionId,
            amountMinor: sub.amountMinor,
            currency: sub.currency ?? 'USD',
            capturedAt: start,
          });
        }
      }
    }
    return sub;
  }

  return {
    rule,
    momoName,
    receipt,
    methodFor,
    chargeMobileMoney,
    post,
    payable,
    settlementFor,
    otherParty,
    voidOrder,
    settle,
    confirmMomo,
    activate,
  };
}
export type PaymentCore = ReturnType<typeof paymentCore>;
