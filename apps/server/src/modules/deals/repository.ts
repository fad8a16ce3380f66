// Deals (D-6): each write moves the post along the graph of packages/shared/src/deals.ts and
// writes the deal and the notification in the same transaction. The conditional updates make a
// concurrent double accept yield one deal: the second finds the post no longer Pending.
import { DEAL_GRAPH, type Bilingual } from '@app/shared';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deals, notifications, solutions } from '../../db/schema.js';

type ContactAccess = (typeof deals.$inferInsert)['contactAccess'];

export function dealsRepository(db: Db) {
  return {
    /** Null when the post is not open, or is the acceptor's own. */
    async accept(input: { solutionId: string; acceptorId: string; contactAccess: ContactAccess; notice: Bilingual }) {
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .update(solutions)
          .set({ status: DEAL_GRAPH.accept.to })
          .where(
            and(
              eq(solutions.id, input.solutionId),
              inArray(solutions.status, [...DEAL_GRAPH.accept.from]),
              ne(solutions.userId, input.acceptorId),
            ),
          )
          .returning({ ownerId: solutions.userId });
        if (!taken) return null;
        const [deal] = await tx
          .insert(deals)
          .values({ solutionId: input.solutionId, acceptorId: input.acceptorId, contactAccess: input.contactAccess })
          .returning();
        const [notified] = await tx
          .insert(notifications)
          .values({
            userId: taken.ownerId,
            messageEn: input.notice.en,
            messageFr: input.notice.fr,
            solutionId: input.solutionId,
          })
          .returning();
        return { deal: deal!, notified: notified!, ownerId: taken.ownerId };
      });
    },

    /** The acceptor drops the order: the deal ends and the post is open again. Null when no such order. */
    async reject(input: { solutionId: string; acceptorId: string; notice: Bilingual }) {
      return db.transaction(async (tx) => {
        const [ended] = await tx
          .update(deals)
          .set({ endedAt: new Date(), endedReason: 'rejected' })
          .where(
            and(eq(deals.solutionId, input.solutionId), eq(deals.acceptorId, input.acceptorId), isNull(deals.endedAt)),
          )
          .returning({ id: deals.id });
        if (!ended) return null;
        const [reopened] = await tx
          .update(solutions)
          .set({ status: DEAL_GRAPH.reject.to })
          .where(and(eq(solutions.id, input.solutionId), inArray(solutions.status, [...DEAL_GRAPH.reject.from])))
          .returning({ ownerId: solutions.userId });
        if (!reopened) return null;
        const [notified] = await tx
          .insert(notifications)
          .values({
            userId: reopened.ownerId,
            messageEn: input.notice.en,
            messageFr: input.notice.fr,
            solutionId: input.solutionId,
          })
          .returning();
        return { notified: notified! };
      });
    },
  };
}
export type DealsRepository = ReturnType<typeof dealsRepository>;
