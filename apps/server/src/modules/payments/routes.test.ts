// Money rules over the real API with the local provider (D-13 to D-18): the fee falls due
// once the owner confirms a deal (D-15 revised).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proveEmail, signedUp } from '../../../test/accounts.js';
import { publish as publishPost, tractor } from '../../../test/posts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { confirmedDeal, inDays } from '../../../test/deals.js';
import { payments, subscriptions } from '../../db/schema.js';
import { eq } from 'drizzle-orm';

let t: TestApp;
type Account = Awaited<ReturnType<typeof signedUp>>;
let client: Account;
let supplier: Account;
let admin: Account;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100', ADMIN_EMAILS: 'boss@example.org' });
  await t.app.ready();
  client = await signedUp(t.app, { firstName: 'Moussa' });
  // A dollar payer: these cases follow the card (D-38 sends CFA payers to mobile money, tested in
  // mobile-money.routes.test.ts).
  supplier = await signedUp(t.app, { firstName: 'Awa', country: 'US' });
  admin = await signedUp(t.app, { firstName: 'Boss', email: 'boss@example.org' });
  // An ADMIN_EMAILS address gives rights once proven.
  await proveEmail(t.app, admin.headers);
});
afterAll(() => t.close());

/** A $15.00 tractor (SPEC 9), as a need or an offer. */
const publish = (who: Account, role: 'needSolution' | 'provideSolution') => publishPost(t.app, who, tractor(role));

/** A need of the client's that the supplier requested for one day and the client confirmed: the fee is due. */
async function confirmedNeed() {
  const need = await publish(client, 'needSolution');
  const dealId = await confirmedDeal(t.app, client, supplier, need._id, { from: inDays(2), to: inDays(2) });
  return { ...need, dealId };
}

const post = (who: Account, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });

/** Follows the local provider's page: Approve, and the return URL it sends the browser to (via the return hop). */
async function approve(url: string): Promise<URL> {
  const page = await t.app.inject({ url });
  expect(page.statusCode).toBe(200);
  expect(page.body).not.toContain('<script');
  const res = await t.app.inject({ method: 'POST', url: `${url}/approve` });
  expect(res.statusCode).toBe(303);
  const back = new URL(res.headers.location as string, 'http://localhost');
  if (back.pathname !== '/api/payment/return') return back;
  // Like PayPal, the provider adds `token` and `PayerID`, never `paymentId`.
  expect(back.searchParams.has('paymentId')).toBe(false);
  const hop = await t.app.inject({ url: `${back.pathname}${back.search}` });
  expect(hop.statusCode).toBe(303);
  return new URL(hop.headers.location as string, 'http://localhost');
}

async function paymentRows(solutionId: string) {
  return t.app.database.db.select().from(payments).where(eq(payments.solutionId, solutionId));
}

