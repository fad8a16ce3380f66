// The real PayPal adapter against the local stub (D-17): webhooks verified or refused, the
// pay-as-you-go return as PayPal sends it, a declined capture, and a webhook racing the return.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { confirmedDeal, inDays } from '../../../test/deals.js';
import { publish, tractor } from '../../../test/posts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { startPayPalStub, type PayPalStub } from '../../../test/paypal-stub.js';
import { deals, notifications, payments, subscriptions } from '../../db/schema.js';

let t: TestApp;
let stub: PayPalStub;
beforeAll(async () => {
  stub = await startPayPalStub();
  t = await buildTestApp({
    RATE_LIMIT_SCALE: '100',
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: stub.clientId,
    PAYPAL_CLIENT_SECRET: stub.clientSecret,
    PAYPAL_API_URL: stub.url,
    PAYPAL_PLAN_ID: stub.planId,
    PAYPAL_WEBHOOK_ID: stub.webhookId,
  });
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

const deliver = (event: object, sign = true) => {
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/paypal',
    headers: { 'content-type': 'application/json', ...(sign ? stub.sign(raw) : {}) },
    payload: raw,
  });
};

describe('PayPal subscriptions and webhooks', () => {
  it('activates a yearly subscription only once PayPal confirms it, and renews on a sale', async () => {
    const who = await signedUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscribe',
      headers: who.headers,
      payload: { currency: 'USD' },
    });
    expect(res.json().data.url).toContain('sandbox.paypal.com');
    const [sub] = [...stub.subscriptions.values()].slice(-1);
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/updateSubscription',
        headers: who.headers,
        payload: { subscription_id: sub!.id },
      });
    expect((await confirm()).statusCode).toBe(402);
    stub.approve(sub!.id);
    expect((await confirm()).json().data.subscription.subscription_flag).toBe(true);

    // A renewal a year later, delivered twice: one payment row, one extension.
    const sale = {
      id: 'WH-SALE-1',
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource: {
        id: 'SALE-2',
        billing_agreement_id: sub!.id,
        amount: { total: '13.00', currency: 'USD' },
        create_time: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      },
    };
    expect((await deliver(sale)).statusCode).toBe(204);
    expect((await deliver(sale)).statusCode).toBe(204);
    const rows = await t.app.database.db.select().from(payments).where(eq(payments.providerPaymentId, 'SALE-2'));
    expect(rows).toHaveLength(1);
    const [row] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, sub!.id));
    expect(row!.endAt!.getTime() - Date.now()).toBeGreaterThan(700 * 86_400_000);

    const cancelled = await deliver({
      id: 'WH-C',
      event_type: 'BILLING.SUBSCRIPTION.CANCELLED',
      resource: { id: sub!.id },
    });
    expect(cancelled.statusCode).toBe(204);
  });

  it('refuses a forged or unsigned webhook with 400 and changes nothing', async () => {
    const event = { id: 'WH-X', event_type: 'BILLING.SUBSCRIPTION.EXPIRED', resource: { id: 'I-NOPE' } };
    expect((await deliver(event, false)).statusCode).toBe(400);
    const raw = JSON.stringify(event);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/paypal',
      headers: { 'content-type': 'application/json', ...stub.sign(raw), 'paypal-transmission-sig': 'forged' },
      payload: raw,
    });
    expect(forged.statusCode).toBe(400);
    expect((await deliver(event, true)).statusCode).toBe(204);
  });

  it('refuses the yearly subscription in CFA through PayPal: mobile money instead (D-38)', async () => {
    const who = await signedUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscribe',
      headers: who.headers,
      payload: { currency: 'XOF', method: 'card' },
    });
    expect(res.statusCode).toBe(400);
  });
});

type Account = Awaited<ReturnType<typeof signedUp>>;

/** The notices of each need's request and confirmation, left out of what a payment settles. */
const beforePaying = new Map<string, Set<string>>();

/**
 * A $15.00 tractor need (SPEC 9) that `supplier` requested for one day and its owner confirmed: the
 * fee, 15% of one day, 2.25 USD, is due (D-15 revised).
 */
async function publishNeed(who: Account, supplier: Account) {
  const needId = (await publish(t.app, who, tractor('needSolution')))._id;
  await confirmedDeal(t.app, who, supplier, needId, { from: inDays(2), to: inDays(2) });
  const told = await t.app.database.db.select().from(notifications).where(eq(notifications.solutionId, needId));
  beforePaying.set(needId, new Set(told.map((n) => n.id)));
  return needId;
}

/** A supplier starts paying for a need: PayPal's order id and the return URL the server gave PayPal. */
async function startPaying(supplier: Account, needId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/pay',
    headers: supplier.headers,
    payload: { solution_id: needId },
  });
  expect(res.statusCode).toBe(200);
  const orderId = new URL(res.json().data.url as string).searchParams.get('token')!;
  const created = stub.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders').pop()!;
  const context = JSON.parse(created.body).payment_source.paypal.experience_context as {
    return_url: string;
    cancel_url: string;
  };
  return { orderId, returnUrl: new URL(context.return_url), cancelUrl: new URL(context.cancel_url) };
}

/** PayPal sends the browser back: its `token` and `PayerID` added to our return URL, then the server's hop. */
async function payPalReturn(returnUrl: URL, orderId: string, payerId: string) {
  const back = new URL(returnUrl);
  back.searchParams.set('token', orderId);
  back.searchParams.set('PayerID', payerId);
  const hop = await t.app.inject({ url: `${back.pathname}${back.search}` });
  expect(hop.statusCode).toBe(303);
  return new URL(hop.headers.location as string, 'http://localhost');
}

