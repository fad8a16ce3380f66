// D-32..D-34: the owner chooses. A request leaves the post listed; the owner confirms or declines;
// the requester may withdraw; either party may cancel before completion; each party marks it done;
// a dispute freezes it until an admin settles it; the clock expires, lapses, completes and reminds.
// Every move reaches the other side at once: the mailbox (and its live stream and push) and an
// SMS in their language.
import {
  OPEN_REQUESTS_MAX,
  REQUESTS_PER_DAY,
  bookingInterval,
  contactIn,
  convertOwnPrice,
  parseDecimal,
  type AcceptedDeal,
  type BookingUnit,
  type Deal,
  type Interval,
} from '@app/shared';
import { AppError } from '../../lib/app-error.js';

import { requestNotices } from '../notifications/messages.js';

import type { SessionUser as Caller } from '../sessions/service.js';
import type { SolutionRow } from '../solutions/post-rows-repository.js';
import type { Display } from '../solutions/solution-record.js';
import { titleOf } from '../solutions/title.js';
import type { Told } from './lifecycle-steps-repository.js';

import {
  BOOKING_HORIZON_DAYS,
  DAY_MS,
  LOWEST_PROPOSED_SHARE,
  invalid,
  lifecycleParties,
  type LifecycleDeps,
  type RequestBody,
} from './lifecycle-deps.js';
import { dealClock } from './lifecycle-clock.js';
import { disputeService } from './dispute-service.js';

/** D-33: the booking a request names, checked; null for a post without a unit and without dates. */
function bookingOf(
  row: SolutionRow,
  body: RequestBody,
  today: number,
  now: number,
): { unit: BookingUnit | null; interval: Interval; units: number } | null {
  const unit = row.unit;
  // A need may carry its own dates; a request on it defaults to them while they are ahead.
  const todayText = new Date(today).toISOString().slice(0, 10);
  const needFrom =
    row.user_role === 'needSolution' && row.pickup_date && row.pickup_date >= todayText ? row.pickup_date : undefined;
  const from = body.from ?? needFrom;
  const to = body.to ?? (needFrom ? (row.dates_to ?? needFrom) : undefined);
  if (!unit && from === undefined && to === undefined) return null;
  if (from === undefined) throw invalid('from', 'Required');
  if (to === undefined) throw invalid('to', 'Required');
  const checked = bookingInterval(unit ?? 'day', from, to);
  if (!checked.ok) throw invalid(checked.field, checked.reason);
  // An hour slot must be ahead of now; a day, night or month may start today.
  if (checked.interval.start < (unit === 'hour' ? now : today)) throw invalid('from', 'In the past');
  if (checked.interval.start > today + BOOKING_HORIZON_DAYS * DAY_MS) throw invalid('from', 'Too far ahead');
  // Dates on a post without a unit (a need's days) are kept, but the deal has no unit: one price.
  return { unit: unit ?? null, interval: checked.interval, units: unit ? checked.units : 1 };
}

