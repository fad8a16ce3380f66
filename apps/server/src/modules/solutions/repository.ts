// Posts: one repository made of its use cases (write-repository, list-repository,
// search-repository; the row they share in post-rows), and the small reads about a post's deals,
// images, visits and subscriptions. Positions are answered by the GiST index (D-5).
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { RunningSubscription } from '../entitlements/service.js';
import { deals, solutionImages, subscriptions, users, visits } from '../../db/schema.js';
import { postReads } from './list-repository.js';
import type { ImageRow } from './post-rows-repository.js';
import { postSearches } from './search-repository.js';
import { postWrites } from './write-repository.js';

export function solutionsRepository(db: Db) {
  return {
    ...postWrites(db),
    ...postReads(db),
    ...postSearches(db),

    /** D-32, D-33: what a post's page shows about its deals to one viewer. */
    async dealFacts(solutionId: string, viewerId: string) {
      const [open] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(deals)
        .where(and(eq(deals.solutionId, solutionId), eq(deals.state, 'requested')));
      const [mine] = await db
        .select({ id: deals.id, state: deals.state })
        .from(deals)
        .where(and(eq(deals.solutionId, solutionId), eq(deals.acceptorId, viewerId), isNull(deals.endedAt)))
        .orderBy(desc(deals.acceptedAt))
        .limit(1);
      const booked = await db
        .select({ fromAt: deals.fromAt, toAt: deals.toAt })
        .from(deals)
        .where(and(eq(deals.solutionId, solutionId), eq(deals.state, 'accepted'), isNotNull(deals.fromAt)));
      return {
        requestCount: Number(open?.n ?? 0),
        myDeal: mine,
        bookings: booked.map((b) => ({ start: b.fromAt!.getTime(), end: b.toAt!.getTime() })),
      };
    },

    async images(solutionIds: string[]): Promise<ImageRow[]> {
      if (solutionIds.length === 0) return [];
      return db
        .select({
          solutionId: solutionImages.solutionId,
          fullKey: solutionImages.fullKey,
          thumbKey: solutionImages.thumbKey,
        })
        .from(solutionImages)
        .where(inArray(solutionImages.solutionId, solutionIds))
        .orderBy(asc(solutionImages.solutionId), asc(solutionImages.position));
    },

    /** D-14, D-32: `acceptorId`'s confirmed deal on a post, if any. */
    async liveDeal(solutionId: string, acceptorId: string) {
      const [deal] = await db
        .select()
        .from(deals)
        .where(
          and(
            eq(deals.solutionId, solutionId),
            eq(deals.acceptorId, acceptorId),
            inArray(deals.state, ['accepted', 'completed']),
          ),
        )
        .limit(1);
      return deal;
    },

    /** D-13, D-14 (a): the kind of subscription running right now ('trial' or 'yearly'), or null. */
    async activeSubscription(userId: string, now: Date): Promise<RunningSubscription> {
      const [row] = await db
        .select({ kind: subscriptions.kind })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            // A cancelled subscription keeps the period already paid for.
            inArray(subscriptions.status, ['active', 'cancelled']),
            sql`${subscriptions.endAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .limit(1);
      return row?.kind ?? null;
    },

    async contactOf(userId: string) {
      const [row] = await db
        .select({ firstName: users.firstName, mobile: users.mobileNo, language: users.language })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row;
    },

    /** D-32: open requests per post (My Offers' "Requests (n)"). */
    async requestCounts(solutionIds: string[]): Promise<Map<string, number>> {
      if (solutionIds.length === 0) return new Map();
      const rows = await db
        .select({ id: deals.solutionId, n: sql<number>`count(*)::int` })
        .from(deals)
        .where(and(inArray(deals.solutionId, solutionIds), eq(deals.state, 'requested')))
        .groupBy(deals.solutionId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
    /** Visits per post, for the owner's list. */
    async visitCounts(solutionIds: string[]): Promise<Map<string, number>> {
      if (solutionIds.length === 0) return new Map();
      const rows = await db
        .select({ id: visits.solutionId, n: sql<number>`count(*)::int` })
        .from(visits)
        .where(inArray(visits.solutionId, solutionIds))
        .groupBy(visits.solutionId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
  };
}
export type SolutionsRepository = ReturnType<typeof solutionsRepository>;
