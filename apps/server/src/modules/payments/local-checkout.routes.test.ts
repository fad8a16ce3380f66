// D-38 and D-15 (revised): fees and the subscription in the payer's own currency, and mobile money
// through the real CinetPay adapter against a local stub of its API: a forged notification, a
// refused payment and a replayed notification grant nothing more; the local checkout notifies the
// same route. Runs on PGlite and on PostgreSQL (vitest.config.ts, project server-postgres).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleSmsAdapter } from '../../adapters/sms/index.js';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { deals, payments } from '../../db/schema.js';
import { cfaDeal, dealView, form } from '../../../test/payments-kit.js';

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
