// Webhooks of the real PayPal adapter against the local stub (D-17): verified or refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { startPayPalStub, type PayPalStub } from '../../../test/paypal-stub.js';
import { payments, subscriptions } from '../../db/schema.js';

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

  it('refuses the yearly subscription in CFA through PayPal: mobile money instead (D-18)', async () => {
    const who = await signedUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscribe',
      headers: who.headers,
      payload: { currency: 'XOF' },
    });
    expect(res.statusCode).toBe(400);
  });
});
