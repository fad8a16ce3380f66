// The deal's moves (D-32..D-34), each one transaction: the deal's state, the post's status and the
// notices to the other side are written together. Every move is a conditional update on the state
// it leaves, so two concurrent moves cannot both happen; moves that depend on the post's other
// deals (confirming, requesting) first lock the post's row, so they take turns.
import {
  DEAL_GRAPH,
  DEAL_MOVES,
  fits,
  type Bilingual,
  type BookingUnit,
  type ContactAccess,
  type CurrencyCode,
  type Interval,
} from '@app/shared';
import { and, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deals, solutions, users } from '../../db/schema.js';
import type { DealRow } from './repository.js';
import {
  completeIn,
  from,
  heldOn,
  lockPost,
  tell,
  type NotificationRow,
  type Told,
} from './lifecycle-steps-repository.js';
import { dealClockRepository } from './lifecycle-clock-repository.js';

export interface NewRequest {
  solutionId: string;
  acceptorId: string;
  note: string | null;
  price: { currency: CurrencyCode; minor: number; usd: number; eur: number; xof: number } | null;
  booking: { unit: BookingUnit | null; interval: Interval; units: number } | null;
  contactAccess: ContactAccess;
  notice: Bilingual;
  /** D-32: the requester's limits, counted under the requester's lock. */
  limits: { since: Date; perDay: number; open: number };
  at: Date;
}

export type RequestResult =
  | { ok: true; deal: DealRow; ownerId: string; notified: NotificationRow[] }
  | { ok: false; why: 'not-available' | 'dates-full' | 'already-asked' }
  | { ok: false; why: 'per-day'; oldest: Date }
  | { ok: false; why: 'open' };

