import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPayPalStub, type PayPalStub } from '../../../test/paypal-stub.js';
import { PaymentError } from './payment-adapter.js';
import { PayPalPaymentAdapter } from './paypal.js';

let stub: PayPalStub;
beforeAll(async () => {
  stub = await startPayPalStub();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
  stub.tokensIssued = 0;
});

const adapter = (now = () => new Date()) =>
  new PayPalPaymentAdapter({
    clientId: stub.clientId,
    clientSecret: stub.clientSecret,
    apiUrl: stub.url,
    planId: stub.planId,
    webhookId: stub.webhookId,
    now,
  });

const order = {
  amountMinor: 225,
  currency: 'USD' as const,
  description: '15% fee: Tractor',
  returnUrl: 'http://app.test/successurl?solution_id=s1',
  cancelUrl: 'http://app.test/cancelUrl?solution_id=s1',
  reference: 's1',
};

describe('PayPalPaymentAdapter', () => {
  it('asks for one token with Basic auth and reuses it until it expires', async () => {
    const paypal = adapter();
    await paypal.createOrder(order);
    await paypal.createOrder(order);
    expect(stub.tokensIssued).toBe(1);
    const tokenCall = stub.requests.find((r) => r.path === '/v1/oauth2/token')!;
    expect(tokenCall.headers.authorization).toBe(
      `Basic ${Buffer.from(`${stub.clientId}:${stub.clientSecret}`).toString('base64')}`,
    );
  });

  it('refreshes an expired token once and retries the call', async () => {
    const paypal = adapter();
    await paypal.createOrder(order);
    stub.expireTokenNext();
    const created = await paypal.createOrder(order);
    expect(created.id).toBeTruthy();
    expect(stub.tokensIssued).toBe(2);
  });

  it('creates an order for the exact amount and captures it once approved', async () => {
    const paypal = adapter();
    const created = await paypal.createOrder(order);
    expect(created.approveUrl).toContain(created.id);
    const sent = JSON.parse(stub.requests.find((r) => r.path === '/v2/checkout/orders')!.body);
    expect(sent.intent).toBe('CAPTURE');
    expect(sent.purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '2.25' });
    stub.approve(created.id);
    const capture = await paypal.captureOrder(created.id);
    expect(capture).toMatchObject({ amountMinor: 225, currency: 'USD' });
    expect(capture.payerId).toMatch(/^PAYER/);
    // Captured again (a retried return): the same capture, not a second charge.
    expect(await paypal.captureOrder(created.id)).toEqual(capture);
  });

  it('sends a PayPal-Request-Id with every POST to the API', async () => {
    const paypal = adapter();
    const created = await paypal.createOrder(order);
    stub.approve(created.id);
    await paypal.captureOrder(created.id);
    const posts = stub.requests.filter((r) => r.method === 'POST' && r.path !== '/v1/oauth2/token');
    expect(posts.length).toBeGreaterThanOrEqual(2);
    for (const r of posts) expect(r.headers['paypal-request-id']).toBeTruthy();
  });

  it('reports a declined capture clearly', async () => {
    const paypal = adapter();
    const created = await paypal.createOrder(order);
    stub.approve(created.id);
    stub.declineNextCapture();
    const error = await paypal.captureOrder(created.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentError);
    expect(error).toMatchObject({ reason: 'declined', details: { issue: 'INSTRUMENT_DECLINED', status: 422 } });
    expect(stub.orders.get(created.id)?.status).toBe('APPROVED');
  });

  it('creates a subscription on the configured plan starting in 30 minutes, and reads its status', async () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const paypal = adapter(() => at);
    const created = await paypal.createSubscription({
      amountMinor: 1300,
      currency: 'USD',
      returnUrl: 'http://app.test/subscriptionsuccess',
      cancelUrl: 'http://app.test/subscriptioncancel',
      reference: 'u1',
      subscriber: { givenName: 'Awa', email: 'awa@example.org' },
    });
    expect(created.approveUrl).toContain(created.id);
    expect(stub.subscriptions.get(created.id)).toMatchObject({
      plan_id: stub.planId,
      start_time: '2030-01-01T00:30:00.000Z',
    });
    expect((await paypal.getSubscription(created.id)).status).toBe('APPROVAL_PENDING');
    stub.approve(created.id);
    expect((await paypal.getSubscription(created.id)).status).toBe('ACTIVE');
  });

  it('trusts a webhook only when PayPal verifies its signature', async () => {
    const paypal = adapter();
    const raw = JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'C1' } });
    const headers = stub.sign(raw);
    expect(await paypal.verifyWebhook(headers, raw)).toMatchObject({ id: 'WH-1', resource: { id: 'C1' } });
    // Forged: a changed body or signature.
    const forged = raw.replace('C1', 'C2');
    expect(await paypal.verifyWebhook(headers, forged)).toBeNull();
    expect(await paypal.verifyWebhook({ ...headers, 'paypal-transmission-sig': 'AAAA' }, raw)).toBeNull();
    // Unsigned: refused without asking PayPal.
    const before = stub.requests.length;
    expect(await paypal.verifyWebhook({}, raw)).toBeNull();
    expect(stub.requests.length).toBe(before);
  });

  it('gives up on a provider that does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const paypal = new PayPalPaymentAdapter({
        clientId: 'x',
        clientSecret: 'y',
        apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        planId: 'p',
        webhookId: 'w',
        timeoutMs: 200,
      });
      const error = await paypal.createOrder(order).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentError);
      expect((error as PaymentError).reason).toBe('timeout');
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
