// Deals (D-6): each write moves the post along the graph of packages/shared/src/deals.ts and
// writes the deal and the notification in the same transaction. The conditional updates make a
// concurrent double accept yield one deal: the second finds the post no longer Pending.
// Issue 15 (D-27 to D-29): reads of deals, people and reviews, a deal's messages, completing,
// disputing and rating. Each write that changes a person's shown counts (completed deals,
// rating) changes them in the same transaction.
import { DEAL_GRAPH, type Bilingual, type ContactAccess } from '@app/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dealMessages, dealReviews, deals, notifications, solutions, users } from '../../db/schema.js';

export type DealRow = typeof deals.$inferSelect;
export type MessageRow = typeof dealMessages.$inferSelect;
export type ReviewRow = typeof dealReviews.$inferSelect & { authorFirstName: string };
type NotificationRow = typeof notifications.$inferSelect;

/** A deal with the fields of its post that decide who is who. */
export interface PartyDeal extends DealRow {
  ownerId: string;
  userRole: (typeof solutions.$inferSelect)['userRole'];
}

export interface PersonRow {
  id: string;
  firstName: string;
  email: string | null;
  mobileNo: string | null;
  verified: boolean;
  vip: boolean;
  language: 'en' | 'fr';
  createdAt: Date;
  completedDeals: number;
  ratingSum: number;
  ratingCount: number;
}

/** A notice for one user. */
export interface Told {
  userId: string;
  notice: Bilingual;
}

const noticeRow = (told: Told, solutionId: string) => ({
  userId: told.userId,
  messageEn: told.notice.en,
  messageFr: told.notice.fr,
  solutionId,
});

const partyColumns = {
  deal: deals,
  ownerId: solutions.userId,
  userRole: solutions.userRole,
};

const toParty = (r: { deal: DealRow; ownerId: string; userRole: PartyDeal['userRole'] }): PartyDeal => ({
  ...r.deal,
  ownerId: r.ownerId,
  userRole: r.userRole,
});

/**
 * D-6: the one way a post is taken, for a free accept (accept below) and a paid one (payments'
 * settle): the post moves along DEAL_GRAPH.accept and its deal is written. Run in the caller's
 * transaction (`tx`), with whatever else belongs to the taking. Null when the post is not open, or
 * is the acceptor's own: the conditional update lets one of two concurrent takers win.
 */
export async function takePost(
  tx: Db,
  input: { solutionId: string; acceptorId: string; contactAccess: ContactAccess },
): Promise<{ deal: DealRow; ownerId: string } | null> {
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
  return { deal: deal!, ownerId: taken.ownerId };
}