describe('pay-as-you-go (D-15 revised, D-17)', () => {
  it('charges 15% of a $15.00 tractor for one day, 2.25 USD, priced by the server whatever the request says', async () => {
    const need = await confirmedNeed();
    const pay = await post(supplier, '/api/payment/pay', {
      solution_id: need._id,
      total_price: '0.01',
      currency: 'XOF',
    });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().data.amount).toEqual({ value: '2.25', currency: 'USD' });
    const url: string = pay.json().data.url;
    const page = await t.app.inject({ url });
    expect(page.body).toContain('2.25 USD');
    const back = await approve(url);
    expect(back.pathname).toBe('/successurl');
    expect(back.searchParams.get('solution_id')).toBe(need._id);
    expect(back.searchParams.get('paymentId')).toBe(url.split('/').pop());
    expect(back.searchParams.get('PayerID')).toMatch(/^LOCALPAYER-/);

    const done = await post(supplier, '/api/payment/success', {
      paymentId: back.searchParams.get('paymentId'),
      payerId: back.searchParams.get('PayerID'),
      solution_id: need._id,
      total_price: '0.01',
    });
    expect(done.statusCode).toBe(200);
    const { payment, contact } = done.json().data;
    expect(payment).toMatchObject({ kind: 'onetime', amount: '2.25', currency: 'USD', status: 'captured' });
    // The client's contacts, now the deal is paid (D-14).
    expect(contact).toEqual({ email: client.account.email, mobile_no: client.account.mobile_no });
    const [row] = await paymentRows(need._id);
    expect(row).toMatchObject({ amountMinor: 225, currency: 'USD', dealId: need.dealId });
  });

  it('charges 15% of the unit price times the days booked: 4.50 USD for two days of the tractor', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const dealId = await confirmedDeal(t.app, supplier, client, offer._id, { from: inDays(2), to: inDays(3) });
    const pay = await post(supplier, '/api/payment/pay', { deal_id: dealId });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().data.amount).toEqual({ value: '4.50', currency: 'USD' });
  });

  it('refuses to charge before the owner confirms, and never the client side (D-15 revised)', async () => {
    const need = await publish(client, 'needSolution');
    const asked = await t.app.inject({
      method: 'PUT',
      url: '/api/solution/solutionAccepted',
      headers: supplier.headers,
      payload: { user_id: supplier.user._id, solution_id: need._id, from: inDays(2), to: inDays(2) },
    });
    expect(asked.statusCode).toBe(200);
    for (const body of [{ solution_id: need._id }, { deal_id: asked.json().data.deal._id }]) {
      const early = await post(supplier, '/api/payment/pay', body);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('NOT_AVAILABLE');
    }
    expect(await paymentRows(need._id)).toEqual([]);
  });

  it('records a return replayed 10 times and delivered 20 times at once exactly once', async () => {
    const need = await confirmedNeed();
    const back = await approve((await post(supplier, '/api/payment/pay', { solution_id: need._id })).json().data.url);
    const body = { paymentId: back.searchParams.get('paymentId'), payerId: 'x', solution_id: need._id };
    const burst = await Promise.all(Array.from({ length: 20 }, () => post(supplier, '/api/payment/success', body)));
    const replays = [];
    for (let i = 0; i < 10; i += 1) replays.push(await post(supplier, '/api/payment/success', body));
    const all = [...burst, ...replays];
    expect(all.map((r) => r.statusCode)).toEqual(all.map(() => 200));
    const ids = new Set(all.map((r) => r.json().data.payment._id));
    expect(ids.size).toBe(1);
    const rows = await paymentRows(need._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('captured');
    // Notified once each: the supplier and the client.
    const mail = (
      await t.app.inject({ url: `/api/notify/getUserNotif/${client.user._id}`, headers: client.headers })
    ).json().data as { message_en: string }[];
    expect(mail.filter((n) => n.message_en.includes('paid for the deal')).length).toBeGreaterThanOrEqual(1);
  });

  it('lets the supplier pay for a deal it confirmed on its offer, then both see contacts', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const dealId = await confirmedDeal(t.app, supplier, client, offer._id, { from: inDays(2), to: inDays(2) });
    const deal = await t.app.inject({ url: `/api/deals/${dealId}`, headers: supplier.headers });
    expect(deal.json().data).toMatchObject({ status: 'accepted', contact_access: false });
    const details = async () =>
      (await t.app.inject({ url: `/api/solution/getSolutionDetails/${offer._id}`, headers: client.headers })).json()
        .data.user;
    expect((await details()).email).toBeUndefined();
    // The client cannot pay: clients never pay (D-13).
    expect((await post(client, '/api/payment/pay', { solution_id: offer._id })).statusCode).toBe(409);
    const back = await approve((await post(supplier, '/api/payment/pay', { solution_id: offer._id })).json().data.url);
    const done = await post(supplier, '/api/payment/success', {
      paymentId: back.searchParams.get('paymentId'),
      solution_id: offer._id,
    });
    expect(done.json().data.contact.email).toBe(client.account.email);
    expect((await details()).email).toBe(supplier.account.email);
  });

  it('does not capture an order the payer cancelled', async () => {
    const need = await confirmedNeed();
    const url: string = (await post(supplier, '/api/payment/pay', { solution_id: need._id })).json().data.url;
    const cancel = await t.app.inject({ method: 'POST', url: `${url}/cancel` });
    expect(new URL(cancel.headers.location as string, 'http://localhost').pathname).toBe('/cancelUrl');
    const orderId = url.split('/').pop()!;
    const res = await post(supplier, '/api/payment/success', { paymentId: orderId, solution_id: need._id });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: 'The payment was declined' });
    expect((await paymentRows(need._id))[0]?.status).toBe('failed');
  });
});

describe('yearly subscription (D-15)', () => {
  it.each([
    ['XOF', '7900'],
    ['USD', '13.00'],
    ['EUR', '12.00'],
    ['CDF', '22160.00'],
  ])('costs the yearly price in %s and activates for 12 months on the confirmed return', async (currency, amount) => {
    const who = await signedUp(t.app);
    // The card, even for the francs (D-38 defaults them to mobile money).
    const res = await post(who, '/api/payment/subscribe', { currency, method: 'card', amount: '0.01' });
    const back = await approve(res.json().data.url);
    expect(back.pathname).toBe('/subscriptionsuccess');
    const id = back.searchParams.get('subscription_id')!;
    const confirm = () => post(who, '/api/payment/updateSubscription', { subscription_id: id });
    const user = (await confirm()).json().data;
    expect(user.subscription).toMatchObject({ subscription_flag: true, subscription_type: 'yearly' });
    const months =
      (Date.parse(user.subscription.subscription_end_date) - Date.parse(user.subscription.subscription_start_date)) /
      (30 * DAY);
    expect(months).toBeGreaterThan(12);
    expect(months).toBeLessThan(12.3);
    // Idempotent: the same return again changes nothing.
    expect((await confirm()).json().data.subscription).toEqual(user.subscription);
    const list = (
      await t.app.inject({ url: `/api/payment/getUserPayments/${who.user._id}`, headers: who.headers })
    ).json().data;
    expect(list).toEqual([expect.objectContaining({ kind: 'subscription', amount, currency, status: 'captured' })]);
  });

  it('never activates an unapproved subscription', async () => {
    const who = await signedUp(t.app);
    const url: string = (await post(who, '/api/payment/subscribe', { currency: 'USD' })).json().data.url;
    const id = url.split('/').pop()!;
    const res = await post(who, '/api/payment/updateSubscription', { subscription_id: id });
    expect(res.statusCode).toBe(402);
    const [row] = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, id));
    expect(row?.status).toBe('pending');
  });
});

