// The payments data layer on both databases (D-23): D-17's exactly-once recording and settling of a
// fee for a confirmed deal (D-15 revised), and idempotent subscription activation, under real
// concurrency (PostgreSQL runs a pool of 4).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase } from '../../../test/databases.js';
import { deals, notifications, payments, solutions, subscriptions, users } from '../../db/schema.js';
import { paymentsRepository } from './repository.js';

const AT = new Date('2026-01-15T10:00:00Z');
const YEAR_LATER = new Date('2027-01-15T10:00:00Z');
const unique = () => randomBytes(6).toString('hex').toUpperCase();
const times = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

describeEachDatabase('the payments repository', (database) => {
  const repo = () => paymentsRepository(database().db);
  const db = () => database().db;
  let owner: string;
  let supplier: string;
  let rival: string;

  beforeAll(async () => {
    const rows = await db()
      .insert(users)
      .values(
        ['Moussa', 'Awa', 'Fatou'].map((firstName, i) => ({
          firstName,
          email: `${firstName.toLowerCase()}@example.org`,
          mobileNo: `+22177000010${i}`,
        })),
      )
      .returning({ id: users.id });
    [owner, supplier, rival] = rows.map((r) => r.id) as [string, string, string];
  }, DB_TIMEOUT_MS);

  /** An open $15.00 need of the owner's. */
  async function need(): Promise<string> {
    const [row] = await db()
      .insert(solutions)
      .values({
        userId: owner,
        userRole: 'needSolution',
        category: 'Equipments',
        subCategoryId: 'equipment-tractor',
        subCategoryEn: 'Tractor',
        subCategoryFr: 'Tracteur',
        priceUsd: 1500,
        priceEur: 1400,
        priceXof: 9000,
        description: 'Tractor for a day',
        location: { x: -17.45, y: 14.7 },
      })
      .returning({ id: solutions.id });
    return row!.id;
  }

  /** A deal on the need (D-32): confirmed by the owner unless another state is given. */
  async function dealOn(
    solutionId: string,
    acceptorId: string,
    state: 'accepted' | 'requested' | 'declined' | 'cancelled' = 'accepted',
  ): Promise<string> {
    if (state === 'accepted') {
      await db().update(solutions).set({ status: 'Accepted' }).where(eq(solutions.id, solutionId));
    }
    const [row] = await db()
      .insert(deals)
      .values({
        solutionId,
        acceptorId,
        state,
        ...(state === 'accepted' ? { confirmedAt: AT } : {}),
        ...(state === 'declined' || state === 'cancelled' ? { endedAt: AT, endedReason: state } : {}),
      })
      .returning({ id: deals.id });
    return row!.id;
  }

  const pending = (userId: string, solutionId: string) =>
    repo().insertPayment({
      userId,
      solutionId,
      kind: 'onetime',
      provider: 'paypal',
      providerPaymentId: `ORDER-${unique()}`,
      amountMinor: 225,
      currency: 'USD',
    });

  const notices = (solutionId: string) =>
    db().select().from(notifications).where(eq(notifications.solutionId, solutionId));

  it('records 20 concurrent captures of the same provider payment id as one row', async () => {
    const providerPaymentId = `SALE-${unique()}`;
    const inserted = await times(20, () =>
      repo().recordCaptured({
        userId: supplier,
        kind: 'subscription',
        provider: 'paypal',
        providerPaymentId,
        amountMinor: 1300,
        currency: 'USD',
        capturedAt: AT,
      }),
    );
    expect(inserted.filter(Boolean)).toHaveLength(1);
    const rows = await db().select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
    expect(rows).toEqual([expect.objectContaining({ status: 'captured', amountMinor: 1300, currency: 'USD' })]);
  });

  it('refuses a second pending row for the same provider payment id', async () => {
    const solutionId = await need();
    const first = await pending(supplier, solutionId);
    await expect(repo().insertPayment({ ...first, id: undefined })).rejects.toThrow();
    expect(await db().select().from(payments).where(eq(payments.solutionId, solutionId))).toHaveLength(1);
  });

  it('settles a payment 20 times at once exactly once: one capture, one unlocked deal, each notice once', async () => {
    const solutionId = await need();
    const dealId = await dealOn(solutionId, supplier);
    const payment = await pending(supplier, solutionId);
    const results = await times(20, (i) =>
      repo().settle({
        paymentId: payment.id,
        payerId: `PAYER-${i}`,
        capturedAt: AT,
        solutionId,
        settlement: { kind: 'unlock', dealId, acceptorId: supplier },
        notices: [
          { userId: supplier, notice: { en: 'paid', fr: 'payé' } },
          { userId: owner, notice: { en: 'unlocked', fr: 'débloqué' } },
        ],
      }),
    );
    const won = results.filter((r) => r !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ granted: true, payment: { status: 'captured' } });
    expect(won[0]!.notified).toHaveLength(2);
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'captured', payerId: won[0]!.payment.payerId });
    expect(await db().select().from(deals).where(eq(deals.solutionId, solutionId))).toEqual([
      expect.objectContaining({ acceptorId: supplier, contactAccess: 'payment', state: 'accepted', endedAt: null }),
    ]);
    expect(await notices(solutionId)).toHaveLength(2);
    // Settled: a later attempt changes nothing.
    expect(
      await repo().settle({
        paymentId: payment.id,
        payerId: null,
        capturedAt: YEAR_LATER,
        solutionId,
        settlement: { kind: 'unlock', dealId, acceptorId: supplier },
        notices: [{ userId: owner, notice: { en: 'again', fr: 'encore' } }],
      }),
    ).toBeNull();
    expect(await notices(solutionId)).toHaveLength(2);
  });

  it('unlocks the confirmed supplier of two paying at once; the declined one is marked refunded (D-32)', async () => {
    const solutionId = await need();
    const chosen = await dealOn(solutionId, supplier);
    const declined = await dealOn(solutionId, rival, 'declined');
    const [a, b] = await Promise.all([pending(supplier, solutionId), pending(rival, solutionId)]);
    const results = await Promise.all(
      [
        { payment: a, dealId: chosen },
        { payment: b, dealId: declined },
      ].map(({ payment, dealId }) =>
        repo().settle({
          paymentId: payment.id,
          payerId: null,
          capturedAt: AT,
          solutionId,
          settlement: { kind: 'unlock', dealId, acceptorId: payment.userId },
          notices: [{ userId: payment.userId, notice: { en: 'paid', fr: 'payé' } }],
        }),
      ),
    );
    expect(results.map((r) => r?.granted)).toEqual([true, false]);
    expect(
      (await db().select().from(deals).where(eq(deals.solutionId, solutionId))).map((d) => [
        d.acceptorId,
        d.contactAccess,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [supplier, 'payment'],
        [rival, 'none'],
      ]),
    );
    // The loser's capture is marked refunded (the service gives it back); only the winner is notified.
    const rows = await db().select().from(payments).where(eq(payments.solutionId, solutionId));
    expect(rows.map((r) => r.status).sort()).toEqual(['captured', 'refunded']);
    expect((await notices(solutionId)).map((n) => n.userId)).toEqual([supplier]);
  });

  it('unlocks nothing for a request the owner has not confirmed (D-15 revised)', async () => {
    const solutionId = await need();
    const dealId = await dealOn(solutionId, supplier, 'requested');
    const payment = await pending(supplier, solutionId);
    const result = await repo().settle({
      paymentId: payment.id,
      payerId: null,
      capturedAt: AT,
      solutionId,
      settlement: { kind: 'unlock', dealId, acceptorId: supplier },
      notices: [{ userId: owner, notice: { en: 'unlocked', fr: 'débloqué' } }],
    });
    expect(result).toMatchObject({ granted: false, payment: { status: 'refunded' } });
    expect(await db().select().from(deals).where(eq(deals.solutionId, solutionId))).toEqual([
      expect.objectContaining({ state: 'requested', contactAccess: 'none' }),
    ]);
    expect(await notices(solutionId)).toHaveLength(0);
  });

  it('unlocks a live deal once when settled concurrently', async () => {
    const solutionId = await need();
    const dealId = await dealOn(solutionId, supplier);
    const payment = await pending(supplier, solutionId);
    const results = await times(10, () =>
      repo().settle({
        paymentId: payment.id,
        payerId: null,
        capturedAt: AT,
        solutionId,
        settlement: { kind: 'unlock', dealId, acceptorId: supplier },
        notices: [{ userId: owner, notice: { en: 'unlocked', fr: 'débloqué' } }],
      }),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await db().select().from(deals).where(eq(deals.solutionId, solutionId))).toEqual([
      expect.objectContaining({ contactAccess: 'payment' }),
    ]);
    expect(await notices(solutionId)).toHaveLength(1);
  });

  it('unlocks a deal with one of two payments settled at once; the other is marked refunded', async () => {
    const solutionId = await need();
    const dealId = await dealOn(solutionId, supplier);
    const [a, b] = await Promise.all([pending(supplier, solutionId), pending(supplier, solutionId)]);
    const results = await Promise.all(
      [a, b].map((payment) =>
        repo().settle({
          paymentId: payment.id,
          payerId: null,
          capturedAt: AT,
          solutionId,
          settlement: { kind: 'unlock', dealId, acceptorId: supplier },
          notices: [{ userId: owner, notice: { en: 'unlocked', fr: 'débloqué' } }],
        }),
      ),
    );
    expect(results.map((r) => r?.granted).sort()).toEqual([false, true]);
    const rows = await db().select().from(payments).where(eq(payments.solutionId, solutionId));
    expect(rows.map((r) => r.status).sort()).toEqual(['captured', 'refunded']);
    expect(await notices(solutionId)).toHaveLength(1);
  });

  it('unlocks nothing for a deal ended and replaced by another acceptor', async () => {
    const solutionId = await need();
    const dealId = await dealOn(solutionId, supplier, 'cancelled');
    await dealOn(solutionId, rival);
    const payment = await pending(supplier, solutionId);
    const result = await repo().settle({
      paymentId: payment.id,
      payerId: null,
      capturedAt: AT,
      solutionId,
      settlement: { kind: 'unlock', dealId, acceptorId: supplier },
      notices: [{ userId: owner, notice: { en: 'unlocked', fr: 'débloqué' } }],
    });
    expect(result).toMatchObject({ granted: false, payment: { status: 'refunded' } });
    expect(
      (await db().select().from(deals).where(eq(deals.solutionId, solutionId))).map((d) => d.contactAccess),
    ).toEqual(['none', 'none']);
    expect(await notices(solutionId)).toHaveLength(0);
  });

  it('keeps one subscription per provider id and activates it exactly once', async () => {
    const providerSubscriptionId = `I-${unique()}`;
    const row = {
      userId: supplier,
      kind: 'yearly' as const,
      status: 'pending' as const,
      provider: 'paypal',
      providerSubscriptionId,
      amountMinor: 1300,
      currency: 'USD' as const,
    };
    const created = await times(5, () => repo().insertSubscription(row));
    expect(created.filter(Boolean)).toHaveLength(1);
    const sub = (await repo().subscriptionByProviderId(providerSubscriptionId))!;
    const activated = await times(20, () => repo().activate(sub.id, AT, YEAR_LATER));
    expect(activated.filter(Boolean)).toHaveLength(1);
    // A later confirmation does not move the period.
    expect(await repo().activate(sub.id, YEAR_LATER, new Date('2028-01-15T10:00:00Z'))).toBe(false);
    const rows = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
    expect(rows).toEqual([expect.objectContaining({ status: 'active', startAt: AT, endAt: YEAR_LATER })]);
    // The same renewal twice extends once; an earlier one never shortens the period.
    const renewed = new Date('2028-01-15T10:00:00Z');
    await Promise.all([repo().extend(sub.id, renewed), repo().extend(sub.id, renewed), repo().extend(sub.id, AT)]);
    expect((await repo().subscriptionByProviderId(providerSubscriptionId))!.endAt).toEqual(renewed);
  });

  it('marks a mobile-money reference paid once under concurrency, and refuses it for another user', async () => {
    const reference = `OM-${unique()}`;
    const input = { reference, amountMinor: 7900, currency: 'XOF' as const, startAt: AT, endAt: YEAR_LATER };
    const results = await times(10, () => repo().markPaid({ ...input, userId: rival }));
    expect(results.every((r) => r?.userId === rival)).toBe(true);
    expect(await repo().markPaid({ ...input, userId: owner })).toBeNull();
    const key = `mobile-money:${reference}`;
    expect(await db().select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, key))).toHaveLength(
      1,
    );
    expect(await db().select().from(payments).where(eq(payments.providerPaymentId, key))).toEqual([
      expect.objectContaining({ userId: rival, amountMinor: 7900, currency: 'XOF', status: 'captured' }),
    ]);
  });
});
