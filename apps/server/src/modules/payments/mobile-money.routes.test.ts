// D-38 and D-15 (revised): fees and the subscription in the payer's own currency, and mobile money
// through the real CinetPay adapter against a local stub of its API: a forged notification, a
// refused payment and a replayed notification grant nothing more; the local checkout notifies the
// same route. Runs on PGlite and on PostgreSQL (vitest.config.ts, project server-postgres).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleSmsAdapter } from '../../adapters/sms/index.js';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { startCinetPayStub, type CinetPayStub } from '../../../test/cinetpay-stub.js';
import { deals, notifications, payments } from '../../db/schema.js';
import { cfaDeal, dealView, form } from '../../../test/payments-kit.js';

describe('mobile money through CinetPay (the real adapter against its stub)', () => {
  let t: TestApp;
  let stub: CinetPayStub;
  beforeAll(async () => {
    stub = await startCinetPayStub();
    t = await buildTestApp({
      RATE_LIMIT_SCALE: '100',
      MOBILE_MONEY_PROVIDER: 'cinetpay',
      CINETPAY_API_KEY: stub.apiKey,
      CINETPAY_SITE_ID: stub.siteId,
      CINETPAY_SECRET_KEY: stub.secretKey,
      CINETPAY_API_URL: stub.url,
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const notify = (fields: Record<string, string>, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/cinetpay',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
    });
  const rowOf = async (tx: string) =>
    (await t.app.database.db.select().from(payments).where(eq(payments.providerPaymentId, tx)))[0]!;
  const contactAccess = async (dealId: string) =>
    (await t.app.database.db.select().from(deals).where(eq(deals.id, dealId)))[0]!.contactAccess;

  it("quotes, charges and records a CFA supplier's fee in XOF by mobile money, never in USD", async () => {
    const supplier = await signedUp(t.app, { firstName: 'Awa' });
    const { dealId } = await cfaDeal(t.app, supplier);
    const deal = await dealView(t.app, supplier, dealId);
    expect(deal.total).toEqual({ amount: '40000', currency: 'XOF' });
    expect(deal.fee).toMatchObject({ amount: '6000', currency: 'XOF', paid: false });
    expect(JSON.stringify(deal)).not.toContain('USD');

    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: { ...supplier.headers, host: 'evil.example' },
      payload: { deal_id: dealId },
    });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().data.amount).toEqual({ value: '6000', currency: 'XOF' });
    expect(pay.json().data.url).toMatch(/^https:\/\/checkout\.cinetpay\.com\/payment\//);
    const sent = stub.requests.filter((r) => r.path === '/v2/payment').at(-1)!.body;
    expect(sent).toMatchObject({
      site_id: stub.siteId,
      amount: 6000,
      currency: 'XOF',
      channels: 'MOBILE_MONEY',
      lang: 'en',
      customer_name: 'Awa',
      customer_phone_number: supplier.user.mobile_no,
    });
    // The addresses CinetPay is given come from configuration, never from the Host header.
    expect(String(sent.notify_url)).toMatch(/^http:\/\/localhost:\d+\/api\/payment\/notify\/cinetpay$/);
    expect(String(sent.return_url)).toMatch(/^http:\/\/localhost:\d+\/api\/payment\/mobile-money\/return\?tx=MM/);
    expect(JSON.stringify(sent)).not.toContain('evil.example');
    const tx = String(sent.transaction_id);
    expect(await rowOf(tx)).toMatchObject({ amountMinor: 6000, currency: 'XOF', status: 'pending' });

    // A notification with a bad token, even for a paid transaction, is refused and grants nothing.
    stub.accept(tx, 'WAVESN');
    const good = stub.notification(tx);
    const forged = await notify(good.fields, { 'x-token': 'f'.repeat(64) });
    expect(forged.statusCode).toBe(401);
    const unsigned = await notify(good.fields, {});
    expect(unsigned.statusCode).toBe(401);
    const altered = await notify({ ...good.fields, cpm_amount: '5' }, good.headers);
    expect(altered.statusCode).toBe(401);
    expect((await rowOf(tx)).status).toBe('pending');
    expect(await contactAccess(dealId)).toBe('none');

    // The genuine one: the status is asked of CinetPay, then recorded once.
    const before = stub.requests.filter((r) => r.path === '/v2/payment/check').length;
    expect((await notify(good.fields, good.headers)).statusCode).toBe(200);
    expect(stub.requests.filter((r) => r.path === '/v2/payment/check').length).toBe(before + 1);
    const paid = await rowOf(tx);
    expect(paid).toMatchObject({ status: 'captured', amountMinor: 6000, currency: 'XOF', operator: 'Wave' });
    expect(paid.reference).toMatch(/^MP/);
    expect(await contactAccess(dealId)).toBe('payment');
    const sms = t.app.sms as ConsoleSmsAdapter;
    expect(sms.lastTo(supplier.user.mobile_no)?.text).toContain(`Reference: ${paid.reference}`);
    expect(sms.lastTo(supplier.user.mobile_no)?.text).toContain('6,000');
    const notices = await t.app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, supplier.user._id));

    // Replayed twice, and the browser's return: nothing more is recorded.
    expect((await notify(good.fields, good.headers)).statusCode).toBe(200);
    expect((await notify(good.fields, good.headers)).statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/payment/mobile-money/return?tx=${tx}`,
      headers: { host: 'evil.example' },
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).not.toContain('evil.example');
    const next = new URL(back.headers.location as string, 'http://localhost');
    expect(next.pathname).toBe('/successurl');
    const success = await t.app.inject({
      method: 'POST',
      url: '/api/payment/success',
      headers: supplier.headers,
      payload: { paymentId: next.searchParams.get('paymentId'), solution_id: next.searchParams.get('solution_id') },
    });
    expect(success.statusCode).toBe(200);
    expect(success.json().data.payment).toMatchObject({
      amount: '6000',
      currency: 'XOF',
      status: 'captured',
      operator: 'Wave',
      reference: paid.reference,
    });
    expect(success.json().data.contact.mobile_no).toMatch(/^\+221/);
    const rows = await t.app.database.db.select().from(payments).where(eq(payments.userId, supplier.user._id));
    expect(rows).toHaveLength(1);
    expect(rows.every((r) => r.currency === 'XOF')).toBe(true);
    const after = await t.app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, supplier.user._id));
    expect(after).toHaveLength(notices.length);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/payment/getUserPayments/${supplier.user._id}`,
      headers: supplier.headers,
    });
    expect(history.json().data).toEqual([
      expect.objectContaining({ amount: '6000', currency: 'XOF', operator: 'Wave', reference: paid.reference }),
    ]);
  });

  it('grants nothing for a transaction CinetPay reports as REFUSED, whatever the notification says', async () => {
    const supplier = await signedUp(t.app);
    const { dealId, post } = await cfaDeal(t.app, supplier);
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: supplier.headers,
      payload: { deal_id: dealId },
    });
    const tx = String(stub.requests.filter((r) => r.path === '/v2/payment').at(-1)!.body.transaction_id);

    // Signed correctly while the payer has not paid: the check says waiting, nothing is granted.
    const early = stub.notification(tx, { cpm_error_message: 'SUCCES' });
    expect((await notify(early.fields, early.headers)).statusCode).toBe(200);
    expect((await rowOf(tx)).status).toBe('pending');

    stub.refuse(tx);
    // A correctly signed notification claiming success: the status check says REFUSED.
    const claim = stub.notification(tx, { cpm_error_message: 'SUCCES', payment_method: 'OM' });
    expect((await notify(claim.fields, claim.headers)).statusCode).toBe(200);
    expect((await rowOf(tx)).status).toBe('failed');
    expect(await contactAccess(dealId)).toBe('none');
    const success = await t.app.inject({
      method: 'POST',
      url: '/api/payment/success',
      headers: supplier.headers,
      payload: { paymentId: tx, solution_id: post._id },
    });
    expect(success.statusCode).toBe(402);
    expect(success.json().code).toBe('PAYMENT_DECLINED');
    const deal = await dealView(t.app, supplier, dealId);
    expect(deal.counterpart.mobile_no ?? null).toBeNull();
  });

  it('subscribes a CFA user for 7 900 XOF by mobile money, activated once whichever arrives first', async () => {
    const who = await signedUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscribe',
      headers: { ...who.headers, host: 'evil.example' },
      payload: { currency: 'XOF' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.amount).toEqual({ value: '7900', currency: 'XOF' });
    const sent = stub.requests.filter((r) => r.path === '/v2/payment').at(-1)!.body;
    expect(sent).toMatchObject({ amount: 7900, currency: 'XOF', channels: 'MOBILE_MONEY' });
    const tx = String(sent.transaction_id);
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/updateSubscription',
        headers: who.headers,
        payload: { subscription_id: tx },
      });
    expect((await confirm()).statusCode).toBe(402);
    stub.accept(tx, 'OM');
    const back = await t.app.inject({ method: 'POST', url: `/api/payment/mobile-money/return?tx=${tx}` });
    expect(back.headers.location).toBe(`/subscriptionsuccess?subscription_id=${tx}`);
    expect((await confirm()).json().data.subscription.subscription_flag).toBe(true);
    const n = stub.notification(tx);
    expect((await notify(n.fields, n.headers)).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(200);
    const rows = await t.app.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, who.user._id), eq(payments.kind, 'subscription')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMinor: 7900, currency: 'XOF', status: 'captured', operator: 'Orange Money' });
  });

  it('leaves the payment failed, and grants nothing, when CinetPay will not start the checkout', async () => {
    const supplier = await signedUp(t.app);
    const { dealId } = await cfaDeal(t.app, supplier);
    const before = stub.requests.length;
    stub.refuseStarts = true;
    try {
      const pay = await t.app.inject({
        method: 'POST',
        url: '/api/payment/pay',
        headers: supplier.headers,
        payload: { deal_id: dealId },
      });
      const subscribe = await t.app.inject({
        method: 'POST',
        url: '/api/payment/subscribe',
        headers: supplier.headers,
        payload: { currency: 'XOF' },
      });
      for (const res of [pay, subscribe]) expect(res.json().code).toBe('VALIDATION');
    } finally {
      stub.refuseStarts = false;
    }
    const sent = stub.requests.slice(before).filter((r) => r.path === '/v2/payment');
    expect(sent).toHaveLength(2);
    for (const { body } of sent) expect((await rowOf(String(body.transaction_id))).status).toBe('failed');
    expect(await contactAccess(dealId)).toBe('none');
  });

  it('answers CinetPay’s availability ping and refuses a notification for another site', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/notify/cinetpay' })).statusCode).toBe(200);
    const other = stub.notification('MM0000', { cpm_site_id: '1' });
    expect((await notify(other.fields, other.headers)).statusCode).toBe(401);
  });
});
