// The deal as each party sees it (D-27), its messages (D-28) and its reviews (D-34). Only the two
// parties reach a deal; to anybody else it does not exist (404). Its moves are lifecycle-service.ts.
import {
  DEFAULT_CDF_PER_USD_MILLI,
  feeIn,
  payerCurrency,
  AUTO_COMPLETE_DAYS,
  FEE_LAPSE_HOURS,
  REQUEST_EXPIRY_DAYS,
  currencyOfSetting,
  supplierSide,
  toDecimalString,
  type Deal,
  type DealStatus,
  type Message,
  type Person,
  type Review,
  type UserCard,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { distanceKm, roundHalfKm } from '../../lib/geo.js';
import { dealNotices } from '../notifications/messages.js';
import { entitlements } from '../entitlements/service.js';
import type { Notifier } from '../notifications/notifier.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import type { SolutionRow } from '../solutions/post-rows-repository.js';
import { solutionsRepository, type SolutionsRepository } from '../solutions/repository.js';
import { titleOf } from '../solutions/title.js';
import { ratingOf, toSolution, type Display } from '../solutions/solution-record.js';
import {
  dealsRepository,
  type DealsRepository,
  type MessageRow,
  type PartyDeal,
  type PersonRow,
  type ReviewRow,
} from './repository.js';

/** A person has few deals; the list shows all of them. */
const DEAL_LIST_LIMIT = 200;
/** Messages per page of a thread. */
export const MESSAGE_PAGE = 50;
/** Reviews on a user's card. */
const CARD_REVIEWS = 10;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** D-33: the dates a booking names, as the request gave them (`to` inclusive for days and months). */
function datesOf(deal: PartyDeal): { from: string; to: string } | undefined {
  if (!deal.fromAt || !deal.toAt) return undefined;
  if (deal.unit === 'hour') return { from: deal.fromAt.toISOString(), to: deal.toAt.toISOString() };
  const last = deal.unit === 'night' ? deal.toAt.getTime() : deal.toAt.getTime() - DAY_MS;
  return { from: deal.fromAt.toISOString().slice(0, 10), to: new Date(last).toISOString().slice(0, 10) };
}

function toPerson(row: PersonRow, contacts: boolean): Person {
  return {
    _id: row.id,
    firstName: row.firstName,
    verified: row.verified,
    vip: row.vip,
    member_since: row.createdAt.toISOString().slice(0, 10),
    completed_deals: row.completedDeals,
    rating: ratingOf(row.ratingSum, row.ratingCount),
    // D-14, D-27: contacts only while the deal has contact access.
    ...(contacts && row.email ? { email: row.email } : {}),
    ...(contacts && row.mobileNo ? { mobile_no: row.mobileNo } : {}),
  };
}

export function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    deal_id: row.dealId,
    from: row.senderId,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  };
}

function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    deal_id: row.dealId,
    from: { _id: row.authorId, firstName: row.authorFirstName },
    rating: row.rating,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  };
}

const encodeCursor = (value: string) => Buffer.from(value, 'utf8').toString('base64url');
function afterOf(cursor: string | undefined) {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^m:(.{10,40})\|([0-9a-f-]{36})$/.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!))) {
    throw new AppError('VALIDATION', 'Invalid input', { cursor: 'Invalid cursor' });
  }
  return { created: match[1]!, id: match[2]! };
}

interface Deps {
  deals: DealsRepository;
  solutions: SolutionsRepository;
  notifier: Notifier;
  now?: () => Date;
  /** Congolese francs per dollar in thousandths (D-15 revised). */
  cdfPerUsdMilli?: number;
}

