// SPEC 2.3 item 11: My Offers, the user's own posts with their status, their visits and a delete
// behind a Yes/No question. The app layer adds each accepted post's link to its deal (D-27).
import { Eye, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnPostsPage } from '../../../components/own-posts-page';
import { useDeletePost } from '../api/delete-post';
import { useMyOffers } from '../api/get-my-offers';
import { StatusText } from './status-text';

interface Props {
  title: string;
  dealLink?: (solutionId: string) => ReactNode;
  /** The deal's word when it says more than the post's status ("Completed", D-34). */
  dealStatus?: (solutionId: string) => ReactNode;
}

export function MyOffersPage({ title, dealLink, dealStatus }: Props) {
  const { t } = useTranslation();
  const list = useMyOffers();
  const remove = useDeletePost();
  return (
    <OwnPostsPage
      title={title}
      kind="offers"
      list={list}
      action={remove}
      dealLink={dealLink}
      extra={(solution) => (
        <>
          <span className="deal-card-line">
            {dealStatus?.(solution._id) ?? <StatusText status={solution.status} />}
          </span>
          <span className="deal-card-line">
            <Eye aria-hidden="true" size={15} />
            {t('deals.openedBy', { count: solution.visit_count ?? 0 })}
          </span>
          {/* D-32: the card opens the post, where its owner confirms or declines each request. */}
          <span className={`deal-card-line${solution.request_count ? ' deal-card-requests' : ''}`}>
            <Inbox aria-hidden="true" size={15} />
            {t('requests.cardLink', { count: solution.request_count ?? 0 })}
          </span>
        </>
      )}
    />
  );
}