describe('free trial (D-16)', () => {
  it('starts once, ends after 90 days on the server clock and hides contacts again', async () => {
    const who = await signedUp(t.app);
    const need = await publish(client, 'needSolution');
    const contacts = async () =>
      (await t.app.inject({ url: `/api/solution/getSolutionDetails/${need._id}`, headers: who.headers })).json().data
        .user.email;
    expect(await contacts()).toBeUndefined();
    const start = () =>
      post(who, '/api/user/updateSubscription', { user_id: who.user._id, status: true, trail_complete: false });
    const started = await start();
    expect(started.statusCode).toBe(200);
    expect(started.json().data.subscription).toMatchObject({
      subscription_flag: true,
      trail_complete: false,
      subscription_type: '90 days trail',
    });
    expect(await contacts()).toBe(client.account.email);
    expect((await start()).statusCode).toBe(409);
    expect((await start()).json().code).toBe('TRIAL_USED');

    t.app.clock.advance(91 * DAY);
    try {
      const me = (await t.app.inject({ url: '/api/user/me', headers: who.headers })).json().data;
      expect(me.subscription).toMatchObject({ subscription_flag: false, trail_complete: true });
      expect(await contacts()).toBeUndefined();
      const ack = await post(who, '/api/user/updateSubscription', {
        user_id: who.user._id,
        status: false,
        trail_complete: true,
      });
      expect(ack.json().data.subscription).toMatchObject({ subscription_flag: false, trail_complete: true });
      expect((await start()).statusCode).toBe(409);
    } finally {
      t.app.clock.advance(-91 * DAY);
    }
  });

  it("refuses to start somebody else's trial", async () => {
    const res = await post(supplier, '/api/user/updateSubscription', {
      user_id: client.user._id,
      status: true,
      trail_complete: false,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('mobile money and payment history (D-18)', () => {
  it('lets only an admin mark a subscription paid, keeping the reference', async () => {
    const who = await signedUp(t.app);
    const body = { user_id: who.user._id, reference: 'OM-2024-001', currency: 'XOF' };
    expect((await post(who, '/api/admin/markSubscriptionPaid', body)).statusCode).toBe(403);
    const res = await post(admin, '/api/admin/markSubscriptionPaid', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscription.subscription_flag).toBe(true);
    expect((await post(admin, '/api/admin/markSubscriptionPaid', body)).statusCode).toBe(200);
    const rows = await t.app.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'mobile-money:OM-2024-001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMinor: 7900, currency: 'XOF', status: 'active' });
  });

  it("shows a user's payments to that user only", async () => {
    const own = await t.app.inject({
      url: `/api/payment/getUserPayments/${supplier.user._id}`,
      headers: supplier.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.length).toBeGreaterThan(0);
    const other = await t.app.inject({
      url: `/api/payment/getUserPayments/${supplier.user._id}`,
      headers: client.headers,
    });
    expect(other.statusCode).toBe(403);
  });

  it('labels a checkout abandoned for over an hour as expired, not pending, in the history', async () => {
    const who = await signedUp(t.app, { firstName: 'Idrissa' });
    const base = {
      userId: who.user._id,
      kind: 'onetime' as const,
      provider: 'local',
      amountMinor: 225,
      currency: 'USD' as const,
      status: 'pending' as const,
    };
    await t.app.database.db.insert(payments).values([
      { ...base, providerPaymentId: `old-${who.user._id}`, createdAt: new Date(Date.now() - 2 * 3600_000) },
      { ...base, providerPaymentId: `new-${who.user._id}` },
    ]);
    const res = await t.app.inject({ url: `/api/payment/getUserPayments/${who.user._id}`, headers: who.headers });
    expect(res.json().data.map((p: { status: string }) => p.status)).toEqual(['pending', 'expired']);
  });

  it('refuses an unsigned webhook', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/local',
      payload: { event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} },
    });
    expect(res.statusCode).toBe(400);
  });
});
