// The deals data layer on both databases (D-23): completing by both parties, rating and
// disputing (D-34) under real concurrency (PostgreSQL runs a pool), the counts each person shows, the
// first-unread notice of a thread, and the pair's paid fee (D-27).
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase } from '../../../test/databases.js';
import { deals, notifications, solutions, users } from '../../db/schema.js';
import { dealLifecycleRepository } from './lifecycle-repository.js';
import { dealsRepository, type PartyDeal } from './repository.js';

const times = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
const told = (userId: string) => ({ userId, notice: { en: 'done', fr: 'fini' } });

describeEachDatabase('the deals repository', (database) => {
  const db = () => database().db;
  const repo = () => dealsRepository(db());
  const moves = () => dealLifecycleRepository(db());
  let owner: string;
  let acceptor: string;

  beforeAll(async () => {
    const rows = await db()
      .insert(users)
      .values(
        ['Ousmane', 'Khady'].map((firstName, i) => ({
          firstName,
          email: `${firstName.toLowerCase()}@example.org`,
          mobileNo: `+22177000020${i}`,
        })),
      )
      .returning({ id: users.id });
    [owner, acceptor] = rows.map((r) => r.id) as [string, string];
  }, DB_TIMEOUT_MS);

  /** An offer of the owner whose owner confirmed the acceptor's request (D-32): its deal, as the service reads it. */
  async function deal(contactAccess: 'none' | 'payment' = 'none'): Promise<PartyDeal> {
    const [post] = await db()
      .insert(solutions)
      .values({
        userId: owner,
        userRole: 'provideSolution',
        category: 'Equipments',
        subCategoryId: 'equipment-tractor',
        subCategoryEn: 'Tractor',
        subCategoryFr: 'Tracteur',
        priceUsd: 1500,
        priceEur: 1400,
        priceXof: 9000,
        description: 'Tractor for a day',
        location: { x: -17.45, y: 14.7 },
        status: 'Accepted',
      })
      .returning({ id: solutions.id });
    const [row] = await db()
      .insert(deals)
      .values({ solutionId: post!.id, acceptorId: acceptor, contactAccess, state: 'accepted', confirmedAt: new Date() })
      .returning({ id: deals.id });
    return (await repo().byId(row!.id))!;
  }

  const counts = async (id: string) => {
    const [row] = await db()
      .select({ completed: users.completedDeals, sum: users.ratingSum, n: users.ratingCount })
      .from(users)
      .where(eq(users.id, id));
    return row!;
  };

  /** D-34: one party marks the deal done (null when it cannot). */
  const markDone = (d: PartyDeal, side: 'owner' | 'acceptor', at = new Date()) =>
    moves().markDone({
      dealId: d.id,
      side,
      byId: side === 'owner' ? owner : acceptor,
      ownerId: owner,
      at,
      contactAccess: 'payment',
      told: () => [told(side === 'owner' ? acceptor : owner)],
    });

  it('completes a deal once when both parties mark it done under 10 concurrent calls each, counting it once for each', async () => {
    const before = await counts(owner);
    const d = await deal();
    const results = await times(10, (i) => markDone(d, i % 2 ? 'owner' : 'acceptor'));
    // Each side marks it once; the second mark completes it.
    expect(results.filter((r) => r !== null)).toHaveLength(2);
    expect(results.filter((r) => r?.completed)).toHaveLength(1);
    expect((await counts(owner)).completed).toBe(before.completed + 1);
    expect((await counts(acceptor)).completed).toBeGreaterThanOrEqual(1);
    expect((await repo().byId(d.id))?.state).toBe('completed');
    const notes = await db().select().from(notifications).where(eq(notifications.solutionId, d.solutionId));
    expect(notes).toHaveLength(2);
  });

  it('leaves a deal marked done by one party accepted until the other does (D-34)', async () => {
    const before = await counts(owner);
    const d = await deal();
    expect((await markDone(d, 'acceptor'))?.completed).toBe(false);
    expect(await markDone(d, 'acceptor')).toBeNull();
    const row = await repo().byId(d.id);
    expect([row?.state, row?.completedAt, row?.doneAcceptorAt]).toEqual(['accepted', null, expect.any(Date)]);
    expect((await counts(owner)).completed).toBe(before.completed);
  });

  it('keeps one review per party under 10 concurrent tries, and sums the rating once', async () => {
    const before = await counts(owner);
    const d = await deal();
    expect(await repo().review({ dealId: d.id, authorId: acceptor, subjectId: owner, rating: 5, text: null })).toBe(
      'not-completed',
    );
    await markDone(d, 'owner');
    expect(await repo().review({ dealId: d.id, authorId: acceptor, subjectId: owner, rating: 5, text: null })).toBe(
      'not-completed',
    );
    await markDone(d, 'acceptor');
    const results = await times(10, () =>
      repo().review({ dealId: d.id, authorId: acceptor, subjectId: owner, rating: 4, text: 'ok' }),
    );
    expect(results.filter((r) => typeof r === 'object')).toHaveLength(1);
    expect(results.filter((r) => r === 'exists')).toHaveLength(9);
    const after = await counts(owner);
    expect([after.sum - before.sum, after.n - before.n]).toEqual([4, 1]);
  });

  it('freezes a disputed deal: neither marking done nor the clock completes it, and a completed deal cannot be disputed (D-34)', async () => {
    const before = await counts(owner);
    const d = await deal();
    const at = new Date();
    await markDone(d, 'acceptor', at);
    const dispute = (byId: string) => moves().dispute({ dealId: d.id, byId, at: new Date(), told: [told(acceptor)] });
    const tries = await times(5, () => dispute(owner));
    expect(tries.filter((r) => r !== null)).toHaveLength(1);
    expect(await markDone(d, 'owner')).toBeNull();
    expect(await moves().completeByClock({ dealId: d.id, ownerId: owner, at: new Date(), told: [] })).toBeNull();
    const due = await moves().dueForCompletion(new Date(at.getTime() + 4 * 86_400_000), 1000);
    expect(due.map((r) => r.id)).not.toContain(d.id);
    const frozen = await repo().byId(d.id);
    expect([frozen?.state, frozen?.completedAt, frozen?.disputedBy]).toEqual(['accepted', null, owner]);
    expect((await counts(owner)).completed).toBe(before.completed);

    const done = await deal();
    await markDone(done, 'owner');
    await markDone(done, 'acceptor');
    expect(await moves().dispute({ dealId: done.id, byId: acceptor, at: new Date(), told: [] })).toBeNull();
    expect((await repo().byId(done.id))?.state).toBe('completed');
  });

  it('writes the first-unread notice once until the recipient reads the thread (D-28)', async () => {
    const d = await deal('payment');
    const send = (text: string) =>
      repo().addMessage({
        dealId: d.id,
        senderId: acceptor,
        recipientId: owner,
        text,
        notice: { en: 'new message', fr: 'nouveau message' },
        solutionId: d.solutionId,
      });
    expect((await send('one')).notified).not.toBeNull();
    expect((await send('two')).notified).toBeNull();
    expect(await repo().unreadTotal(owner)).toBeGreaterThanOrEqual(2);
    expect((await repo().unreadByDeal(owner, [d.id])).get(d.id)).toBe(2);
    expect(await repo().markRead(d.id, owner, new Date())).toBe(2);
    expect((await repo().unreadByDeal(owner, [d.id])).get(d.id)).toBeUndefined();
    expect((await send('three')).notified).not.toBeNull();
    const page = await repo().messages(d.id, undefined, 10);
    expect(page.map((m) => m.text)).toEqual(['one', 'two', 'three']);
  });

  it('remembers a fee paid for the pair after its deal ended (D-27)', async () => {
    const paid = await deal('payment');
    await db()
      .update(deals)
      .set({ state: 'cancelled', endedAt: new Date(), endedReason: 'cancelled' })
      .where(eq(deals.id, paid.id));
    expect(await repo().paidBefore(paid.solutionId, acceptor)).toBe(true);
    expect(await repo().paidBefore(paid.solutionId, owner)).toBe(false);
    const unpaid = await deal();
    expect(await repo().paidBefore(unpaid.solutionId, acceptor)).toBe(false);
  });
});
