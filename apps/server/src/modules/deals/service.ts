// Accepting and rejecting (D-6, D-13 to D-15). A client accepts an offer for free; a supplier
// accepts a need only with contact access (402 otherwise, and the app offers the payment choice).
// Issue 15: the deal as each party sees it (D-27), its messages (D-28), completing, disputing and
// rating (D-29). Only the two parties reach a deal; to anybody else it does not exist (404).
import {
  DISPUTE_WINDOW_DAYS,
  supplierSide,
  type Deal,
  type DealStatus,
  type Message,
  type Person,
  type Review,
  type Solution,
  type UserCard,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { dealNotices, notices } from '../notifications/messages.js';
import { entitlements } from '../entitlements/service.js';
import type { Notifier } from '../notifications/notifier.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import { solutionsRepository, type SolutionRow, type SolutionsRepository } from '../solutions/repository.js';
import { titleOf } from '../solutions/title.js';
import { hiddenFrom, ratingOf, toSolution, type Display, type SolutionsService } from '../solutions/service.js';
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

export const dealStatusOf = (deal: Pick<PartyDeal, 'endedAt' | 'completedAt'>): DealStatus =>
  deal.endedAt ? 'cancelled' : deal.completedAt ? 'completed' : 'accepted';

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
  posts: SolutionsService;
  notifier: Notifier;
  now?: () => Date;
}

