// What the deal lifecycle's use cases share: their dependencies, limits, and the steps every move
// takes (who the parties are, how the supplier has contact access, telling the other side).
import { supplierSide, type Bilingual, type ContactAccess, type CurrencyCode, type Deal } from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import type { Entitlements } from '../entitlements/service.js';

import type { Notifier } from '../notifications/notifier.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import type { SolutionRow } from '../solutions/post-rows-repository.js';
import type { Display } from '../solutions/solution-record.js';
import { titleOf } from '../solutions/title.js';
import type { DealLifecycleRepository } from './lifecycle-repository.js';
import type { DealRow, PartyDeal } from './repository.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** D-33: how far ahead a booking or a blocked range may reach. */
export const BOOKING_HORIZON_DAYS = 730;
/**
 * A proposed price may not go below half the posted one: the fee is 15% of the deal's total, and a
 * price of a few cents would buy contacts for nothing (D-15 revised).
 */
export const LOWEST_PROPOSED_SHARE = 0.5;
/** Deals moved per clock step and tick; the next tick takes the rest. */
export const CLOCK_BATCH = 200;

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

export interface LifecycleDeps {
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

export const invalid = (field: string, why: string) => new AppError('VALIDATION', 'Invalid input', { [field]: why });

/** The steps every move of the lifecycle shares. */
export function lifecycleParties({ reads, rule, notifier }: LifecycleDeps) {
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

  return { deliver, partyOf, accessOf, notAvailable };
}
export type LifecycleParties = ReturnType<typeof lifecycleParties>;
