// Reads of deals, people and reviews, a deal's messages, and rating (D-27 to D-29, D-34). The
// deal's moves are lifecycle-repository.ts. A write that changes a person's shown counts
// (rating) changes them in the same transaction.
import { type Bilingual, type DealState } from '@app/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
  deletedAt: Date | null;
  /** D-38: the payer's currency follows the country. */
  country: string | null;
}

/** A notice for one user. */
export interface Told {
  userId: string;
  notice: Bilingual;
}

const noticeRow = (told: Told, solutionId: string, dealId: string) => ({
  userId: told.userId,
  messageEn: told.notice.en,
  messageFr: told.notice.fr,
  solutionId,
  dealId,
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

export function dealsRepository(db: Db) {
  return {
    async byId(dealId: string): Promise<PartyDeal | undefined> {
      const [row] = await db
        .select(partyColumns)
        .from(deals)
        .innerJoin(solutions, eq(solutions.id, deals.solutionId))
        .where(eq(deals.id, dealId));
      return row ? toParty(row) : undefined;
    },

    /** The deals of `userId`, on both sides, newest first. */
    async listFor(userId: string, status: DealState | undefined, limit: number) {
      const rows = await db
        .select(partyColumns)
        .from(deals)
        .innerJoin(solutions, eq(solutions.id, deals.solutionId))
        .where(
          and(
            or(eq(solutions.userId, userId), eq(deals.acceptorId, userId)),
            status ? eq(deals.state, status) : undefined,
          ),
        )
        .orderBy(desc(deals.acceptedAt), desc(deals.id))
        .limit(limit);
      return rows.map(toParty);
    },

    /** D-32: the deals on one post, open requests first, then newest first. */
    async onPost(solutionId: string, limit: number) {
      const rows = await db
        .select(partyColumns)
        .from(deals)
        .innerJoin(solutions, eq(solutions.id, deals.solutionId))
        .where(eq(deals.solutionId, solutionId))
        .orderBy(sql`(${deals.state} = 'requested') desc`, desc(deals.acceptedAt), desc(deals.id))
        .limit(limit);
      return rows.map(toParty);
    },

    /** Where each of these users last posted (their latest post not deleted), for distances. */
    async lastPostedAt(userIds: string[]): Promise<Map<string, { lat: number; lng: number }>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([solutions.userId], {
          userId: solutions.userId,
          lng: sql<number>`${solutions.location}[0]`,
          lat: sql<number>`${solutions.location}[1]`,
        })
        .from(solutions)
        .where(and(inArray(solutions.userId, [...new Set(userIds)]), ne(solutions.status, 'Deleted')))
        .orderBy(solutions.userId, desc(solutions.createdAt));
      return new Map(rows.map((r) => [r.userId, { lat: Number(r.lat), lng: Number(r.lng) }]));
    },

    /** D-15 revised: the confirmed deals on a post, oldest first (what a fee can pay for). */
    async confirmedOn(solutionId: string) {
      return db
        .select()
        .from(deals)
        .where(and(eq(deals.solutionId, solutionId), eq(deals.state, 'accepted')))
        .orderBy(asc(deals.confirmedAt));
    },

    /** The acceptor's requested or confirmed deal on a post. */
    async liveDealOf(solutionId: string, acceptorId: string) {
      const [row] = await db
        .select({ id: deals.id, state: deals.state })
        .from(deals)
        .where(
          and(
            eq(deals.solutionId, solutionId),
            eq(deals.acceptorId, acceptorId),
            inArray(deals.state, ['requested', 'accepted']),
          ),
        )
        .orderBy(desc(deals.acceptedAt))
        .limit(1);
      return row;
    },

    /** D-34: deals frozen by a dispute, oldest first, with both parties' first names and the post's title. */
    async disputed() {
      const owner = alias(users, 'owner');
      const acceptor = alias(users, 'acceptor');
      const rows = await db
        .select({
          id: deals.id,
          solutionId: deals.solutionId,
          title: solutions.title,
          subEn: solutions.subCategoryEn,
          subFr: solutions.subCategoryFr,
          ownerId: owner.id,
          ownerName: owner.firstName,
          acceptorId: acceptor.id,
          acceptorName: acceptor.firstName,
          disputedBy: deals.disputedBy,
          disputedAt: deals.disputedAt,
        })
        .from(deals)
        .innerJoin(solutions, eq(solutions.id, deals.solutionId))
        .innerJoin(owner, eq(owner.id, solutions.userId))
        .innerJoin(acceptor, eq(acceptor.id, deals.acceptorId))
        .where(and(eq(deals.state, 'accepted'), isNotNull(deals.disputedAt)))
        .orderBy(asc(deals.disputedAt))
        .limit(200);
      return rows.map((r) => ({
        id: r.id,
        solutionId: r.solutionId,
        title: { en: r.title ?? r.subEn, fr: r.title ?? r.subFr },
        owner: { id: r.ownerId, firstName: r.ownerName },
        acceptor: { id: r.acceptorId, firstName: r.acceptorName },
        disputedBy: r.disputedBy,
        disputedAt: r.disputedAt!,
      }));
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
          deletedAt: users.deletedAt,
          country: users.country,
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

    /**
     * The messages of the other party that `readerId` has now read, and the mailbox's notices of
     * them (D-28): the thread read, the bell no longer counts them.
     */
    async markRead(dealId: string, readerId: string, at: Date): Promise<number> {
      const rows = await db
        .update(dealMessages)
        .set({ readAt: at })
        .where(and(eq(dealMessages.dealId, dealId), ne(dealMessages.senderId, readerId), isNull(dealMessages.readAt)))
        .returning({ id: dealMessages.id });
      await db
        .update(notifications)
        .set({ read: true })
        .where(
          and(eq(notifications.dealId, dealId), eq(notifications.userId, readerId), eq(notifications.read, false)),
        );
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
            .values(noticeRow({ userId: input.recipientId, notice: input.notice }, input.solutionId, input.dealId))
            .returning();
          notified = row ?? null;
        }
        return { message: message!, notified };
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
          .select({ completedAt: deals.completedAt, state: deals.state })
          .from(deals)
          .where(eq(deals.id, input.dealId))
          .for('update');
        if (!deal?.completedAt || deal.state !== 'completed') return 'not-completed';
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
