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
import { confirmedDeal, inDays } from '../../../test/deals.js';
import { publish, tractor } from '../../../test/posts.js';
import { deals, notifications, payments } from '../../db/schema.js';

type Who = Awaited<ReturnType<typeof signedUp>>;

/** A client's need priced 40 000 F CFA for one day, taken by `supplier` and confirmed by its owner. */
async function cfaDeal(app: TestApp['app'], supplier: Who) {
  const client = await signedUp(app, { firstName: 'Moussa' });
  const post = await publish(app, client, {
    ...tractor('needSolution'),
    sub_category_id: 'equipment-own',
    title: 'Tracteur pour labour',
    price: '40000',
    currency: 'fr',
  });
  const dealId = await confirmedDeal(app, client, supplier, post._id, { from: inDays(2), to: inDays(2) });
  return { client, post, dealId };
}

const dealView = async (app: TestApp['app'], who: Who, dealId: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/deals/${dealId}?currency=fr&lang=fr`,
    headers: who.headers,
  });
  return res.json().data;
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

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

  it('answers CinetPay’s availability ping and refuses a notification for another site', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/notify/cinetpay' })).statusCode).toBe(200);
    const other = stub.notification('MM0000', { cpm_site_id: '1' });
    expect((await notify(other.fields, other.headers)).statusCode).toBe(401);
  });
});

describe('every price in the payer’s currency, and the local checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
  });

  it('quotes a 40 000 F CFA deal’s fee and the subscription per payer: XOF, EUR, USD, CDF', async () => {
    const quotes: Record<string, unknown> = {};
    for (const country of ['SN', 'FR', 'US', 'CD', 'CM']) {
      const supplier = await signedUp(t.app, { country });
      const { dealId } = await cfaDeal(t.app, supplier);
      const fee = (await dealView(t.app, supplier, dealId)).fee;
      const pay = await t.app.inject({
        method: 'POST',
        url: '/api/payment/pay',
        headers: supplier.headers,
        payload: { deal_id: dealId },
      });
      quotes[country] = { fee: { amount: fee.amount, currency: fee.currency }, pay: pay.json().data.amount };
    }
    expect(quotes).toEqual({
      SN: { fee: { amount: '6000', currency: 'XOF' }, pay: { value: '6000', currency: 'XOF' } },
      FR: { fee: { amount: '9.15', currency: 'EUR' }, pay: { value: '9.15', currency: 'EUR' } },
      US: { fee: { amount: '9.94', currency: 'USD' }, pay: { value: '9.94', currency: 'USD' } },
      CD: { fee: { amount: '27840.00', currency: 'CDF' }, pay: { value: '27840.00', currency: 'CDF' } },
      CM: { fee: { amount: '6000', currency: 'XAF' }, pay: { value: '6000', currency: 'XAF' } },
    });
    const who = await signedUp(t.app, { country: 'CD' });
    const yearly = async (currency: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payment/subscribe',
          headers: who.headers,
          payload: { currency },
        })
      ).json().data.amount;
    expect(await yearly('XOF')).toEqual({ value: '7900', currency: 'XOF' });
    expect(await yearly('CDF')).toEqual({ value: '22160.00', currency: 'CDF' });
    expect(await yearly('EUR')).toEqual({ value: '12.00', currency: 'EUR' });
    expect(await yearly('USD')).toEqual({ value: '13.00', currency: 'USD' });
  });

  it('charges a CFA payer who picks the card in euros, never in dollars', async () => {
    const supplier = await signedUp(t.app);
    const { dealId } = await cfaDeal(t.app, supplier);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: supplier.headers,
      payload: { deal_id: dealId, method: 'card' },
    });
    expect(pay.json().data.amount).toEqual({ value: '9.15', currency: 'EUR' });
    expect(pay.json().data.url).toMatch(/^\/api\/payment\/local\/checkout\//);
    const usd = await signedUp(t.app, { country: 'US' });
    const deal2 = (await cfaDeal(t.app, usd)).dealId;
    const momo = await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: usd.headers,
      payload: { deal_id: deal2, method: 'mobile_money' },
    });
    expect(momo.statusCode).toBe(400);
  });

  it('pays on the local checkout: the country’s operators, a number, then one signed notification', async () => {
    const supplier = await signedUp(t.app, { language: 'fr-ca' });
    const { dealId, post } = await cfaDeal(t.app, supplier);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: { ...supplier.headers, host: 'evil.example' },
      payload: { deal_id: dealId },
    });
    const url = pay.json().data.url as string;
    expect(url).toMatch(/^\/api\/payment\/mobile-money\/checkout\/MM/);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain('lang="fr"');
    expect(page.body).toContain('Payer par mobile money');
    for (const op of ['Orange Money', 'Wave', 'Free Money']) expect(page.body).toContain(op);
    expect(page.body).not.toContain('M-Pesa');
    expect(page.body).toMatch(/6\s000\sF\sCFA/);
    const approve = await t.app.inject({
      method: 'POST',
      url: `${url}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'evil.example' },
      payload: form({ operator: 'Wave', phone: '+221 77 123 45 67' }),
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).not.toContain('evil.example');
    const tx = url.split('/').at(-1)!;
    expect(approve.headers.location).toBe(`/api/payment/mobile-money/return?tx=${tx}`);
    const [row] = await t.app.database.db.select().from(payments).where(eq(payments.providerPaymentId, tx));
    expect(row).toMatchObject({ status: 'captured', operator: 'Wave', amountMinor: 6000, currency: 'XOF' });
    // A second click finds it done, and records nothing more.
    await t.app.inject({
      method: 'POST',
      url: `${url}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ operator: 'Orange Money' }),
    });
    const rows = await t.app.database.db.select().from(payments).where(eq(payments.userId, supplier.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.operator).toBe('Wave');
    const sms = (t.app.sms as ConsoleSmsAdapter).lastTo(supplier.user.mobile_no)?.text;
    expect(sms).toMatch(/Paiement reçu : 6\s000\sF\sCFA\. Référence : MM-/);
    const success = await t.app.inject({
      method: 'POST',
      url: '/api/payment/success',
      headers: supplier.headers,
      payload: { paymentId: tx, solution_id: post._id },
    });
    expect(success.json().data.payment).toMatchObject({ amount: '6000', currency: 'XOF', operator: 'Wave' });
    expect(success.json().data.contact.mobile_no).toMatch(/^\+221/);
  });

  it('refuses on the local checkout: nothing granted', async () => {
    const supplier = await signedUp(t.app);
    const { dealId } = await cfaDeal(t.app, supplier);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: supplier.headers,
      payload: { deal_id: dealId },
    });
    const url = pay.json().data.url as string;
    const refuse = await t.app.inject({ method: 'POST', url: `${url}/refuse` });
    expect(refuse.statusCode).toBe(303);
    const tx = url.split('/').at(-1)!;
    const [row] = await t.app.database.db.select().from(payments).where(eq(payments.providerPaymentId, tx));
    expect(row!.status).toBe('failed');
    const [deal] = await t.app.database.db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal!.contactAccess).toBe('none');
  });

  it('never builds a return address from the Host header (card return, social start)', async () => {
    const supplier = await signedUp(t.app, { country: 'US' });
    const { dealId } = await cfaDeal(t.app, supplier);
    const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: { ...supplier.headers, ...evil },
      payload: { deal_id: dealId },
    });
    expect(pay.json().data.url).not.toContain('evil.example');
    const approve = await t.app.inject({ method: 'POST', url: `${pay.json().data.url}/approve`, headers: evil });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).not.toContain('evil.example');
    const hop = await t.app.inject({ method: 'GET', url: approve.headers.location as string, headers: evil });
    expect(hop.headers.location ?? '').not.toContain('evil.example');
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscribe',
      headers: { ...supplier.headers, ...evil },
      payload: { currency: 'USD' },
    });
    expect(sub.json().data.url).not.toContain('evil.example');
    const social = await t.app.inject({ method: 'GET', url: '/api/auth/local', headers: evil });
    expect(`${social.headers.location ?? ''}${social.body}`).not.toContain('evil.example');
  });
});
