// /deals: every deal of the user, both sides, newest first (GET /api/deals), each with the other
// party, the post, the deal's state and its unread messages; each opens its deal page.
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DealStatusWord } from './deal-status-word';
import { PersonSummary } from '../../../components/person-summary';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { dealPath, useDeals } from '../api/get-deals';
import { postTitleOf } from '../../../lib/post-title';
import { formatMoment } from '../../../lib/post';
import '../../../components/post-views.css';
import '../deal-page.css';

export function DealsListPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const deals = useDeals();
  return (
    <Page title={title} wide>
      {deals.isPending ? <Spinner /> : null}
      {deals.isError ? (
        <div className="card deal-problem">
          <p role="alert">{errorText(t, deals.error)}</p>
          <button type="button" className="button button-secondary" onClick={() => void deals.refetch()}>
            {t('dealPage.retry')}
          </button>
        </div>
      ) : null}
      {deals.data?.length === 0 ? (
        <div className="card deal-empty">
          <p>{t('errors.noData')}</p>
        </div>
      ) : null}
      {deals.data && deals.data.length > 0 ? (
        <ul className="deal-list">
          {deals.data.map((deal) => (
            <li key={deal._id}>
              <article className="deal-card">
                <Link to={dealPath(deal._id)} className="deal-card-link">
                  <span className="deal-card-body">
                    <span className="deal-card-kind">
                      {t(deal.role === 'owner' ? 'dealList.yourPost' : 'dealList.youAccepted')}
                      {` · ${formatMoment(deal.accepted_at)}`}
                    </span>
                    <span className="deal-card-title">{postTitleOf(deal.solution)}</span>
                    <PersonSummary person={deal.counterpart} size="compact" />
                    <span className="deal-card-line">
                      <DealStatusWord deal={deal} />
                      {deal.unread_count ? (
                        <span className="deal-unread">{t('dealList.unread', { count: deal.unread_count })}</span>
                      ) : null}
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" size={20} />
                </Link>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
