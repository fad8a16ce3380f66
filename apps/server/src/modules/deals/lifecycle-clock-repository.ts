// The clock's reads and moves (D-32, D-33, D-34), and the end of a deleted account's deals.
import { DEAL_GRAPH } from '@app/shared';
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deals, solutions } from '../../db/schema.js';
import type { DealRow } from './repository.js';
import { completeIn, tell, type Told } from './lifecycle-steps-repository.js';

export function dealClockRepository(db: Db) {
  return {
    /** D-34: one party marked it done at least `before`, the other neither did nor disputed. */
    async dueForCompletion(before: Date, limit: number): Promise<DealRow[]> {
      return db
        .select()
        .from(deals)
        .where(
          and(
            eq(deals.state, 'accepted'),
            isNull(deals.disputedAt),
            or(lte(deals.doneOwnerAt, before), lte(deals.doneAcceptorAt, before)),
          ),
        )
        .limit(limit);
    },

    /** D-34: completed by the clock; null when something else moved it first. */
    async completeByClock(input: { dealId: string; ownerId: string; at: Date; told: readonly Told[] }) {
      return db.transaction(async (tx) => {
        const [deal] = await tx
          .select()
          .from(deals)
          .where(and(eq(deals.id, input.dealId), eq(deals.state, 'accepted'), isNull(deals.disputedAt)))
          .for('update');
        if (!deal || (deal.doneOwnerAt === null && deal.doneAcceptorAt === null)) return null;
        const done = await completeIn(tx, deal, null, input.at, input.ownerId);
        return { deal: done, notified: await tell(tx, deal.solutionId, input.told) };
      });
    },

    /** Requests made before `before` that nobody answered (D-32: 7 days). */
    async unansweredSince(before: Date, limit: number): Promise<DealRow[]> {
      return db
        .select()
        .from(deals)
        .where(and(eq(deals.state, 'requested'), lt(deals.acceptedAt, before)))
        .limit(limit);
    },

    /** Confirmed deals without contact access nor dispute, confirmed before `before` (D-15 revised: 48 hours). */
    async unpaidSince(before: Date, limit: number): Promise<DealRow[]> {
      // D-34: a disputed deal is frozen; left out, it never fills a batch the clock cannot move.
      const due = and(
        eq(deals.state, 'accepted'),
        eq(deals.contactAccess, 'none'),
        isNull(deals.disputedAt),
        lt(deals.confirmedAt, before),
      );
      return db.select().from(deals).where(due).limit(limit);
    },

    /** D-33: confirmed bookings starting between now and `until`, not reminded yet; marks them reminded. */
    async remindersDue(now: Date, until: Date, limit: number): Promise<DealRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: deals.id })
          .from(deals)
          .where(
            and(
              eq(deals.state, 'accepted'),
              isNull(deals.remindedAt),
              isNotNull(deals.fromAt),
              gte(deals.fromAt, now),
              lte(deals.fromAt, until),
            ),
          )
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(deals)
          .set({ remindedAt: now })
          .where(
            and(
              inArray(
                deals.id,
                due.map((d) => d.id),
              ),
              isNull(deals.remindedAt),
            ),
          )
          .returning();
      });
    },

    /** Writes notices outside a move (the reminders). */
    async notify(solutionId: string, told: readonly Told[]) {
      return tell(db, solutionId, told);
    },

    /**
     * D-34: an account is deleted. Its open requests are withdrawn and the requests on its posts
     * declined; its confirmed deals (either side) are cancelled, and single-use posts it had taken
     * are listed again. Returns the deals ended, for the notices.
     */
    async endForAccount(userId: string, at: Date): Promise<DealRow[]> {
      return db.transaction(async (tx) => {
        const own = tx.select({ id: solutions.id }).from(solutions).where(eq(solutions.userId, userId));
        const withdrawn = await tx
          .update(deals)
          .set({ state: 'withdrawn', endedAt: at, endedReason: 'account-deleted' })
          .where(and(eq(deals.acceptorId, userId), eq(deals.state, 'requested')))
          .returning();
        const declined = await tx
          .update(deals)
          .set({ state: 'declined', endedAt: at, endedReason: 'account-deleted' })
          .where(and(inArray(deals.solutionId, own), eq(deals.state, 'requested')))
          .returning();
        const cancelled = await tx
          .update(deals)
          .set({ state: 'cancelled', endedAt: at, endedReason: 'account-deleted' })
          .where(and(eq(deals.state, 'accepted'), or(eq(deals.acceptorId, userId), inArray(deals.solutionId, own))))
          .returning();
        const taken = cancelled.filter((d) => d.acceptorId === userId).map((d) => d.solutionId);
        if (taken.length > 0) {
          await tx
            .update(solutions)
            .set({ status: DEAL_GRAPH.reject.to })
            .where(and(inArray(solutions.id, taken), eq(solutions.status, 'Accepted'), isNull(solutions.deletedAt)));
        }
        return [...withdrawn, ...declined, ...cancelled];
      });
    },
  };
}