export function dealsService({
  deals,
  solutions,
  notifier,
  now = () => new Date(),
  cdfPerUsdMilli = DEFAULT_CDF_PER_USD_MILLI,
}: Deps) {
  const rule = entitlements(solutions, now);

  /** D-27, D-32: a confirmed (or completed) deal has contact access when its supplier side has it. */
  async function hasAccess(deal: PartyDeal): Promise<boolean> {
    if (deal.state !== 'accepted' && deal.state !== 'completed') return false;
    return rule.supplierHasAccess({ id: deal.solutionId, user_id: deal.ownerId, user_role: deal.userRole }, deal);
  }

  /** The deal if the caller is one of its parties; 404 for anybody else (it does not exist for them). */
  async function partyDeal(caller: Caller, dealId: string): Promise<PartyDeal> {
    const deal = await deals.byId(dealId);
    if (!deal || (deal.ownerId !== caller.userId && deal.acceptorId !== caller.userId)) {
      throw new AppError('NOT_FOUND');
    }
    return deal;
  }

  const otherOf = (deal: PartyDeal, userId: string) => (deal.ownerId === userId ? deal.acceptorId : deal.ownerId);

  /** Deals as `caller` sees them, in the order given. */
  async function views(caller: Caller, list: PartyDeal[], display: Display): Promise<Deal[]> {
    if (list.length === 0) return [];
    const ids = list.map((d) => d.id);
    const [rows, people, unread, mine] = await Promise.all([
      solutions.byIds(list.map((d) => d.solutionId)),
      deals.people([...list.map((d) => otherOf(d, caller.userId)), caller.userId]),
      deals.unreadByDeal(caller.userId, ids),
      deals.reviewsBy(caller.userId, ids),
    ]);
    const posts = new Map<string, SolutionRow>(rows.map((r) => [r.id, r]));
    // D-15 revised, D-38: the fee is quoted in the payer's own currency, as /api/payment/pay charges it.
    const payIn = payerCurrency(people.get(caller.userId)?.country);
    const out: Deal[] = [];
    for (const deal of list) {
      const row = posts.get(deal.solutionId);
      const other = people.get(otherOf(deal, caller.userId));
      if (!row || !other) continue;
      const access = await hasAccess(deal);
      const role = deal.ownerId === caller.userId ? 'owner' : 'acceptor';
      const status = deal.state;
      const review = mine.get(deal.id);
      const code = currencyOfSetting(display.currency);
      // D-33: the unit price (proposed, else the post's) times the units booked, in the reader's currency.
      const unitPrice =
        code === 'EUR'
          ? (deal.priceEur ?? row.price_eur)
          : code === 'XOF'
            ? (deal.priceXof ?? row.price_xof)
            : (deal.priceUsd ?? row.price_usd);
      const total = unitPrice * deal.units;
      const supplier = supplierSide(deal.userRole, deal.ownerId, deal.acceptorId) === caller.userId;
      const dates = datesOf(deal);
      const doneMine = role === 'owner' ? deal.doneOwnerAt : deal.doneAcceptorAt;
      const doneOther = role === 'owner' ? deal.doneAcceptorAt : deal.doneOwnerAt;
      const firstDone = [deal.doneOwnerAt, deal.doneAcceptorAt]
        .filter((d): d is Date => d !== null)
        .sort((a, b) => a.getTime() - b.getTime())[0];
      const expiresAt =
        status === 'requested'
          ? new Date(deal.acceptedAt.getTime() + REQUEST_EXPIRY_DAYS * DAY_MS)
          : status === 'accepted' && !access && deal.confirmedAt
            ? new Date(deal.confirmedAt.getTime() + FEE_LAPSE_HOURS * HOUR_MS)
            : undefined;
      out.push({
        _id: deal.id,
        // The owner sees their own contacts; the acceptor the owner's only with access (D-14).
        // D-35: the exact point for the owner, and for the other party once the owner confirmed.
        solution: toSolution(
          row,
          row.images,
          display,
          role === 'owner' || access,
          role === 'owner' || ((status === 'accepted' || status === 'completed') && deal.confirmedAt !== null),
        ),
        role,
        counterpart: toPerson(other, access),
        contact_access: access,
        status,
        accepted_at: deal.acceptedAt.toISOString(),
        ...(deal.confirmedAt ? { confirmed_at: deal.confirmedAt.toISOString() } : {}),
        ...(deal.note ? { note: deal.note } : {}),
        ...(deal.priceCurrency && deal.priceMinor !== null
          ? { price: { amount: toDecimalString(deal.priceMinor, deal.priceCurrency), currency: deal.priceCurrency } }
          : {}),
        ...(deal.unit && dates ? { unit: deal.unit, ...dates, units: deal.units } : dates ? dates : {}),
        total: { amount: toDecimalString(total, code), currency: code },
        // D-15 revised: the fee concerns the supplier side only, and only when no subscription covers it.
        ...(supplier && (deal.contactAccess === 'payment' || !access)
          ? {
              fee: {
                amount: toDecimalString(
                  feeIn(
                    {
                      usd: deal.priceUsd ?? row.price_usd,
                      eur: deal.priceEur ?? row.price_eur,
                      xof: deal.priceXof ?? row.price_xof,
                    },
                    deal.units,
                    payIn,
                    cdfPerUsdMilli,
                  ),
                  payIn,
                ),
                currency: payIn,
                paid: deal.contactAccess === 'payment',
              },
            }
          : {}),
        ...(expiresAt ? { expires_at: expiresAt.toISOString() } : {}),
        ...(deal.reason ? { reason: deal.reason } : {}),
        done_by_me: doneMine !== null,
        done_by_other: doneOther !== null,
        disputed: deal.disputedAt !== null,
        ...(status === 'accepted' && firstDone && !deal.disputedAt
          ? { auto_complete_at: new Date(firstDone.getTime() + AUTO_COMPLETE_DAYS * DAY_MS).toISOString() }
          : {}),
        ...(status === 'completed' && deal.completedAt
          ? {
              completed_at: deal.completedAt.toISOString(),
              ...(deal.completedBy ? { completed_by: deal.completedBy } : {}),
            }
          : {}),
        ...(review ? { my_review: toReview(review) } : {}),
        unread_count: unread.get(deal.id) ?? 0,
      });
    }
    return out;
  }

  async function view(caller: Caller, dealId: string, display: Display): Promise<Deal> {
    const [one] = await views(caller, [await partyDeal(caller, dealId)], display);
    if (!one) throw new AppError('NOT_FOUND');
    return one;
  }

  /** D-28: messages only on a confirmed deal with contact access (they never bypass the fee). */
  async function threadOf(caller: Caller, dealId: string): Promise<PartyDeal> {
    const deal = await partyDeal(caller, dealId);
    if (deal.state !== 'accepted' && deal.state !== 'completed') {
      // Before the owner confirms there is nothing to say yet; after an end, nothing more (D-34).
      throw new AppError(
        'NOT_AVAILABLE',
        deal.state === 'requested' ? 'The request is not confirmed' : 'The deal has ended',
      );
    }
    if (!(await hasAccess(deal))) throw new AppError('CONTACT_ACCESS_REQUIRED');
    return deal;
  }

  return {
    /** GET /api/deals: the caller's deals, both sides, newest first. */
    async list(caller: Caller, status: DealStatus | undefined, display: Display): Promise<Deal[]> {
      return views(caller, await deals.listFor(caller.userId, status, DEAL_LIST_LIMIT), display);
    },

    /** GET /api/deals/:dealId */
    view,

    /** GET /api/deals/unread: messages from the other parties not read yet. */
    async unread(caller: Caller): Promise<{ count: number }> {
      return { count: await deals.unreadTotal(caller.userId) };
    },

    /** GET /api/deals/:dealId/messages: oldest first; reading marks the other party's messages read. */
    async messages(caller: Caller, dealId: string, cursor: string | undefined) {
      const after = afterOf(cursor);
      const deal = await threadOf(caller, dealId);
      const rows = await deals.messages(deal.id, after, MESSAGE_PAGE + 1);
      const more = rows.length > MESSAGE_PAGE;
      const shown = more ? rows.slice(0, MESSAGE_PAGE) : rows;
      await deals.markRead(deal.id, caller.userId, now());
      const last = shown[shown.length - 1];
      return {
        data: shown.map(toMessage),
        next_cursor: more && last ? encodeCursor(`m:${await deals.createdKey(last.id)}|${last.id}`) : null,
      };
    },

    /**
     * POST /api/deals/:dealId/messages: stored as typed (text only, D-28), streamed live to both
     * parties on every instance; the first message the recipient has not read brings a notice in
     * their language (mailbox, push and SMS).
     */
    async send(caller: Caller, dealId: string, text: string): Promise<Message> {
      const deal = await threadOf(caller, dealId);
      const recipientId = otherOf(deal, caller.userId);
      const [people, post] = await Promise.all([
        deals.people([caller.userId, recipientId]),
        solutions.byIds([deal.solutionId]),
      ]);
      const sender = people.get(caller.userId);
      const recipient = people.get(recipientId);
      // D-34: a deleted account is not written to.
      if (!recipient || recipient.deletedAt)
        throw new AppError('NOT_AVAILABLE', 'The other party deleted their account');
      const notice = dealNotices.message(sender?.firstName ?? '', post[0] ? titleOf(post[0]) : { en: '', fr: '' });
      const { message, notified } = await deals.addMessage({
        dealId: deal.id,
        senderId: caller.userId,
        recipientId,
        text,
        notice,
        solutionId: deal.solutionId,
      });
      const shown = toMessage(message);
      void notifier.message([recipientId, caller.userId], shown);
      if (notified) {
        void notifier.delivered(notified);
        notifier.sms(recipient?.mobileNo, recipient?.language === 'fr' ? notice.fr : notice.en);
      }
      return shown;
    },

    /**
     * POST /api/deals/:dealId/review (D-34): once per party of a completed deal that the owner
     * confirmed and that had contact access; never of a deleted account.
     */
    async review(caller: Caller, dealId: string, body: { rating: number; text: string | null }): Promise<Review> {
      const deal = await partyDeal(caller, dealId);
      if (deal.state !== 'completed' || !deal.confirmedAt || deal.contactAccess === 'none') {
        throw new AppError('NOT_AVAILABLE', 'The deal is not completed');
      }
      const subject = (await deals.people([otherOf(deal, caller.userId)])).get(otherOf(deal, caller.userId));
      if (!subject || subject.deletedAt) throw new AppError('NOT_AVAILABLE', 'The other party deleted their account');
      const result = await deals.review({
        dealId: deal.id,
        authorId: caller.userId,
        subjectId: otherOf(deal, caller.userId),
        rating: body.rating,
        text: body.text,
      });
      if (result === 'not-completed') throw new AppError('NOT_AVAILABLE', 'The deal is not completed');
      if (result === 'exists') throw new AppError('ALREADY_REVIEWED');
      return toReview(result);
    },

    /** GET /api/users/:userId/card: a person without contacts, with their latest reviews. */
    async card(userId: string): Promise<UserCard> {
      const row = (await deals.people([userId])).get(userId);
      if (!row || (await solutions.contactOf(userId)) === undefined) throw new AppError('NOT_FOUND');
      // Never contacts on a card: toPerson without them.
      return { ...toPerson(row, false), reviews: (await deals.reviewsOf(userId, CARD_REVIEWS)).map(toReview) };
    },

    /** GET /api/solution/:solutionId/requests (D-32): the owner's view of who asked, open first. */
    async requests(caller: Caller, solutionId: string, display: Display): Promise<Deal[]> {
      const [row] = await solutions.byIds([solutionId]);
      if (!row || row.status === 'Deleted') throw new AppError('NOT_FOUND');
      if (row.user_id !== caller.userId) throw new AppError('FORBIDDEN');
      const list = await views(caller, await deals.onPost(solutionId, DEAL_LIST_LIMIT), display);
      // D-32: how far each requester is from the post, from where they last posted (accounts keep
      // no position): D-35, between public points, to the half kilometre: enough to compare, never
      // a place.
      const places = await deals.lastPostedAt(list.map((d) => d.counterpart._id));
      return list.map((deal) => {
        const at = places.get(deal.counterpart._id);
        return at
          ? {
              ...deal,
              counterpart: {
                ...deal.counterpart,
                distance_km: roundHalfKm(distanceKm([row.pickup_lng, row.pickup_lat], at.lat, at.lng)),
              },
            }
          : deal;
      });
    },
  };
}

export const buildDealsService = (deps: { db: Db; notifier: Notifier; now?: () => Date }) =>
  dealsService({ ...deps, deals: dealsRepository(deps.db), solutions: solutionsRepository(deps.db) });