const success = (who: Account, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/payment/success', headers: who.headers, payload: body });

const captureCompleted = (orderId: string, value = '2.25') => ({
  id: `WH-CAP-${orderId}`,
  event_type: 'PAYMENT.CAPTURE.COMPLETED',
  resource: {
    id: `CAP-${orderId}`,
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value },
    supplementary_data: { related_ids: { order_id: orderId } },
  },
});

async function settledState(needId: string) {
  const db = t.app.database.db;
  return {
    payments: await db.select().from(payments).where(eq(payments.solutionId, needId)),
    deals: await db.select().from(deals).where(eq(deals.solutionId, needId)),
    notices: (await db.select().from(notifications).where(eq(notifications.solutionId, needId))).filter(
      (n) => !beforePaying.get(needId)?.has(n.id),
    ),
  };
}

describe('PayPal pay-as-you-go (D-15 revised, D-17)', () => {
  let client: Account;
  let supplier: Account;
  beforeAll(async () => {
    client = await signedUp(t.app, { firstName: 'Moussa' });
    // A dollar payer pays by card (D-38 sends CFA payers to mobile money).
    supplier = await signedUp(t.app, { firstName: 'Awa', country: 'US' });
  });

  it('gives PayPal a return URL that brings /successurl the order id as paymentId, with solution_id', async () => {
    const needId = await publishNeed(client, supplier);
    const { orderId, returnUrl, cancelUrl } = await startPaying(supplier, needId);
    expect(returnUrl.pathname).toBe('/api/payment/return');
    expect(returnUrl.searchParams.get('solution_id')).toBe(needId);
    expect(cancelUrl.searchParams.get('solution_id')).toBe(needId);
    stub.approve(orderId);
    const payerId = stub.orders.get(orderId)!.payerId!;
    const page = await payPalReturn(returnUrl, orderId, payerId);
    expect(page.pathname).toBe('/successurl');
    expect(Object.fromEntries(page.searchParams)).toEqual({
      solution_id: needId,
      paymentId: orderId,
      PayerID: payerId,
    });

    const done = await success(supplier, {
      paymentId: page.searchParams.get('paymentId'),
      payerId: page.searchParams.get('PayerID'),
      solution_id: page.searchParams.get('solution_id'),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.payment).toMatchObject({ amount: '2.25', currency: 'USD', status: 'captured' });
    expect(done.json().data.contact.email).toBe(client.account.email);
    const state = await settledState(needId);
    expect(state.payments).toEqual([expect.objectContaining({ providerPaymentId: orderId, payerId })]);
  });

  it('answers 402 PAYMENT_DECLINED to a declined capture and grants nothing', async () => {
    const needId = await publishNeed(client, supplier);
    const { orderId } = await startPaying(supplier, needId);
    stub.approve(orderId);
    stub.declineNextCapture();
    const res = await success(supplier, { paymentId: orderId, solution_id: needId });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: 'The payment was declined' });
    const state = await settledState(needId);
    expect(state.payments.map((p) => p.status)).toEqual(['failed']);
    expect(state.deals).toEqual([expect.objectContaining({ state: 'accepted', contactAccess: 'none' })]);
    expect(state.notices).toEqual([]);
  });

  it('settles on PAYMENT.CAPTURE.COMPLETED alone, once however often it is delivered', async () => {
    const needId = await publishNeed(client, supplier);
    const { orderId } = await startPaying(supplier, needId);
    stub.approve(orderId);
    const event = captureCompleted(orderId);
    expect((await deliver(event)).statusCode).toBe(204);
    expect((await deliver(event)).statusCode).toBe(204);
    const state = await settledState(needId);
    expect(state.payments).toEqual([expect.objectContaining({ status: 'captured', amountMinor: 225 })]);
    expect(state.deals).toEqual([
      expect.objectContaining({ acceptorId: supplier.user._id, contactAccess: 'payment', endedAt: null }),
    ]);
    expect(state.notices).toHaveLength(2);
    // The browser's return afterwards answers the same record.
    const done = await success(supplier, { paymentId: orderId, solution_id: needId });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.payment._id).toBe(state.payments[0]!.id);
  });

  it('ignores a capture webhook whose amount differs from the order', async () => {
    const needId = await publishNeed(client, supplier);
    const { orderId } = await startPaying(supplier, needId);
    expect((await deliver(captureCompleted(orderId, '0.01'))).statusCode).toBe(204);
    const state = await settledState(needId);
    expect(state.payments.map((p) => p.status)).toEqual(['pending']);
    expect(state.deals).toEqual([expect.objectContaining({ state: 'accepted', contactAccess: 'none' })]);
  });

  it('records once when the webhook races the return: one payment, one deal, each notice once', async () => {
    const needId = await publishNeed(client, supplier);
    const { orderId } = await startPaying(supplier, needId);
    stub.approve(orderId);
    const event = captureCompleted(orderId);
    const answers = await Promise.all([
      success(supplier, { paymentId: orderId, solution_id: needId }),
      deliver(event),
      success(supplier, { paymentId: orderId, solution_id: needId }),
      deliver(event),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 204, 200, 204]);
    const state = await settledState(needId);
    expect(state.payments).toEqual([expect.objectContaining({ status: 'captured', amountMinor: 225 })]);
    expect(state.deals).toEqual([expect.objectContaining({ acceptorId: supplier.user._id, contactAccess: 'payment' })]);
    expect(state.notices.map((n) => n.userId).sort()).toEqual([client.user._id, supplier.user._id].sort());
  });
});