export function dealLifecycleRepository(db: Db) {
  return {
    ...dealClockRepository(db),

    /** D-32: a request on a listed post; the post stays listed. */
    async request(input: NewRequest): Promise<RequestResult> {
      return db.transaction(async (tx): Promise<RequestResult> => {
        // The requester's row, locked: two requests of one person are counted one after the other.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.acceptorId)).for('update');
        const recent = await tx
          .select({ at: deals.acceptedAt })
          .from(deals)
          .where(and(eq(deals.acceptorId, input.acceptorId), gte(deals.acceptedAt, input.limits.since)))
          .orderBy(deals.acceptedAt);
        if (recent.length >= input.limits.perDay) return { ok: false, why: 'per-day', oldest: recent[0]!.at };
        const [open] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(deals)
          .where(and(eq(deals.acceptorId, input.acceptorId), eq(deals.state, 'requested')));
        if (Number(open?.n ?? 0) >= input.limits.open) return { ok: false, why: 'open' };

        const post = await lockPost(tx, input.solutionId);
        if (!post || post.status !== 'Pending' || post.userId === input.acceptorId) {
          return { ok: false, why: 'not-available' };
        }
        const bookable = post.userRole === 'provideSolution' && post.unit !== null;
        if (bookable && input.booking && !fits(input.booking.interval, await heldOn(tx, post), post.capacity)) {
          return { ok: false, why: 'dates-full' };
        }
        const [asked] = await tx
          .select({ id: deals.id })
          .from(deals)
          .where(
            and(eq(deals.solutionId, post.id), eq(deals.acceptorId, input.acceptorId), eq(deals.state, 'requested')),
          );
        if (asked) return { ok: false, why: 'already-asked' };
        const [deal] = await tx
          .insert(deals)
          .values({
            solutionId: post.id,
            acceptorId: input.acceptorId,
            acceptedAt: input.at,
            state: 'requested',
            contactAccess: input.contactAccess,
            note: input.note,
            priceCurrency: input.price?.currency ?? null,
            priceMinor: input.price?.minor ?? null,
            priceUsd: input.price?.usd ?? null,
            priceEur: input.price?.eur ?? null,
            priceXof: input.price?.xof ?? null,
            unit: input.booking?.unit ?? null,
            fromAt: input.booking ? new Date(input.booking.interval.start) : null,
            toAt: input.booking ? new Date(input.booking.interval.end) : null,
            units: input.booking?.units ?? 1,
          })
          .returning();
        const notified = await tell(tx, post.id, [{ userId: post.userId, notice: input.notice }]);
        return { ok: true, deal: deal!, ownerId: post.userId, notified };
      });
    },

    /**
     * D-32, D-33: the owner confirms a request. A single-use post is taken and its other open
     * requests are declined (each told why); a booking must still fit the post's capacity.
     */
    async confirm(input: {
      dealId: string;
      ownerId: string;
      at: Date;
      contactAccess: ContactAccess;
      notice: Bilingual;
      declinedNotice: Bilingual;
    }): Promise<
      | { ok: true; deal: DealRow; declined: DealRow[]; notified: NotificationRow[] }
      | { ok: false; why: 'not-available' | 'dates-full' }
    > {
      return db.transaction(async (tx) => {
        const [found] = await tx.select({ solutionId: deals.solutionId }).from(deals).where(eq(deals.id, input.dealId));
        if (!found) return { ok: false as const, why: 'not-available' as const };
        const post = await lockPost(tx, found.solutionId);
        if (!post || post.userId !== input.ownerId || post.status !== 'Pending') {
          return { ok: false as const, why: 'not-available' as const };
        }
        const [deal] = await tx.select().from(deals).where(eq(deals.id, input.dealId));
        if (!deal || deal.state !== 'requested') return { ok: false as const, why: 'not-available' as const };
        // D-33: an offer priced per unit is booked by date and stays listed; a need (even one with
        // dates) is single-use: one supplier fills it.
        const bookable =
          post.userRole === 'provideSolution' && post.unit !== null && deal.fromAt !== null && deal.toAt !== null;
        if (bookable) {
          const wanted = { start: deal.fromAt!.getTime(), end: deal.toAt!.getTime() };
          if (!fits(wanted, await heldOn(tx, post, deal.id), post.capacity)) {
            return { ok: false as const, why: 'dates-full' as const };
          }
        }
        const [confirmed] = await tx
          .update(deals)
          .set({ state: DEAL_MOVES.confirm.to, confirmedAt: input.at, contactAccess: input.contactAccess })
          .where(and(eq(deals.id, deal.id), eq(deals.state, 'requested')))
          .returning();
        if (!confirmed) return { ok: false as const, why: 'not-available' as const };
        let declined: DealRow[] = [];
        if (!bookable) {
          await tx
            .update(solutions)
            .set({ status: DEAL_GRAPH.accept.to })
            .where(and(eq(solutions.id, post.id), inArray(solutions.status, [...DEAL_GRAPH.accept.from])));
          declined = await tx
            .update(deals)
            .set({ state: 'declined', endedAt: input.at, endedReason: 'chosen-other' })
            .where(and(eq(deals.solutionId, post.id), eq(deals.state, 'requested'), ne(deals.id, deal.id)))
            .returning();
        }
        const notified = await tell(tx, post.id, [
          { userId: deal.acceptorId, notice: input.notice },
          ...declined.map((d) => ({ userId: d.acceptorId, notice: input.declinedNotice })),
        ]);
        return { ok: true as const, deal: confirmed!, declined, notified };
      });
    },

    /**
     * A move that only changes this deal: decline, withdraw, expire (from `requested`), cancel and
     * lapse (from `accepted`; the post is listed again). Null when the deal is not in a state the
     * move leaves, or (cancel) a dispute froze it.
     */
    async end(input: {
      dealId: string;
      move: 'decline' | 'withdraw' | 'expire' | 'cancel' | 'lapse';
      at: Date;
      reason?: string | null;
      endedReason: string;
      told: readonly Told[];
    }): Promise<{ deal: DealRow; notified: NotificationRow[] } | null> {
      return db.transaction(async (tx) => {
        const [ended] = await tx
          .update(deals)
          .set({
            state: DEAL_MOVES[input.move].to,
            endedAt: input.at,
            endedReason: input.endedReason,
            ...(input.reason ? { reason: input.reason } : {}),
          })
          .where(
            and(
              eq(deals.id, input.dealId),
              inArray(deals.state, from(input.move)),
              // D-34: a dispute freezes the deal: neither a party nor the clock ends it, only an admin.
              input.move === 'cancel' || input.move === 'lapse' ? isNull(deals.disputedAt) : undefined,
              // A fee paid while the clock was deciding wins over the lapse.
              input.move === 'lapse' ? eq(deals.contactAccess, 'none') : undefined,
            ),
          )
          .returning();
        if (!ended) return null;
        if (input.move === 'cancel' || input.move === 'lapse') {
          // A single-use post is listed again; a booking frees its dates by ending.
          await tx
            .update(solutions)
            .set({ status: DEAL_GRAPH.reject.to })
            .where(
              and(
                eq(solutions.id, ended.solutionId),
                inArray(solutions.status, [...DEAL_GRAPH.reject.from]),
                isNull(solutions.deletedAt),
              ),
            );
        }
        return { deal: ended, notified: await tell(tx, ended.solutionId, input.told) };
      });
    },

    /**
     * D-34: a party marks the deal done. It is completed when both have, counting one more
     * completed deal for each. Null when not confirmed, or frozen by a dispute.
     */
    async markDone(input: {
      dealId: string;
      side: 'owner' | 'acceptor';
      byId: string;
      ownerId: string;
      at: Date;
      contactAccess: ContactAccess;
      told: (completed: boolean) => readonly Told[];
    }): Promise<{ deal: DealRow; completed: boolean; notified: NotificationRow[] } | null> {
      return db.transaction(async (tx) => {
        const column = input.side === 'owner' ? deals.doneOwnerAt : deals.doneAcceptorAt;
        const [marked] = await tx
          .update(deals)
          .set({
            ...(input.side === 'owner' ? { doneOwnerAt: input.at } : { doneAcceptorAt: input.at }),
            contactAccess: input.contactAccess,
          })
          .where(and(eq(deals.id, input.dealId), eq(deals.state, 'accepted'), isNull(deals.disputedAt), isNull(column)))
          .returning();
        if (!marked) return null;
        let deal = marked;
        const completed = marked.doneOwnerAt !== null && marked.doneAcceptorAt !== null;
        if (completed) deal = await completeIn(tx, marked, input.byId, input.at, input.ownerId);
        return { deal, completed, notified: await tell(tx, deal.solutionId, input.told(completed)) };
      });
    },

    /** D-34: either party freezes a confirmed deal until an admin settles it. */
    async dispute(input: { dealId: string; byId: string; at: Date; told: readonly Told[] }) {
      return db.transaction(async (tx) => {
        const [frozen] = await tx
          .update(deals)
          .set({ disputedAt: input.at, disputedBy: input.byId })
          .where(and(eq(deals.id, input.dealId), eq(deals.state, 'accepted'), isNull(deals.disputedAt)))
          .returning();
        if (!frozen) return null;
        return { deal: frozen, notified: await tell(tx, frozen.solutionId, input.told) };
      });
    },

    /** D-34: an admin ends a disputed deal, completed or cancelled. */
    async settle(input: {
      dealId: string;
      outcome: 'completed' | 'cancelled';
      adminId: string;
      ownerId: string;
      at: Date;
      told: readonly Told[];
    }) {
      return db.transaction(async (tx) => {
        const [deal] = await tx
          .select()
          .from(deals)
          .where(and(eq(deals.id, input.dealId), eq(deals.state, 'accepted'), isNotNull(deals.disputedAt)))
          .for('update');
        if (!deal) return null;
        let settled: DealRow;
        if (input.outcome === 'completed') {
          settled = await completeIn(tx, deal, input.adminId, input.at, input.ownerId);
        } else {
          [settled] = (await tx
            .update(deals)
            .set({ state: 'cancelled', endedAt: input.at, endedReason: 'settled' })
            .where(eq(deals.id, deal.id))
            .returning()) as [DealRow];
          await tx
            .update(solutions)
            .set({ status: DEAL_GRAPH.reject.to })
            .where(
              and(eq(solutions.id, deal.solutionId), eq(solutions.status, 'Accepted'), isNull(solutions.deletedAt)),
            );
        }
        return { deal: settled, notified: await tell(tx, deal.solutionId, input.told) };
      });
    },
    /** D-33: the owner's capacity and blocked dates. */
    async setAvailability(
      solutionId: string,
      ownerId: string,
      input: { capacity?: number; blocked?: { from: string; to: string }[] },
    ) {
      const [row] = await db
        .update(solutions)
        .set({
          ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
          ...(input.blocked !== undefined ? { blocked: input.blocked } : {}),
        })
        .where(and(eq(solutions.id, solutionId), eq(solutions.userId, ownerId), ne(solutions.status, 'Deleted')))
        .returning({ id: solutions.id });
      return row !== undefined;
    },

    /** D-33: every confirmed booking of a post, for its calendar (dates only). */
    async bookings(solutionId: string): Promise<Interval[]> {
      const rows = await db
        .select({ fromAt: deals.fromAt, toAt: deals.toAt })
        .from(deals)
        .where(and(eq(deals.solutionId, solutionId), inArray(deals.state, ['accepted']), isNotNull(deals.fromAt)));
      return rows.map((r) => ({ start: r.fromAt!.getTime(), end: r.toAt!.getTime() }));
    },
  };
}
export type DealLifecycleRepository = ReturnType<typeof dealLifecycleRepository>;