export function dealsRepository(db: Db) {
  return {
    /** Null when the post is not open, or is the acceptor's own. */
    async accept(input: { solutionId: string; acceptorId: string; contactAccess: ContactAccess; notice: Bilingual }) {
      return db.transaction(async (tx) => {
        const taken = await takePost(tx, input);
        if (!taken) return null;
        const [notified] = await tx
          .insert(notifications)
          .values({
            userId: taken.ownerId,
            messageEn: input.notice.en,
            messageFr: input.notice.fr,
            solutionId: input.solutionId,
          })
          .returning();
        return { deal: taken.deal, notified: notified!, ownerId: taken.ownerId };
      });
    },

    /** The acceptor drops the order: the deal ends and the post is open again. Null when no such order. */
    async reject(input: { solutionId: string; acceptorId: string; notice: Bilingual }) {
      return db.transaction(async (tx) => {
        const [ended] = await tx
          .update(deals)
          .set({ endedAt: new Date(), endedReason: 'rejected' })
          .where(
            and(
              eq(deals.solutionId, input.solutionId),
              eq(deals.acceptorId, input.acceptorId),
              isNull(deals.endedAt),
              // D-29: a completed deal is not cancelled any more.
              isNull(deals.completedAt),
            ),
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

    async byId(dealId: string): Promise<PartyDeal | undefined> {
      const [row] = await db
        .select(partyColumns)
        .from(deals)
        .innerJoin(solutions, eq(solutions.id, deals.solutionId))
        .where(eq(deals.id, dealId));
      return row ? toParty(row) : undefined;
    },

    /** The deals of `userId`, on both sides, newest first. */
    async listFor(userId: string, status: 'accepted' | 'completed' | 'cancelled' | undefined, limit: number) {
      const byStatus: SQL | undefined =
        status === 'cancelled'
          ? isNotNull(deals.endedAt)
          : status === 'completed'
            ? and(isNull(deals.endedAt), isNotNull(deals.completedAt))
            : status === 'accepted'
              ? and(isNull(deals.endedAt), isNull(deals.completedAt))
              : undefined;
      const rows = await db
        .select(partyColumns)
        .from(deals)
        .innerJoin(solutions, eq(solutions.id, deals.solutionId))
        .where(and(or(eq(solutions.userId, userId), eq(deals.acceptorId, userId)), byStatus))
        .orderBy(desc(deals.acceptedAt), desc(deals.id))
        .limit(limit);
      return rows.map(toParty);
    },

    /** D-27: whether a fee was paid for this pair (post, acceptor), on any of its deals. */
    async paidBefore(solutionId: string, acceptorId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: deals.id })
        .from(deals)
        .where(
          and(eq(deals.solutionId, solutionId), eq(deals.acceptorId, acceptorId), eq(deals.contactAccess, 'payment')),
        )
        .limit(1);
      return row !== undefined;
    },

    async people(ids: string[]): Promise<Map<string, PersonRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          email: users.email,
          mobileNo: users.mobileNo,
          verified: users.verified,
          vip: users.vip,
          language: users.language,
          createdAt: users.createdAt,
          completedDeals: users.completedDeals,
          ratingSum: users.ratingSum,
          ratingCount: users.ratingCount,
        })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Unread messages per deal, written by the other party of `readerId`. */
    async unreadByDeal(readerId: string, dealIds: string[]): Promise<Map<string, number>> {
      if (dealIds.length === 0) return new Map();
      const rows = await db
        .select({ dealId: dealMessages.dealId, n: sql<number>`count(*)::int` })
        .from(dealMessages)
        .where(
          and(inArray(dealMessages.dealId, dealIds), ne(dealMessages.senderId, readerId), isNull(dealMessages.readAt)),
        )
        .groupBy(dealMessages.dealId);
      return new Map(rows.map((r) => [r.dealId, Number(r.n)]));
    },

    /** D-28: every unread message from the other parties of `userId`'s deals (the header's badge). */
    async unreadTotal(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(dealMessages)
        .innerJoin(deals, eq(deals.id, dealMessages.dealId))
        .innerJoin(solutions, eq(solutions.id, deals.solutionId))
        .where(
          and(
            or(eq(solutions.userId, userId), eq(deals.acceptorId, userId)),
            ne(dealMessages.senderId, userId),
            isNull(dealMessages.readAt),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** A page of a deal's thread, oldest first, after the (created_at, id) cursor. */
    async messages(dealId: string, after: { created: string; id: string } | undefined, limit: number) {
      return db
        .select()
        .from(dealMessages)
        .where(
          and(
            eq(dealMessages.dealId, dealId),
            after
              ? sql`(${dealMessages.createdAt}, ${dealMessages.id}) > (${after.created}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(dealMessages.createdAt), asc(dealMessages.id))
        .limit(limit);
    },

    /** created_at as PostgreSQL text (exact to the microsecond), for the thread's cursor. */
    async createdKey(messageId: string): Promise<string> {
      const [row] = await db
        .select({ key: sql<string>`${dealMessages.createdAt}::text` })
        .from(dealMessages)
        .where(eq(dealMessages.id, messageId));
      return row!.key;
    },

    /** The messages of the other party that `readerId` has now read. */
    async markRead(dealId: string, readerId: string, at: Date): Promise<number> {
      const rows = await db
        .update(dealMessages)
        .set({ readAt: at })
        .where(and(eq(dealMessages.dealId, dealId), ne(dealMessages.senderId, readerId), isNull(dealMessages.readAt)))
        .returning({ id: dealMessages.id });
      return rows.length;
    },

    /**
     * D-28: stores a message; when it is the first one the recipient has not read on this deal, the
     * notice is written in the same transaction (the caller delivers it, and the SMS, after commit).
     */
    async addMessage(input: {
      dealId: string;
      senderId: string;
      recipientId: string;
      text: string;
      notice: Bilingual;
      solutionId: string;
    }): Promise<{ message: MessageRow; notified: NotificationRow | null }> {
      return db.transaction(async (tx) => {
        const [waiting] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(dealMessages)
          .where(
            and(
              eq(dealMessages.dealId, input.dealId),
              eq(dealMessages.senderId, input.senderId),
              isNull(dealMessages.readAt),
            ),
          );
        const [message] = await tx
          .insert(dealMessages)
          .values({ dealId: input.dealId, senderId: input.senderId, text: input.text })
          .returning();
        let notified: NotificationRow | null = null;
        if (Number(waiting?.n ?? 0) === 0) {
          const [row] = await tx
            .insert(notifications)
            .values(noticeRow({ userId: input.recipientId, notice: input.notice }, input.solutionId))
            .returning();
          notified = row ?? null;
        }
        return { message: message!, notified };
      });
    },

    /** D-29: Accepted → Completed, once; both parties count one more completed deal. False when not accepted. */
    async complete(deal: PartyDeal, byId: string, at: Date, told: Told): Promise<NotificationRow | null> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(deals)
          .set({ completedAt: at, completedBy: byId })
          .where(and(eq(deals.id, deal.id), isNull(deals.endedAt), isNull(deals.completedAt)))
          .returning({ id: deals.id });
        if (done.length === 0) return null;
        await tx
          .update(users)
          .set({ completedDeals: sql`${users.completedDeals} + 1` })
          .where(inArray(users.id, [deal.ownerId, deal.acceptorId]));
        const [notified] = await tx.insert(notifications).values(noticeRow(told, deal.solutionId)).returning();
        return notified!;
      });
    },

    /**
     * D-29: the other party disputes a completion made since `since`: the deal is accepted again,
     * the completed-deal counts go back and the deal's ratings are withdrawn. False when not allowed.
     */
    async dispute(deal: PartyDeal, byId: string, since: Date, at: Date, told: Told): Promise<NotificationRow | null> {
      return db.transaction(async (tx) => {
        const undone = await tx
          .update(deals)
          .set({ completedAt: null, completedBy: null, disputedAt: at })
          .where(
            and(
              eq(deals.id, deal.id),
              isNull(deals.endedAt),
              gt(deals.completedAt, since),
              or(isNull(deals.completedBy), ne(deals.completedBy, byId)),
            ),
          )
          .returning({ id: deals.id });
        if (undone.length === 0) return null;
        await tx
          .update(users)
          .set({ completedDeals: sql`greatest(${users.completedDeals} - 1, 0)` })
          .where(inArray(users.id, [deal.ownerId, deal.acceptorId]));
        const withdrawn = await tx
          .delete(dealReviews)
          .where(eq(dealReviews.dealId, deal.id))
          .returning({ subjectId: dealReviews.subjectId, rating: dealReviews.rating });
        for (const r of withdrawn) {
          await tx
            .update(users)
            .set({
              ratingSum: sql`greatest(${users.ratingSum} - ${r.rating}, 0)`,
              ratingCount: sql`greatest(${users.ratingCount} - 1, 0)`,
            })
            .where(eq(users.id, r.subjectId));
        }
        const [notified] = await tx.insert(notifications).values(noticeRow(told, deal.solutionId)).returning();
        return notified!;
      });
    },

    /**
     * D-29: one rating per party of a completed deal. 'not-completed' when the deal is not (or no
     * longer) completed, 'exists' when this party already rated it.
     */
    async review(input: {
      dealId: string;
      authorId: string;
      subjectId: string;
      rating: number;
      text: string | null;
    }): Promise<ReviewRow | 'not-completed' | 'exists'> {
      return db.transaction(async (tx) => {
        // Locked, so a dispute cannot slip between the check and the insert.
        const [deal] = await tx
          .select({ completedAt: deals.completedAt, endedAt: deals.endedAt })
          .from(deals)
          .where(eq(deals.id, input.dealId))
          .for('update');
        if (!deal?.completedAt || deal.endedAt) return 'not-completed';
        const [created] = await tx
          .insert(dealReviews)
          .values({
            dealId: input.dealId,
            authorId: input.authorId,
            subjectId: input.subjectId,
            rating: input.rating,
            text: input.text,
          })
          .onConflictDoNothing()
          .returning();
        if (!created) return 'exists';
        await tx
          .update(users)
          .set({ ratingSum: sql`${users.ratingSum} + ${input.rating}`, ratingCount: sql`${users.ratingCount} + 1` })
          .where(eq(users.id, input.subjectId));
        const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, input.authorId));
        return { ...created, authorFirstName: me?.firstName ?? '' };
      });
    },

    /** The reviews `authorId` wrote on these deals. */
    async reviewsBy(authorId: string, dealIds: string[]): Promise<Map<string, ReviewRow>> {
      if (dealIds.length === 0) return new Map();
      const rows = await db
        .select({ review: dealReviews, authorFirstName: users.firstName })
        .from(dealReviews)
        .innerJoin(users, eq(users.id, dealReviews.authorId))
        .where(and(eq(dealReviews.authorId, authorId), inArray(dealReviews.dealId, dealIds)));
      return new Map(rows.map((r) => [r.review.dealId, { ...r.review, authorFirstName: r.authorFirstName }]));
    },

    /** The latest reviews of a person, newest first. */
    async reviewsOf(subjectId: string, limit: number): Promise<ReviewRow[]> {
      const rows = await db
        .select({ review: dealReviews, authorFirstName: users.firstName })
        .from(dealReviews)
        .innerJoin(users, eq(users.id, dealReviews.authorId))
        .where(eq(dealReviews.subjectId, subjectId))
        .orderBy(desc(dealReviews.createdAt), desc(dealReviews.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.review, authorFirstName: r.authorFirstName }));
    },
  };
}
export type DealsRepository = ReturnType<typeof dealsRepository>;
