// The body of every paged list of posts (lists, category screens, search results): the error with
// a retry, the empty text, the cards and 'Load more'. One place, so the three lists stay alike.
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@app/shared';
import { errorText } from '../../../lib/api-errors';
import { PostCard } from '../../../components/post-card';

interface Props {
  query: UseInfiniteQueryResult<InfiniteData<{ data: Solution[] }, unknown>>;
  items: Solution[];
  emptyText: string;
}

export function PagedPosts({ query, items, emptyText }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {/* A failed refresh of a list still shown (offline, the saved one) is not an error to show. */}
      {query.isError && (items.length === 0 || query.isFetchNextPageError) ? (
        <div className="card deal-problem">
          <p role="alert">{errorText(t, query.error)}</p>
          <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
            {t('lists.retry')}
          </button>
        </div>
      ) : null}
      {query.isSuccess && items.length === 0 ? <p className="card deal-empty">{emptyText}</p> : null}
      {items.length > 0 ? (
        <ul className="deal-list" aria-busy={query.isPlaceholderData}>
          {items.map((solution) => (
            <li key={solution._id}>
              <PostCard solution={solution} />
            </li>
          ))}
        </ul>
      ) : null}
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button-secondary deal-more"
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t('lists.loadingMore') : t('lists.loadMore')}
        </button>
      ) : null}
    </>
  );
}
