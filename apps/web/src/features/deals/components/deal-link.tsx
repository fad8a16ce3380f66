// A link from a post to its deal page (D-27): on My Offers and My Orders, and on the payment
// return, where "See My Orders" led a supplier who paid for their own offer to the wrong list.
import { MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DealView } from '../api/deal-types';
import { dealOfSolution, dealPath, useDeals } from '../api/get-deals';
import { getCurrentUser } from '../../../lib/session';
import { usePostDetails } from '../../../lib/get-post-details';
import { ownListPath } from '../utils/deal';
import { DealStatusWord } from './deal-status-word';

export function OpenDealLink({ deal, className }: { deal: Pick<DealView, '_id' | 'counterpart'>; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link className={className ?? 'button button-small button-secondary'} to={dealPath(deal._id)}>
      <MessagesSquare aria-hidden="true" size={18} />
      {t('dealList.openDeal', { name: deal.counterpart.firstName })}
    </Link>
  );
}

/** D-27: each of one's posts links to its running deal (My Offers and My Orders). */
export function useDealLinks(): (solutionId: string) => ReactNode {
  const deals = useDeals();
  return (solutionId) => {
    const deal = dealOfSolution(deals.data, solutionId);
    return deal && deal.status !== 'cancelled' ? <OpenDealLink deal={deal} /> : null;
  };
}

/**
 * My Offers: a post's status word once its deal has moved past what the post's own status says
 * ("Completed" rather than SPEC's "Accepted"; a dispute on hold), else nothing (D-34).
 */
export function useDealStatusWords(): (solutionId: string) => ReactNode {
  const deals = useDeals();
  return (solutionId) => {
    const deal = dealOfSolution(deals.data, solutionId);
    if (!deal || !(deal.status === 'completed' || (deal.status === 'accepted' && deal.disputed))) return null;
    return <DealStatusWord deal={deal} />;
  };
}

/**
 * After a payment for a post: the deal it paid for, and the list where the post lives (My Offers
 * for its owner, My Orders for its acceptor; without a deal, by the post's owner).
 */
export function PaidDealLinks({ solutionId }: { solutionId: string }) {
  const { t } = useTranslation();
  const deals = useDeals();
  const deal = dealOfSolution(deals.data, solutionId);
  const post = usePostDetails(solutionId, deals.isSuccess && !deal);
  const mine = post.data?.user._id === getCurrentUser()?._id;
  const list = deal ? ownListPath(deal) : mine ? '/myoffers' : '/myorders';
  return (
    <>
      {deal ? <OpenDealLink deal={deal} className="button button-primary" /> : null}
      <Link className={deal ? 'button button-secondary' : 'button button-primary'} to={list}>
        {t(list === '/myoffers' ? 'dealPage.myOffers' : 'dealPage.myOrders')}
      </Link>
    </>
  );
}
