// The deals data layer of issue 15 on both databases (D-23): completing, rating and disputing
// under real concurrency (PostgreSQL runs a pool), the counts each person shows, the first-unread
// notice of a thread, and the pair's paid fee (D-27).
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase } from '../../../test/databases.js';
import { deals, notifications, solutions, users } from '../../db/schema.js';
import { dealsRepository, type PartyDeal } from './repository.js';

const times = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
const told = (userId: string) => ({ userId, notice: { en: 'done', fr: 'fini' } });

describeEachDatabase('the deals repository (issue 15)', (database) => {
  const db = () => database().db;
  const repo = () => dealsRepository(db());
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

  /** An offer of the owner taken by the acceptor: its deal, as the service reads it. */
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
      .values({ solutionId: post!.id, acceptorId: acceptor, contactAccess })
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

  it('completes a deal once under 10 concurrent calls, counting it once for each party', async () => {
    const before = await counts(owner);
    const d = await deal();
    const results = await times(10, (i) => repo().complete(d, i % 2 ? owner : acceptor, new Date(), told(owner)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await counts(owner)).completed).toBe(before.completed + 1);
    const notes = await db().select().from(notifications).where(eq(notifications.solutionId, d.solutionId));
    expect(notes).toHaveLength(1);
  });

  it('keeps one review per party under 10 concurrent tries, and sums the rating once', async () => {
    const before = await counts(owner);
    const d = await deal();
    expect(await repo().review({ dealId: d.id, authorId: acceptor, subjectId: owner, rating: 5, text: null })).toBe(
      'not-completed',
    );
    await repo().complete(d, owner, new Date(), told(acceptor));
    const results = await times(10, () =>
      repo().review({ dealId: d.id, authorId: acceptor, subjectId: owner, rating: 4, text: 'ok' }),
    );
    expect(results.filter((r) => typeof r === 'object')).toHaveLength(1);
    expect(results.filter((r) => r === 'exists')).toHaveLength(9);
    const after = await counts(owner);
    expect([after.sum - before.sum, after.n - before.n]).toEqual([4, 1]);
  });

  it('undoes a completion disputed in time: counts and ratings withdrawn; never by the completer', async () => {
    const d = await deal();
    const at = new Date();
    await repo().complete(d, acceptor, at, told(owner));
    await repo().review({ dealId: d.id, authorId: acceptor, subjectId: owner, rating: 2, text: null });
    const before = await counts(owner);
    const since = new Date(at.getTime() - 7 * 86_400_000);
    expect(await repo().dispute(d, acceptor, since, new Date(), told(owner))).toBeNull();
    expect(await repo().dispute(d, owner, new Date(at.getTime() + 1), new Date(), told(acceptor))).toBeNull();
    expect(await repo().dispute(d, owner, since, new Date(), told(acceptor))).not.toBeNull();
    const after = await counts(owner);
    expect([before.completed - after.completed, before.sum - after.sum, before.n - after.n]).toEqual([1, 2, 1]);
    expect((await repo().byId(d.id))?.completedAt).toBeNull();
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
    await db().update(deals).set({ endedAt: new Date(), endedReason: 'rejected' }).where(eq(deals.id, paid.id));
    expect(await repo().paidBefore(paid.solutionId, acceptor)).toBe(true);
    expect(await repo().paidBefore(paid.solutionId, owner)).toBe(false);
    const unpaid = await deal();
    expect(await repo().paidBefore(unpaid.solutionId, acceptor)).toBe(false);
  });
});
