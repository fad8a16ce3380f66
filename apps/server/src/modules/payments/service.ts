// Pay-as-you-go, the yearly subscription, provider webhooks and mobile money (D-13 to D-18, D-22).
// Prices come from the server only (D-15); amounts are integer minor units (D-3) taken from the
// server's own order, never from a return URL (D-17); one record per provider payment id.
import {
  DEFAULT_CDF_PER_USD_MILLI,
  PAY_AS_YOU_GO_PERCENT,
  SUBSCRIPTION_MONTHS,
  feeIn,
  formatMoney,
  isMobileMoneyCurrency,
  payerCurrency,
  type PaymentMethod,
  YEARLY_PRICE,
  parseDecimal,
  supplierSide,
  toDecimalString,
  type CurrencyCode,
  type Payment,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { MobileMoneyAdapter } from '../../adapters/mobile-money/index.js';
import { PaymentError, type Capture, type PaymentAdapter, type WebhookEvent } from '../../adapters/payments/index.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { paymentNotices } from '../notifications/messages.js';
import { dealsRepository, type DealsRepository } from '../deals/repository.js';
import type { Notifier } from '../notifications/notifier.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import type { SolutionRow } from '../solutions/post-rows-repository.js';
import { solutionsRepository, type SolutionsRepository } from '../solutions/repository.js';
import { usersRepository, type UsersRepository } from '../users/repository.js';
import { toUser } from '../users/user-record.js';
import { titleOf } from '../solutions/title.js';
import { entitlements } from '../entitlements/service.js';
import { paymentsRepository, type PaymentRow, type PaymentsRepository, type Settlement } from './repository.js';

/** Where the provider sends the browser back: absolute URLs of the web app. */
export interface ReturnUrls {
  returnUrl: string;
  cancelUrl: string;
}

/** D-38: where a mobile-money provider sends the browser back and posts its notification. */
export interface MobileMoneyUrls {
  /** The return for one transaction id. */
  returnUrl: (transactionId: string) => string;
  notifyUrl: string;
}

interface Deps {
  repo: PaymentsRepository;
  deals: DealsRepository;
  users: UsersRepository;
  solutions: SolutionsRepository;
  provider: PaymentAdapter;
  /** D-38: mobile money for XOF, XAF and CDF; absent where no provider is configured (D-18). */
  mobileMoney?: MobileMoneyAdapter | undefined;
  /** Congolese francs per dollar in thousandths (D-15 revised). */
  cdfPerUsdMilli?: number;
  notifier: Notifier;
  now: () => Date;
  log?: FastifyBaseLogger;
}

/** D-38: the `provider` of a payment row made by mobile money. */
export const MOBILE_MONEY_PROVIDERS = ['cinetpay', 'local-mobile-money'] as const;
const isMobileMoneyRow = (row: { provider: string | null }) =>
  (MOBILE_MONEY_PROVIDERS as readonly (string | null)[]).includes(row.provider);
const newTransactionId = () => `MM${randomBytes(10).toString('hex').toUpperCase()}`;

/** The profile shows everything a person has paid; nobody pays this often. */
const HISTORY_LIMIT = 200;

export const addMonths = (date: Date, months: number) => {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

/** A checkout still pending after this long was abandoned: the history says 'expired'. */
export const CHECKOUT_EXPIRES_MS = 60 * 60 * 1000;

export function toPayment(row: PaymentRow, now?: Date): Payment {
  const abandoned =
    now !== undefined && row.status === 'pending' && now.getTime() - row.createdAt.getTime() > CHECKOUT_EXPIRES_MS;
  return {
    _id: row.id,
    kind: row.kind,
    amount: toDecimalString(row.amountMinor, row.currency),
    currency: row.currency,
    // Issue 14: a voided order is, to its payer, a payment that did not go through.
    status: row.status === 'voided' ? 'failed' : abandoned ? 'expired' : row.status,
    solution_id: row.solutionId,
    created_at: row.createdAt.toISOString(),
    ...(row.operator ? { operator: row.operator } : {}),
    ...(row.reference ? { reference: row.reference } : {}),
  };
}

/** Provider failures as API errors: a declined card is the payer's business, an outage is ours. */
function providerError(error: unknown): never {
  if (error instanceof PaymentError) {
    if (error.reason === 'declined') throw new AppError('PAYMENT_DECLINED');
    if (error.reason === 'network' || error.reason === 'timeout') throw new AppError('SERVICE_UNAVAILABLE');
    throw new AppError('VALIDATION', `The payment provider refused: ${error.message}`);
  }
  throw error;
}

export function paymentsService({
  repo,
  deals,
  users,
  solutions,
  provider,
  mobileMoney,
  cdfPerUsdMilli = DEFAULT_CDF_PER_USD_MILLI,
  notifier,
  now,
  log,
}: Deps) {
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
  /** D-38: one mobile-money checkout, started for the payer in their language. */
  const startMobileMoney = (
    adapter: MobileMoneyAdapter,
    urls: MobileMoneyUrls,
    payment: { transactionId: string; amountMinor: number; currency: CurrencyCode; description: string },
    userId: string,
    person: Person,
  ) =>
    adapter.start({
      ...payment,
      notifyUrl: urls.notifyUrl,
      returnUrl: urls.returnUrl(payment.transactionId),
      lang: person.language === 'fr' ? 'fr' : 'en',
      customer: {
        id: userId,
        name: person.firstName,
        surname: person.lastName ?? person.firstName,
        phone: person.mobile,
        country: person.country,
      },
    });

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

  /** Issue 14: an order that must not be captured is voided, in the records and with the provider. */
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

  /** Issue 14: a capture that settled into nothing goes back to the payer, whole. */
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
   * acceptance. Issue 14: only into a state its payer is entitled to (D-15, decided again now, and
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
    /** The User record with its subscription judged on the server's clock (D-16). */
    async user(userId: string) {
      const row = await users.findById(userId);
      if (!row) throw new AppError('NOT_FOUND');
      return toUser(row, await users.subscriptionState(userId, now()));
    },

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
      // Issue 14 item 6: one deal is paid once. A new order replaces the payer's open ones, which
      // are voided first, so at most one of the payer's orders for this deal can still be captured.
      for (const open of await repo.openOrders(caller.userId, row.id)) await voidOrder(open);
      const amount = { value: toDecimalString(amountMinor, currency), currency };
      const description = `${PAY_AS_YOU_GO_PERCENT}% fee: ${titleOf(row).en}`;
      if (method === 'mobile_money' && mobileMoney && momoUrls) {
        const transactionId = newTransactionId();
        await repo.insertPayment({
          userId: caller.userId,
          solutionId: row.id,
          dealId: deal.id,
          kind: 'onetime',
          provider: momoName,
          providerPaymentId: transactionId,
          amountMinor,
          currency,
        });
        let started;
        try {
          started = await startMobileMoney(
            mobileMoney,
            momoUrls,
            { transactionId, amountMinor, currency, description },
            caller.userId,
            person,
          );
        } catch (error) {
          const [again] = [await repo.paymentByProviderId(transactionId)];
          if (again) await repo.markFailed(again.id);
          providerError(error);
        }
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
      // Issue 14: a voided or refunded order is never captured (again).
      if (payment.status === 'voided' || payment.status === 'refunded') throw new AppError('NOT_AVAILABLE');
      if (payment.status !== 'captured' && isMobileMoneyRow(payment)) {
        const now = await confirmMomo(payment.providerPaymentId);
        if (now?.status === 'failed') throw new AppError('PAYMENT_DECLINED');
        if (now?.status !== 'captured') {
          throw new AppError('CONTACT_ACCESS_REQUIRED', 'The payment is not confirmed yet');
        }
        payment = now;
      } else if (payment.status !== 'captured') {
        // Issue 14 item 2: capture only what settles into a state the payer is entitled to now (the
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
        await repo.insertPayment({
          userId: caller.userId,
          kind: 'subscription',
          provider: momoName,
          providerPaymentId: transactionId,
          amountMinor,
          currency,
        });
        let started;
        try {
          started = await startMobileMoney(
            mobileMoney,
            momoUrls,
            { transactionId, amountMinor, currency, description: 'Yearly subscription' },
            caller.userId,
            person,
          );
        } catch (error) {
          const row = await repo.paymentByProviderId(transactionId);
          if (row) await repo.markFailed(row.id);
          providerError(error);
        }
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

    /** GET /api/payment/getUserPayments/:userId: own only. */
    async history(caller: Caller, userId: string): Promise<Payment[]> {
      if (caller.userId !== userId) throw new AppError('FORBIDDEN');
      // Issue 15: an abandoned checkout reads 'expired' (Not completed), not Pending for ever; the
      // row stays pending, so a late capture from the provider is still recorded (D-17).
      const at = now();
      return (await repo.paymentsOf(userId, HISTORY_LIMIT)).map((row) => toPayment(row, at));
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;

export const buildPaymentsService = (deps: Omit<Deps, 'repo' | 'deals' | 'users' | 'solutions'> & { db: Db }) =>
  paymentsService({
    ...deps,
    repo: paymentsRepository(deps.db),
    deals: dealsRepository(deps.db),
    users: usersRepository(deps.db),
    solutions: solutionsRepository(deps.db),
  });
