// D-32..D-34: the owner chooses. A request leaves the post listed; the owner confirms or declines;
// the requester may withdraw; either party may cancel before completion; each party marks it done;
// a dispute freezes it until an admin settles it; the clock expires, lapses, completes and reminds.
// Every move reaches the other side at once: the mailbox (and its live stream and push) and an
// SMS in their language.
import {
  AUTO_COMPLETE_DAYS,
  FEE_LAPSE_HOURS,
  OPEN_REQUESTS_MAX,
  REQUESTS_PER_DAY,
  REQUEST_EXPIRY_DAYS,
  bookingInterval,
  contactIn,
  convertOwnPrice,
  parseDecimal,
  supplierSide,
  type AcceptedDeal,
  type Bilingual,
  type BookingUnit,
  type ContactAccess,
  type CurrencyCode,
  type Deal,
  type Interval,
} from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import type { Entitlements } from '../entitlements/service.js';
import { requestNotices } from '../notifications/messages.js';
import type { Notifier } from '../notifications/notifier.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import type { SolutionRow } from '../solutions/post-rows-repository.js';
import type { Display } from '../solutions/solution-record.js';
import { titleOf } from '../solutions/title.js';
import type { DealLifecycleRepository, Told } from './lifecycle-repository.js';
import type { DealRow, PartyDeal } from './repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** D-33: how far ahead a booking or a blocked range may reach. */
const BOOKING_HORIZON_DAYS = 730;
/**
 * A proposed price may not go below half the posted one: the fee is 15% of the deal's total, and a
 * price of a few cents would buy contacts for nothing (D-15 revised).
 */
const LOWEST_PROPOSED_SHARE = 0.5;
/** Deals moved per clock step and tick; the next tick takes the rest. */
const CLOCK_BATCH = 200;

/** The reads this service needs from other modules, given by the caller (not constructed here). */
export interface LifecycleReads {
  post(solutionId: string): Promise<SolutionRow | undefined>;
  deal(dealId: string): Promise<PartyDeal | undefined>;
  /** A live account's first name, mobile and language; undefined once deleted. */
  person(userId: string): Promise<{ firstName: string; mobile: string | null; language: 'en' | 'fr' } | undefined>;
  paidBefore(solutionId: string, acceptorId: string): Promise<boolean>;
  /** The caller's live (requested or confirmed) deal on a post. */
  liveDealOf(solutionId: string, acceptorId: string): Promise<{ id: string; state: string } | undefined>;
  /** D-34: deals frozen by a dispute, oldest first. */
  disputed(): Promise<DisputedRow[]>;
}

export interface DisputedRow {
  id: string;
  solutionId: string;
  title: Bilingual;
  owner: { id: string; firstName: string };
  acceptor: { id: string; firstName: string };
  disputedBy: string | null;
  disputedAt: Date;
}

interface Deps {
  lifecycle: DealLifecycleRepository;
  reads: LifecycleReads;
  rule: Entitlements;
  notifier: Notifier;
  /** The deal as the caller sees it (deals/service.ts). */
  view(caller: Caller, dealId: string, display: Display): Promise<Deal>;
  eurPerUsdMicro: number;
  now: () => Date;
}

