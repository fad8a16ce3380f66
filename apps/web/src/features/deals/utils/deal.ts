// How a deal reads for the party looking at it (D-13, D-27, D-29).
import type { DealView } from '../api/deal-types';

/** D-13: the supplier side is the owner of an offer or the acceptor of a need. */
export const isSupplierSide = (deal: Pick<DealView, 'role' | 'solution'>): boolean =>
  (deal.solution.user_role === 'provideSolution') === (deal.role === 'owner');

/** The owner's deals are among their offers (My Offers), the acceptor's among their orders. */
export const ownListPath = (deal: Pick<DealView, 'role'>): string =>
  deal.role === 'owner' ? '/myoffers' : '/myorders';

/** D-34: a completed deal can be rated once, by each party. */
export const canReview = (deal: Pick<DealView, 'status' | 'my_review'>): boolean =>
  deal.status === 'completed' && !deal.my_review;
