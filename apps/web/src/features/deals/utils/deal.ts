// How a deal reads for the party looking at it (D-13, D-27, D-29).
import type { DealView } from '../api/deal-types';

/** D-13: the supplier side is the owner of an offer or the acceptor of a need. */
export const isSupplierSide = (deal: Pick<DealView, 'role' | 'solution'>): boolean =>
  (deal.solution.user_role === 'provideSolution') === (deal.role === 'owner');

/** The owner's deals are among their offers (My Offers), the acceptor's among their orders. */
export const ownListPath = (deal: Pick<DealView, 'role'>): string =>
  deal.role === 'owner' ? '/myoffers' : '/myorders';

/** D-29: a finished deal can be rated once, by each party. */
export const canReview = (deal: Pick<DealView, 'status' | 'my_review'>): boolean =>
  deal.status === 'completed' && !deal.my_review;

/**
 * D-29: the party who did not mark the deal completed may dispute it until `dispute_until`
 * (7 days after the completion; the server checks it again).
 */
export const canDispute = (
  deal: Pick<DealView, 'status' | 'completed_by' | 'dispute_until'>,
  me: string,
  now: number = Date.now(),
): boolean =>
  deal.status === 'completed' &&
  deal.completed_by !== me &&
  deal.dispute_until !== undefined &&
  Date.parse(deal.dispute_until) > now;