export interface RequestBody {
  user_id: string;
  accepted_by?: string | undefined;
  solution_id: string;
  note?: string | undefined;
  price?: { amount: string; currency: CurrencyCode } | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const invalid = (field: string, why: string) => new AppError('VALIDATION', 'Invalid input', { [field]: why });

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

export function dealLifecycleService({ lifecycle, reads, rule, notifier, view, eurPerUsdMicro, now }: Deps) {
  /** Delivers written notices and texts each recipient in their language. */
  async function deliver(rows: { userId: string; messageEn: string; messageFr: string }[]) {
    for (const row of rows) {
      void notifier.delivered(row as Parameters<Notifier['delivered']>[0]);
      const person = await reads.person(row.userId);
      notifier.sms(person?.mobile, person?.language === 'fr' ? row.messageFr : row.messageEn);
    }
  }

  async function partyOf(caller: Caller, dealId: string) {
    const deal = await reads.deal(dealId);
    if (!deal || (deal.ownerId !== caller.userId && deal.acceptorId !== caller.userId)) throw new AppError('NOT_FOUND');
    const post = await reads.post(deal.solutionId);
    const sub: Bilingual = post ? titleOf(post) : { en: '', fr: '' };
    const me = await reads.person(caller.userId);
    return {
      deal,
      sub,
      myName: me?.firstName ?? '',
      other: deal.ownerId === caller.userId ? deal.acceptorId : deal.ownerId,
    };
  }

  /** D-13: how the supplier side of this deal has contact access right now. */
  async function accessOf(
    deal: Pick<DealRow, 'solutionId' | 'acceptorId' | 'unit' | 'contactAccess'> & {
      ownerId: string;
      userRole: SolutionRow['user_role'];
    },
  ): Promise<ContactAccess> {
    if (deal.contactAccess === 'payment') return 'payment';
    // D-27: a fee paid for this pair stays paid on a single-use post; each booking pays its own.
    const booking = deal.userRole === 'provideSolution' && deal.unit !== null;
    if (!booking && (await reads.paidBefore(deal.solutionId, deal.acceptorId))) return 'payment';
    return rule.accessFor(supplierSide(deal.userRole, deal.ownerId, deal.acceptorId));
  }

  const notAvailable = (why: string) => new AppError('NOT_AVAILABLE', why);

  return {
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

    /** GET /api/admin/deals/disputed (D-34). */
    async disputed(caller: Caller) {
      if (!caller.admin) throw new AppError('FORBIDDEN');
      return (await reads.disputed()).map((d) => ({
        _id: d.id,
        solution_id: d.solutionId,
        title: d.title,
        owner: { _id: d.owner.id, firstName: d.owner.firstName },
        acceptor: { _id: d.acceptor.id, firstName: d.acceptor.firstName },
        disputed_by: d.disputedBy,
        disputed_at: d.disputedAt.toISOString(),
      }));
    },

    /** POST /api/admin/deals/:dealId/settle (D-34): an admin ends a dispute. */
    async settle(caller: Caller, dealId: string, outcome: 'completed' | 'cancelled') {
      if (!caller.admin) throw new AppError('FORBIDDEN');
      const deal = await reads.deal(dealId);
      if (!deal) throw new AppError('NOT_FOUND');
      const post = await reads.post(deal.solutionId);
      const sub = post ? titleOf(post) : { en: '', fr: '' };
      const settled = await lifecycle.settle({
        dealId: deal.id,
        outcome,
        adminId: caller.userId,
        ownerId: deal.ownerId,
        at: now(),
        told: [deal.ownerId, deal.acceptorId].map((userId) => ({
          userId,
          notice: requestNotices.settled(sub, outcome),
        })),
      });
      if (!settled) throw notAvailable('This deal is not disputed');
      await deliver(settled.notified);
      return { _id: settled.deal.id, status: settled.deal.state };
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

    /** D-34: a deleted account's requests and deals end, and the other parties are told. */
    async endForAccount(userId: string): Promise<void> {
      const ended = await lifecycle.endForAccount(userId, now());
      for (const deal of ended) {
        const post = await reads.post(deal.solutionId);
        if (!post) continue;
        const other = deal.acceptorId === userId ? post.user_id : deal.acceptorId;
        const rows = await lifecycle.notify(deal.solutionId, [
          { userId: other, notice: requestNotices.accountDeleted(titleOf(post)) },
        ]);
        await deliver(rows);
      }
    },

    /**
     * The clock's steps (D-32, D-33, D-34, D-15 revised), run by the job queue once a minute across
     * all instances. Each step is a conditional move, so a step run twice moves a deal once.
     */
    async tick(): Promise<{ expired: number; lapsed: number; completed: number; reminded: number }> {
      const at = now();
      const counts = { expired: 0, lapsed: 0, completed: 0, reminded: 0 };
      const subOf = async (solutionId: string) => {
        const post = await reads.post(solutionId);
        return post ? titleOf(post) : { en: '', fr: '' };
      };

      for (const deal of await lifecycle.unansweredSince(
        new Date(at.getTime() - REQUEST_EXPIRY_DAYS * DAY_MS),
        CLOCK_BATCH,
      )) {
        const sub = await subOf(deal.solutionId);
        const ended = await lifecycle.end({
          dealId: deal.id,
          move: 'expire',
          at,
          endedReason: 'expired',
          told: [{ userId: deal.acceptorId, notice: requestNotices.expired(sub) }],
        });
        if (ended) {
          counts.expired++;
          await deliver(ended.notified);
        }
      }

      for (const deal of await lifecycle.unpaidSince(new Date(at.getTime() - FEE_LAPSE_HOURS * HOUR_MS), CLOCK_BATCH)) {
        const party = await reads.deal(deal.id);
        // A supplier who subscribed since the confirmation has access: nothing is due.
        if (!party || (await accessOf(party)) !== 'none') continue;
        const sub = await subOf(deal.solutionId);
        const ended = await lifecycle.end({
          dealId: deal.id,
          move: 'lapse',
          at,
          endedReason: 'lapsed',
          told: [party.ownerId, party.acceptorId].map((userId) => ({ userId, notice: requestNotices.lapsed(sub) })),
        });
        if (ended) {
          counts.lapsed++;
          await deliver(ended.notified);
        }
      }

      for (const deal of await lifecycle.dueForCompletion(
        new Date(at.getTime() - AUTO_COMPLETE_DAYS * DAY_MS),
        CLOCK_BATCH,
      )) {
        const party = await reads.deal(deal.id);
        if (!party) continue;
        const sub = await subOf(deal.solutionId);
        const done = await lifecycle.completeByClock({
          dealId: deal.id,
          ownerId: party.ownerId,
          at,
          told: [party.ownerId, party.acceptorId].map((userId) => ({ userId, notice: requestNotices.completed(sub) })),
        });
        if (done) {
          counts.completed++;
          await deliver(done.notified);
        }
      }

      for (const deal of await lifecycle.remindersDue(at, new Date(at.getTime() + DAY_MS), CLOCK_BATCH)) {
        const party = await reads.deal(deal.id);
        if (!party) continue;
        const sub = await subOf(deal.solutionId);
        const day = deal
          .fromAt!.toISOString()
          .slice(0, deal.unit === 'hour' ? 16 : 10)
          .replace('T', ' ');
        const rows = await lifecycle.notify(
          deal.solutionId,
          [party.ownerId, party.acceptorId].map((userId) => ({ userId, notice: requestNotices.reminder(sub, day) })),
        );
        counts.reminded++;
        await deliver(rows);
      }
      return counts;
    },
  };
}
export type DealLifecycleService = ReturnType<typeof dealLifecycleService>;
