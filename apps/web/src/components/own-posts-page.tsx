// SPEC 2.3 items 11 and 12: the screen My Offers (features/posts: own posts, delete with
// confirmation, visits) and My Orders (features/deals: accepted posts; delete rejects the order,
// D-6) share. Both open each post's detail; each feature brings its list, its delete and the link
// to a post's deal.
import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { Solution } from '@app/shared';
import { Page } from './page';
import { Spinner } from './spinner';
import { errorText } from '../lib/api-errors';
import { isOffer } from '../lib/post';
import { postTitleOf } from '../lib/post-title';
import { ConfirmDialog } from './confirm-dialog';
import { PostCard } from './post-card';
import './post-views.css';

interface Props<T> {
  title: string;
  /** Which texts the screen shows: an owner deletes an offer, an acceptor drops an order. */
  kind: 'offers' | 'orders';
  list: UseQueryResult<Solution[]>;
  /** The delete behind the Yes/No question, by the post's id. */
  action: Pick<UseMutationResult<T, Error, string>, 'mutate' | 'isPending'>;
  /** Lines under a post's card. */
  extra?: (solution: Solution) => ReactNode;
  /** D-27: an accepted post opens its deal (the other party, contacts, messages). */
  dealLink?: (solutionId: string) => ReactNode;
  /** What deleting this post does (who is told, what ends, a fee kept), under the question. */
  consequence?: (solution: Solution) => string | undefined;
}

export function OwnPostsPage<T>({ title, kind, list, action, extra, dealLink, consequence }: Props<T>) {
  const { t } = useTranslation();
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
                // One's own posts say "Your need"; an order names whose post it is ("Awa's offer").
                kindLabel={
                  kind === 'offers'
                    ? t(isOffer(solution.user_role) ? 'cards.yourOffer' : 'cards.yourNeed')
                    : t(isOffer(solution.user_role) ? 'cards.theirOffer' : 'cards.theirNeed', {
                        name: solution.user.firstName,
                      })
                }
                extra={extra?.(solution)}
                actions={
                  <>
                    {dealLink?.(solution._id)}
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
          detail={consequence?.(asking)}
          busy={action.isPending}
          onYes={confirm}
          onNo={() => setAsking(null)}
        />
      ) : null}
    </Page>
  );
}
