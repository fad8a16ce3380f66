// SPEC 2.3 item 12: My Orders, the posts the user accepted, each with its deal (D-27); deleting
// one withdraws the request or cancels the deal (D-6, D-32), and the question says which.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@app/shared';
import { OwnPostsPage } from '../../../components/own-posts-page';
import type { DealView } from '../api/deal-types';
import { dealOfSolution, useDeals } from '../api/get-deals';
import { useMyOrders } from '../api/get-my-orders';
import { useRejectOrder } from '../api/reject-order';
import { useDealLinks } from './deal-link';
import { moneyText } from './deal-figures';
import { DealStatusWord } from './deal-status-word';

/**
 * What "Delete" does to the order, as the server does it: a request is withdrawn, a confirmed deal
 * is cancelled and the post listed again; either way the owner is told (D-32). A fee paid is not
 * paid back, but it keeps the pair's access should they agree again on this post (D-27).
 */
export function dropConsequence(t: TFunction, deal: DealView | undefined, poster: string): string {
  if (!deal || deal.status === 'requested')
    return t('deals.dropRequest', { name: deal?.counterpart.firstName ?? poster });
  const ends = t('deals.dropDeal', { name: deal.counterpart.firstName });
  return deal.fee?.paid ? `${ends} ${t('deals.dropFeeKept', { fee: moneyText(deal.fee) })}` : ends;
}

export function MyOrdersPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const list = useMyOrders();
  const deals = useDeals();
  const dealLink = useDealLinks();
  const reject = useRejectOrder();
  const dealOf = (solution: Solution) => dealOfSolution(deals.data, solution._id);
  return (
    <OwnPostsPage
      title={title}
      kind="orders"
      list={list}
      action={reject}
      dealLink={dealLink}
      extra={(solution) => {
        const deal = dealOf(solution);
        return deal ? (
          <span className="deal-card-line">
            <DealStatusWord deal={deal} />
          </span>
        ) : null;
      }}
      consequence={(solution) => dropConsequence(t, dealOf(solution), solution.user.firstName)}
    />
  );
}