export function dealsService({ deals, solutions, posts, notifier, now = () => new Date() }: Deps) {
  const rule = entitlements(solutions, now);

  /** D-27: the deal has contact access while it runs (or is completed) and its supplier side has access. */
  async function hasAccess(deal: PartyDeal): Promise<boolean> {
    if (deal.endedAt) return false;
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
      deals.people(list.map((d) => otherOf(d, caller.userId))),
      deals.unreadByDeal(caller.userId, ids),
      deals.reviewsBy(caller.userId, ids),
    ]);
    const posts = new Map<string, SolutionRow>(rows.map((r) => [r.id, r]));
    const out: Deal[] = [];
    for (const deal of list) {
      const row = posts.get(deal.solutionId);
      const other = people.get(otherOf(deal, caller.userId));
      if (!row || !other) continue;
      const access = await hasAccess(deal);
      const role = deal.ownerId === caller.userId ? 'owner' : 'acceptor';
      const status = dealStatusOf(deal);
      const review = mine.get(deal.id);
      out.push({
        _id: deal.id,
        // The owner sees their own contacts; the acceptor the owner's only with access (D-14).
        solution: toSolution(row, row.images, display, role === 'owner' || access),
        role,
        counterpart: toPerson(other, access),
        contact_access: access,
        status,
        accepted_at: deal.acceptedAt.toISOString(),
        ...(status === 'completed' && deal.completedAt
          ? {
              completed_at: deal.completedAt.toISOString(),
              ...(deal.completedBy ? { completed_by: deal.completedBy } : {}),
              dispute_until: new Date(deal.completedAt.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS).toISOString(),
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

  /** D-28: messages only while the deal has contact access (they never bypass the fee). */
  async function threadOf(caller: Caller, dealId: string): Promise<PartyDeal> {
    const deal = await partyDeal(caller, dealId);
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
      if (dealStatusOf(deal) === 'cancelled') throw new AppError('NOT_AVAILABLE');
      const recipientId = otherOf(deal, caller.userId);
      const [people, post] = await Promise.all([
        deals.people([caller.userId, recipientId]),
        solutions.byIds([deal.solutionId]),
      ]);
      const sender = people.get(caller.userId);
      const recipient = people.get(recipientId);
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

    /** POST /api/deals/:dealId/complete (D-29): either party; 409 unless accepted. */
    async complete(caller: Caller, dealId: string, display: Display): Promise<Deal> {
      const deal = await partyDeal(caller, dealId);
      const me = (await deals.people([caller.userId])).get(caller.userId);
      const post = (await solutions.byIds([deal.solutionId]))[0];
      const notified = await deals.complete(deal, caller.userId, now(), {
        userId: otherOf(deal, caller.userId),
        notice: dealNotices.completed(me?.firstName ?? '', post ? titleOf(post) : { en: '', fr: '' }),
      });
      if (!notified) throw new AppError('NOT_AVAILABLE');
      void notifier.delivered(notified);
      return view(caller, deal.id, display);
    },

    /** POST /api/deals/:dealId/dispute (D-29): the other party, within 7 days of the completion. */
    async dispute(caller: Caller, dealId: string, display: Display): Promise<Deal> {
      const deal = await partyDeal(caller, dealId);
      const at = now();
      const me = (await deals.people([caller.userId])).get(caller.userId);
      const post = (await solutions.byIds([deal.solutionId]))[0];
      const notified = await deals.dispute(
        deal,
        caller.userId,
        new Date(at.getTime() - DISPUTE_WINDOW_DAYS * DAY_MS),
        at,
        {
          userId: otherOf(deal, caller.userId),
          notice: dealNotices.disputed(me?.firstName ?? '', post ? titleOf(post) : { en: '', fr: '' }),
        },
      );
      if (!notified) throw new AppError('NOT_AVAILABLE');
      void notifier.delivered(notified);
      return view(caller, deal.id, display);
    },

    /** POST /api/deals/:dealId/review (D-29): once per party of a completed deal. */
    async review(caller: Caller, dealId: string, body: { rating: number; text: string | null }): Promise<Review> {
      const deal = await partyDeal(caller, dealId);
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

    async accept(
      caller: Caller,
      body: { user_id: string; accepted_by?: string | undefined; solution_id: string },
      display: Display,
    ) {
      // API.md: nobody acts for somebody else by changing an id.
      if (body.user_id !== caller.userId || (body.accepted_by !== undefined && body.accepted_by !== caller.userId)) {
        throw new AppError('FORBIDDEN');
      }
      const row = await solutions.findById(body.solution_id);
      if (!row || row.status === 'Deleted' || hiddenFrom(row, caller)) throw new AppError('NOT_FOUND');
      if (row.status !== 'Pending' || row.user_id === caller.userId) throw new AppError('NOT_AVAILABLE');
      const acceptor = await solutions.contactOf(caller.userId);
      if (!acceptor) throw new AppError('AUTH_FAILED');

      // D-13: the supplier side is the acceptor of a need, the owner of an offer. D-27: a fee paid
      // for this pair (post, acceptor) before stays paid when the same pair accepts again.
      const contactAccess = (await deals.paidBefore(row.id, caller.userId))
        ? 'payment'
        : await rule.accessFor(supplierSide(row.user_role, row.user_id, caller.userId));
      if (row.user_role === 'needSolution' && contactAccess === 'none') throw new AppError('CONTACT_ACCESS_REQUIRED');

      const sub = titleOf(row);
      const result = await deals.accept({
        solutionId: row.id,
        acceptorId: caller.userId,
        contactAccess,
        notice: notices.accepted(acceptor.firstName, sub),
      });
      if (!result) throw new AppError('NOT_AVAILABLE');
      void notifier.delivered(result.notified);
      const owner = await solutions.contactOf(result.ownerId);
      const text = notices.accepted(acceptor.firstName, sub);
      notifier.sms(owner?.mobile, owner?.language === 'fr' ? text.fr : text.en);

      const solution: Solution = await posts.details(caller, row.id, display);
      const { deal } = result;
      return {
        solution,
        deal: {
          _id: deal.id,
          solution_id: deal.solutionId,
          acceptor_id: deal.acceptorId,
          accepted_at: deal.acceptedAt.toISOString(),
          contact_access: deal.contactAccess,
        },
      };
    },

    async reject(caller: Caller, body: { user_id: string; solution_id: string }) {
      if (body.user_id !== caller.userId) throw new AppError('FORBIDDEN');
      const row = await solutions.findById(body.solution_id);
      if (!row) throw new AppError('NOT_FOUND');
      const acceptor = await solutions.contactOf(caller.userId);
      const result = await deals.reject({
        solutionId: row.id,
        acceptorId: caller.userId,
        notice: notices.rejected(acceptor?.firstName ?? '', titleOf(row)),
      });
      // Only the acceptor of a live deal can drop it.
      if (!result) throw new AppError('NOT_AVAILABLE');
      void notifier.delivered(result.notified);
    },
  };
}

export const buildDealsService = (deps: { db: Db; posts: SolutionsService; notifier: Notifier; now?: () => Date }) =>
  dealsService({ ...deps, deals: dealsRepository(deps.db), solutions: solutionsRepository(deps.db) });