export function dealLifecycleService(deps: LifecycleDeps) {
  const { lifecycle, reads, view, eurPerUsdMicro, now } = deps;
  const parties = lifecycleParties(deps);
  const { deliver, partyOf, accessOf, notAvailable } = parties;

  return {
    ...disputeService(deps, parties),
    ...dealClock(deps, parties),

    /** PUT /api/solution/solutionAccepted (D-32): a request; nobody pays to send one (D-15 revised). */
    async request(caller: Caller, body: RequestBody): Promise<AcceptedDeal> {
      if (body.user_id !== caller.userId || (body.accepted_by !== undefined && body.accepted_by !== caller.userId)) {
        throw new AppError('FORBIDDEN');
      }
      const row = await reads.post(body.solution_id);
      if (!row || row.status === 'Deleted' || ((row.hidden || row.owner_blocked) && !caller.admin)) {
        throw new AppError('NOT_FOUND');
      }
      if (row.status !== 'Pending' || row.user_id === caller.userId) throw notAvailable('This post is not available');
      const note = body.note?.trim() || null;
      if (note && contactIn(note))
        throw invalid('note', 'No phone number, e-mail or link: contacts open once the deal is confirmed');
      let price = null;
      if (body.price) {
        const { currency } = body.price;
        if (currency === 'CDF') throw invalid('price', 'Currency not supported for a proposed price');
        const minor = parseDecimal(body.price.amount, currency);
        if (minor === null || minor <= 0) throw invalid('price', 'Invalid amount');
        // XAF is pegged to the euro exactly as XOF (D-38).
        const three = convertOwnPrice(minor, currency === 'XAF' ? 'XOF' : currency, eurPerUsdMicro);
        if (three.USD < row.price_usd * LOWEST_PROPOSED_SHARE) throw invalid('price', 'Too low');
        price = { currency, minor, usd: three.USD, eur: three.EUR, xof: three.XOF };
      }
      const at = now();
      const booking = bookingOf(row, body, Math.floor(at.getTime() / DAY_MS) * DAY_MS, at.getTime());
      const requester = await reads.person(caller.userId);
      if (!requester) throw new AppError('AUTH_FAILED');
      const result = await lifecycle.request({
        solutionId: row.id,
        acceptorId: caller.userId,
        note,
        price,
        booking,
        contactAccess: 'none',
        notice: requestNotices.requested(requester.firstName, titleOf(row)),
        limits: { since: new Date(at.getTime() - DAY_MS), perDay: REQUESTS_PER_DAY, open: OPEN_REQUESTS_MAX },
        at,
      });
      if (!result.ok) {
        if (result.why === 'per-day') {
          const next = new Date(result.oldest.getTime() + DAY_MS);
          throw new AppError(
            'RATE_LIMITED',
            `You may send ${REQUESTS_PER_DAY} requests a day; try again after ${next.toISOString()}`,
            undefined,
            (next.getTime() - at.getTime()) / 1000,
          );
        }
        if (result.why === 'open') {
          // Open requests free up as owners answer or withdraw; an hour is a fair first retry.
          throw new AppError(
            'RATE_LIMITED',
            `You may have ${OPEN_REQUESTS_MAX} open requests at once`,
            undefined,
            3600,
          );
        }
        throw notAvailable(
          result.why === 'dates-full'
            ? 'Those dates are full'
            : result.why === 'already-asked'
              ? 'You already sent a request for this post'
              : 'This post is not available',
        );
      }
      await deliver(result.notified);
      return {
        _id: result.deal.id,
        solution_id: result.deal.solutionId,
        acceptor_id: result.deal.acceptorId,
        accepted_at: result.deal.acceptedAt.toISOString(),
        contact_access: result.deal.contactAccess,
        status: 'requested',
      };
    },

    /** POST /api/deals/:dealId/confirm: the owner chooses this request (D-32, D-33). */
    async confirm(caller: Caller, dealId: string, display: Display): Promise<Deal> {
      const { deal, sub, myName } = await partyOf(caller, dealId);
      if (deal.ownerId !== caller.userId) throw new AppError('FORBIDDEN');
      if (!(await reads.person(deal.acceptorId))) throw notAvailable('The requester deleted their account');
      const result = await lifecycle.confirm({
        dealId: deal.id,
        ownerId: caller.userId,
        at: now(),
        contactAccess: await accessOf(deal),
        notice: requestNotices.confirmed(myName, sub),
        declinedNotice: requestNotices.chosenOther(sub),
      });
      if (!result.ok)
        throw notAvailable(result.why === 'dates-full' ? 'Those dates are full' : 'This request cannot be confirmed');
      await deliver(result.notified);
      return view(caller, deal.id, display);
    },

    /** POST /api/deals/:dealId/decline: the owner says no, with an optional reason. */
    async decline(caller: Caller, dealId: string, reason: string | undefined, display: Display): Promise<Deal> {
      const { deal, sub, myName } = await partyOf(caller, dealId);
      if (deal.ownerId !== caller.userId) throw new AppError('FORBIDDEN');
      const why = reason?.trim() || null;
      // The reason reaches the requester before any fee: it may not carry contacts either (D-32).
      if (why && contactIn(why)) throw invalid('reason', 'No phone number, e-mail or link');
      const ended = await lifecycle.end({
        dealId: deal.id,
        move: 'decline',
        at: now(),
        reason: why,
        endedReason: 'declined',
        told: [{ userId: deal.acceptorId, notice: requestNotices.declined(myName, sub, why) }],
      });
      if (!ended) throw notAvailable('This request is no longer open');
      await deliver(ended.notified);
      return view(caller, deal.id, display);
    },

    /** POST /api/deals/:dealId/withdraw: the requester takes the request back. */
    async withdraw(caller: Caller, dealId: string, display: Display): Promise<Deal> {
      const { deal, sub, myName } = await partyOf(caller, dealId);
      if (deal.acceptorId !== caller.userId) throw new AppError('FORBIDDEN');
      const ended = await lifecycle.end({
        dealId: deal.id,
        move: 'withdraw',
        at: now(),
        endedReason: 'withdrawn',
        told: [{ userId: deal.ownerId, notice: requestNotices.withdrawn(myName, sub) }],
      });
      if (!ended) throw notAvailable('This request is no longer open');
      await deliver(ended.notified);
      return view(caller, deal.id, display);
    },

    /** POST /api/deals/:dealId/cancel: either party, before completion; the post is listed again. */
    async cancel(caller: Caller, dealId: string, display: Display): Promise<Deal> {
      const { deal, sub, myName, other } = await partyOf(caller, dealId);
      const ended = await lifecycle.end({
        dealId: deal.id,
        move: 'cancel',
        at: now(),
        endedReason: 'cancelled',
        told: [{ userId: other, notice: requestNotices.cancelled(myName, sub) }],
      });
      if (!ended) throw notAvailable('This deal cannot be cancelled');
      await deliver(ended.notified);
      return view(caller, deal.id, display);
    },

    /**
     * POST /api/deals/:dealId/complete (D-34): the caller marks it done; completed once both have.
     * Only a deal with contact access can be done: the two must have been able to reach each other.
     */
    async markDone(caller: Caller, dealId: string, display: Display): Promise<Deal> {
      const { deal, sub, myName, other } = await partyOf(caller, dealId);
      if (deal.state !== 'accepted' || deal.disputedAt) throw notAvailable('This deal is not confirmed');
      const access = await accessOf(deal);
      if (access === 'none') throw new AppError('CONTACT_ACCESS_REQUIRED');
      const done = await lifecycle.markDone({
        dealId: deal.id,
        side: deal.ownerId === caller.userId ? 'owner' : 'acceptor',
        byId: caller.userId,
        ownerId: deal.ownerId,
        at: now(),
        contactAccess: access,
        told: (completed): Told[] =>
          completed
            ? [deal.ownerId, deal.acceptorId].map((userId) => ({ userId, notice: requestNotices.completed(sub) }))
            : [{ userId: other, notice: requestNotices.done(myName, sub) }],
      });
      if (!done) throw notAvailable('This deal cannot be marked done');
      await deliver(done.notified);
      return view(caller, deal.id, display);
    },

    /** POST /api/deals/:dealId/dispute (D-34): freezes the deal until an admin settles it. */
    async dispute(caller: Caller, dealId: string, display: Display): Promise<Deal> {
      const { deal, sub, myName, other } = await partyOf(caller, dealId);
      const frozen = await lifecycle.dispute({
        dealId: deal.id,
        byId: caller.userId,
        at: now(),
        told: [{ userId: other, notice: requestNotices.disputed(myName, sub) }],
      });
      if (!frozen) throw notAvailable('This deal cannot be disputed');
      await deliver(frozen.notified);
      return view(caller, deal.id, display);
    },

    /** PUT /api/solution/rejectSolution: the requester withdraws, or a party of a confirmed deal cancels it. */
    async drop(caller: Caller, body: { user_id: string; solution_id: string }): Promise<void> {
      if (body.user_id !== caller.userId) throw new AppError('FORBIDDEN');
      const mine = await reads.liveDealOf(body.solution_id, caller.userId);
      if (!mine) throw notAvailable('You have no order on this post');
      const display = { currency: 'dollar', lang: 'en' } as const;
      if (mine.state === 'requested') await this.withdraw(caller, mine.id, display);
      else await this.cancel(caller, mine.id, display);
    },

    /** PUT /api/solution/:solutionId/availability (D-33): the owner's capacity and blocked dates. */
    async setAvailability(
      caller: Caller,
      solutionId: string,
      input: { capacity?: number | undefined; blocked?: { from: string; to: string }[] | undefined },
    ) {
      const row = await reads.post(solutionId);
      if (!row || row.status === 'Deleted') throw new AppError('NOT_FOUND');
      if (row.user_id !== caller.userId) throw new AppError('FORBIDDEN');
      const today = new Date(Math.floor(now().getTime() / DAY_MS) * DAY_MS);
      const horizon = new Date(today.getTime() + BOOKING_HORIZON_DAYS * DAY_MS).toISOString().slice(0, 10);
      const first = today.toISOString().slice(0, 10);
      for (const [i, range] of (input.blocked ?? []).entries()) {
        if (range.to < range.from) throw invalid(`blocked.${i}.to`, 'Must not be before the start');
        // Only days a booking could take: from today to the booking horizon.
        if (range.to < first) throw invalid(`blocked.${i}.to`, 'In the past');
        if (range.from > horizon || range.to > horizon) throw invalid(`blocked.${i}.to`, 'Too far ahead');
      }
      const changes: { capacity?: number; blocked?: { from: string; to: string }[] } = {};
      if (input.capacity !== undefined) changes.capacity = input.capacity;
      if (input.blocked !== undefined) changes.blocked = input.blocked;
      if (!(await lifecycle.setAvailability(row.id, caller.userId, changes))) throw new AppError('NOT_FOUND');
    },
  };
}
export type DealLifecycleService = ReturnType<typeof dealLifecycleService>;
