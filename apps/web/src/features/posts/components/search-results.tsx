// The answers of the search box, under it on the lists and over the map on the
// dashboard: a count, "Clear search", and the cards, nearest first when the position is known.
import { useInfiniteQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { postSearchQueryOptions, type PostSearch } from '../api/search-posts';
import { PagedPosts } from './paged-posts';
import '../../../components/post-views.css';

export function SearchResults({
  search,
  near,
  variant,
  onClear,
  extra,
}: {
  search: PostSearch;
  near: { lat: number; lng: number } | null;
  variant: 'overlay' | 'list';
  onClear: () => void;
  /** Under the count: the app layer's "Alert me" (D-36). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useInfiniteQuery(postSearchQueryOptions(search, near));
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section
      className={`post-search-results ${variant === 'overlay' ? 'post-search-results-overlay' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="post-search-results-head">
        <h2 id={headingId} className="post-search-results-title">
          {search.q ? t('postSearch.resultsFor', { text: search.q }) : t('postSearch.results')}
        </h2>
        <button type="button" className="button button-ghost button-small" onClick={onClear}>
          <X aria-hidden="true" size={18} />
          {t('postSearch.clear')}
        </button>
      </div>
      <p role="status" className="post-search-status">
        {query.isSuccess
          ? near
            ? t('postSearch.foundNear', { count: items.length, more: query.hasNextPage ? '+' : '' })
            : t('postSearch.found', { count: items.length, more: query.hasNextPage ? '+' : '' })
          : null}
      </p>
      {extra}
      {query.isPending ? <Spinner /> : null}
      <PagedPosts query={query} items={items} emptyText={t('errors.noResults')} />
    </section>
  );
}
