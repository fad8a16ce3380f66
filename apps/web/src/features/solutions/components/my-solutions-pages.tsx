// SPEC 2.3 items 11 and 12: My Offers (own posts, delete with confirmation, visits) and My Orders
// (accepted posts; delete rejects the order, D-6). Both open each post's detail.
import { Eye, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Solution } from '@app/shared';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { useDeleteSolution } from '../api/delete-solution';
import { useMySolutions } from '../api/get-my-solutions';
import { dealOfSolution, useDeals } from '../api/get-deals';
import { useRejectSolution } from '../api/reject-solution';
import { postTitleOf } from '../../../lib/post-title';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { OpenDealLink } from './deal-link';
import { PostCard } from '../../../components/post-card';
import { StatusText } from './status-text';
import '../../../components/post-views.css';

type Kind = 'offers' | 'orders';

export function MyOffersPage({ title }: { title: string }) {
  return <MySolutionsPage title={title} kind="offers" />;
}

export function MyOrdersPage({ title }: { title: string }) {
  return <MySolutionsPage title={title} kind="orders" />;
}

function MySolutionsPage({ title, kind }: { title: string; kind: Kind }) {
  const { t } = useTranslation();
  const list = useMySolutions(kind);
  // D-27: an accepted post opens its deal (the other party, contacts, messages).
  const deals = useDeals();
  const remove = useDeleteSolution();
  const reject = useRejectSolution();
  const action = kind === 'offers' ? remove : reject;
  const [asking, setAsking] = useState<Solution | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = () => {
    if (!asking) return;
    const target = asking;
    setProblem(null);
    action.mutate(target._id, {
      onSuccess: () => {
        setAsking(null);
        setDone(t(kind === 'offers' ? 'deals.solutionDeleted' : 'deals.orderDeleted', { title: postTitleOf(target) }));
      },
      onError: (error) => {
        setAsking(null);
        setProblem(errorText(t, error));
      },
    });
  };

  return (
    <Page title={title} wide>
      <div role="status" className="deal-live">
        {done ? <p className="notice notice-success">{done}</p> : null}
      </div>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <div className="card deal-problem">
          <p role="alert">{errorText(t, list.error)}</p>
          <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
            {t('lists.retry')}
          </button>
        </div>
      ) : null}
      {list.data?.length === 0 ? (
        <div className="card deal-empty">
          <p>{t('errors.noData')}</p>
          {kind === 'orders' ? (
            <Link className="button button-secondary" to="/suppliers">
              {t('deals.browseSuppliers')}
            </Link>
          ) : null}
        </div>
      ) : null}
      {list.data && list.data.length > 0 ? (
        <ul className="deal-list">
          {list.data.map((solution) => (
            <li key={solution._id}>
              <PostCard
                solution={solution}
                extra={
                  kind === 'offers' ? (
                    <>
                      <span className="deal-card-line">
                        <StatusText status={solution.status} />
                      </span>
                      <span className="deal-card-line">
                        <Eye aria-hidden="true" size={15} />
                        {t('deals.openedBy', { count: solution.visit_count ?? 0 })}
                      </span>
                    </>
                  ) : undefined
                }
                actions={
                  <>
                    {(() => {
                      const deal = dealOfSolution(deals.data, solution._id);
                      return deal && deal.status !== 'cancelled' ? <OpenDealLink deal={deal} /> : null;
                    })()}
                    <button
                      type="button"
                      className="button button-small button-danger-outline"
                      aria-label={t(kind === 'offers' ? 'deals.deleteSolution' : 'deals.deleteOrder', {
                        title: postTitleOf(solution),
                      })}
                      onClick={() => {
                        setDone(null);
                        setAsking(solution);
                      }}
                    >
                      <Trash2 aria-hidden="true" size={18} />
                      {t('deals.delete')}
                    </button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      {asking ? (
        <ConfirmDialog
          question={t(kind === 'offers' ? 'deals.confirmDeleteSolution' : 'deals.confirmDeleteOrder')}
          busy={action.isPending}
          onYes={confirm}
          onNo={() => setAsking(null)}
        />
      ) : null}
    </Page>
  );
}
