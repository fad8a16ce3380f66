// A payment settles only into what its payer is entitled to, and a deal is paid once, over the real API, on PGlite and on PostgreSQL, with the PayPal adapter
// against its stub: a payment settles only into a state its payer is entitled to (the supplier side
// of a deal its owner confirmed and that is still confirmed, D-15 revised) (otherwise it is not captured, or is refunded through the adapter, and the answer is
// 409 NOT_AVAILABLE with nothing revealed), and one deal is paid once. The local adapter's void and
// refund are proven in adapters/payments/local.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { DB_TIMEOUT_MS, throwawayDatabaseUrl } from '../../../test/databases.js';
import { startPayPalStub, type PayPalStub } from '../../../test/paypal-stub.js';
import { confirmedDeal, dealMove } from '../../../test/deals.js';
import { publish as publishPost, villa } from '../../../test/posts.js';
import { deals, payments } from '../../db/schema.js';

type Account = Awaited<ReturnType<typeof signedUp>>;

for (const kind of ['pglite', 'postgres'] as const) {
  describe(`payments settle only into what the payer is entitled to [${kind}]`, { timeout: DB_TIMEOUT_MS }, () => {
    let stubbed: TestApp;
    let stub: PayPalStub;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      stub = await startPayPalStub();
      const env: Record<string, string> = {
        RATE_LIMIT_SCALE: '100',
        PAYMENT_PROVIDER: 'paypal',
        PAYPAL_CLIENT_ID: stub.clientId,
        PAYPAL_CLIENT_SECRET: stub.clientSecret,
        PAYPAL_API_URL: stub.url,
        PAYPAL_PLAN_ID: stub.planId,
        PAYPAL_WEBHOOK_ID: stub.webhookId,
      };
      if (kind === 'postgres') {
        const db = await throwawayDatabaseUrl();
        drop = db.drop;
        env.DATABASE_URL = db.url;
      }
      stubbed = await buildTestApp(env);
      await stubbed.app.ready();
    }, 2 * DB_TIMEOUT_MS);
    afterAll(async () => {
      await stubbed?.close();
      await stub?.close();
      await drop?.();
    }, DB_TIMEOUT_MS);

    const post = (app: TestApp, who: Account, url: string, payload: object) =>
      app.app.inject({ method: 'POST', url, headers: who.headers, payload });
    const rowsOf = (app: TestApp, solutionId: string) =>
      app.app.database.db.select().from(payments).where(eq(payments.solutionId, solutionId));
    const dealsOf = (app: TestApp, solutionId: string) =>
      app.app.database.db.select().from(deals).where(eq(deals.solutionId, solutionId));
    const startTrial = async (app: TestApp, who: Account) => {
      const res = await post(app, who, '/api/user/updateSubscription', {
        user_id: who.user._id,
        status: true,
        trail_complete: false,
      });
      expect(res.statusCode).toBe(200);
    };
    /** A request without dates: the villa is single-use (D-33). */
    const noDates = { from: undefined, to: undefined };
    /** Nothing of the client's contacts anywhere in an answer. */
    const revealsNothing = (body: string, client: Account) => {
      expect(body).not.toContain(client.account.email);
      expect(body).not.toContain((client.account.mobile_no as string).slice(1));
    };

    describe('item 2: paid but not a party', () => {
      it('does not capture a payment for a deal cancelled meanwhile, the need given to another supplier: 409, voided, nothing revealed', async () => {
        // Dollar payers pay by card (D-38 sends CFA payers to mobile money).
        const client = await signedUp(stubbed.app, { firstName: 'Moussa' });
        const late = await signedUp(stubbed.app, { firstName: 'Awa', country: 'US' });
        const rival = await signedUp(stubbed.app, { firstName: 'Fatou', country: 'US' });
        const need = await publishPost(stubbed.app, client, villa('needSolution'));
        const lateDeal = await confirmedDeal(stubbed.app, client, late, need._id, noDates);
        expect((await post(stubbed, late, '/api/payment/pay', { solution_id: need._id })).statusCode).toBe(200);
        const [order] = [...stub.orders.values()].slice(-1);
        // Meanwhile the client cancels and confirms a supplier with a trial; then the late supplier approves at PayPal.
        expect((await dealMove(stubbed.app, client, lateDeal, 'cancel')).statusCode).toBe(200);
        await startTrial(stubbed, rival);
        await confirmedDeal(stubbed.app, client, rival, need._id, noDates);
        stub.approve(order!.id);
        const captures = () => stub.requests.filter((r) => r.path.endsWith('/capture')).length;
        const before = captures();
        const done = await post(stubbed, late, '/api/payment/success', { paymentId: order!.id, solution_id: need._id });
        expect(done.statusCode).toBe(409);
        expect(done.json()).toMatchObject({ code: 'NOT_AVAILABLE' });
        revealsNothing(done.body, client);
        // Not captured: no capture reached PayPal, and the order is voided in the records.
        expect(captures()).toBe(before);
        expect(stub.orders.get(order!.id)?.status).toBe('APPROVED');
        expect((await rowsOf(stubbed, need._id)).map((r) => r.status)).toEqual(['voided']);
        // The rival's deal is as it was, the late one stays cancelled, and its supplier still sees no contacts.
        expect(await dealsOf(stubbed, need._id)).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ acceptorId: rival.user._id, state: 'accepted', contactAccess: 'trial' }),
            expect.objectContaining({ acceptorId: late.user._id, state: 'cancelled', contactAccess: 'none' }),
          ]),
        );
        const details = await stubbed.app.inject({
          url: `/api/solution/getSolutionDetails/${need._id}`,
          headers: late.headers,
        });
        revealsNothing(details.body, client);
        // The same return again: still refused, still nothing, still no capture.
        const again = await post(stubbed, late, '/api/payment/success', {
          paymentId: order!.id,
          solution_id: need._id,
        });
        expect(again.statusCode).toBe(409);
        revealsNothing(again.body, client);
        expect(captures()).toBe(before);
      });

      it('refunds through PayPal a capture whose deal was cancelled while the money moved: 409, nothing revealed', async () => {
        const client = await signedUp(stubbed.app, { firstName: 'Moussa' });
        const late = await signedUp(stubbed.app, { firstName: 'Awa', country: 'US' });
        const rival = await signedUp(stubbed.app, { firstName: 'Fatou', country: 'US' });
        const need = await publishPost(stubbed.app, client, villa('needSolution'));
        const lateDeal = await confirmedDeal(stubbed.app, client, late, need._id, noDates);
        expect((await post(stubbed, late, '/api/payment/pay', { solution_id: need._id })).statusCode).toBe(200);
        const [order] = [...stub.orders.values()].slice(-1);
        stub.approve(order!.id);
        await startTrial(stubbed, rival);
        // The client cancels and confirms the rival between the server's check and PayPal's answer to the capture.
        stub.beforeCapture = async () => {
          stub.beforeCapture = null;
          expect((await dealMove(stubbed.app, client, lateDeal, 'cancel')).statusCode).toBe(200);
          await confirmedDeal(stubbed.app, client, rival, need._id, noDates);
        };
        const done = await post(stubbed, late, '/api/payment/success', {
          paymentId: order!.id,
          solution_id: need._id,
        });
        expect(done.statusCode).toBe(409);
        expect(done.json().code).toBe('NOT_AVAILABLE');
        revealsNothing(done.body, client);
        // The whole capture went back through the adapter, once.
        expect(stub.refunds.get(`CAP-${order!.id}`)).toEqual({ currency_code: 'USD', value: '2.25' });
        expect((await rowsOf(stubbed, need._id)).map((r) => r.status)).toEqual(['refunded']);
        expect(await dealsOf(stubbed, need._id)).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ acceptorId: rival.user._id, state: 'accepted', contactAccess: 'trial' }),
            expect.objectContaining({ acceptorId: late.user._id, state: 'cancelled', contactAccess: 'none' }),
          ]),
        );
        // A replay changes nothing and refunds nothing more.
        const again = await post(stubbed, late, '/api/payment/success', {
          paymentId: order!.id,
          solution_id: need._id,
        });
        expect(again.statusCode).toBe(409);
        expect(stub.requests.filter((r) => r.path.endsWith('/refund'))).toHaveLength(1);
      });
    });

    describe('item 6: one deal is paid once', () => {
      it('refuses the second capture when two orders for one deal were both approved at PayPal', async () => {
        const client = await signedUp(stubbed.app, { firstName: 'Moussa' });
        const supplier = await signedUp(stubbed.app, { firstName: 'Awa', country: 'US' });
        const offer = await publishPost(stubbed.app, supplier, villa('provideSolution'));
        await confirmedDeal(stubbed.app, supplier, client, offer._id, noDates);
        const orders: string[] = [];
        for (let i = 0; i < 2; i += 1) {
          expect((await post(stubbed, supplier, '/api/payment/pay', { solution_id: offer._id })).statusCode).toBe(200);
          const [order] = [...stub.orders.values()].slice(-1);
          // PayPal cannot void an order meant for capture: the payer can still approve the old one.
          stub.approve(order!.id);
          orders.push(order!.id);
        }
        const captures = () => stub.requests.filter((r) => r.path.endsWith('/capture')).length;
        const before = captures();
        const results = [];
        for (const id of [...orders].reverse()) {
          results.push(
            await post(stubbed, supplier, '/api/payment/success', { paymentId: id, solution_id: offer._id }),
          );
        }
        expect(results.map((r) => r.statusCode)).toEqual([200, 409]);
        expect(results[0]!.json().data.contact.email).toBe(client.account.email);
        // One capture reached PayPal; the voided order was never captured.
        expect(captures() - before).toBe(1);
        expect([...stub.orders.values()].filter((o) => orders.includes(o.id)).map((o) => o.status)).toEqual([
          'APPROVED',
          'COMPLETED',
        ]);
        expect((await rowsOf(stubbed, offer._id)).map((r) => r.status).sort()).toEqual(['captured', 'voided']);
        // Paid: a third order is refused outright; the history shows the voided one as failed.
        expect((await post(stubbed, supplier, '/api/payment/pay', { solution_id: offer._id })).statusCode).toBe(409);
        const history = (
          await stubbed.app.inject({
            url: `/api/payment/getUserPayments/${supplier.user._id}`,
            headers: supplier.headers,
          })
        ).json().data as { solution_id: string; status: string }[];
        expect(
          history
            .filter((p) => p.solution_id === offer._id)
            .map((p) => p.status)
            .sort(),
        ).toEqual(['captured', 'failed']);
      });

      it('captures one of two approved orders for one deal returned at once, and voids or refunds the other', async () => {
        const client = await signedUp(stubbed.app, { firstName: 'Moussa' });
        const supplier = await signedUp(stubbed.app, { firstName: 'Awa', country: 'US' });
        const need = await publishPost(stubbed.app, client, villa('needSolution'));
        const dealId = await confirmedDeal(stubbed.app, client, supplier, need._id, noDates);
        const orders: string[] = [];
        for (let i = 0; i < 2; i += 1) {
          await post(stubbed, supplier, '/api/payment/pay', { deal_id: dealId });
          const [order] = [...stub.orders.values()].slice(-1);
          stub.approve(order!.id);
          orders.push(order!.id);
        }
        const results = await Promise.all(
          orders.map((id) => post(stubbed, supplier, '/api/payment/success', { paymentId: id, solution_id: need._id })),
        );
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const loser = results.find((r) => r.statusCode === 409)!;
        revealsNothing(loser.body, client);
        const rows = await rowsOf(stubbed, need._id);
        const paid = rows.filter((r) => r.status === 'captured');
        expect(paid).toHaveLength(1);
        // The loser was never charged (not captured) or was refunded, whole.
        const lost = rows.find((r) => r.status !== 'captured')!;
        expect(['voided', 'refunded']).toContain(lost.status);
        if (lost.status === 'refunded') expect(stub.refunds.has(`CAP-${lost.providerPaymentId}`)).toBe(true);
        expect(await dealsOf(stubbed, need._id)).toEqual([
          expect.objectContaining({ acceptorId: supplier.user._id, state: 'accepted', contactAccess: 'payment' }),
        ]);
      });
    });
  });
}
