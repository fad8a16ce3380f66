// A category screen shows the open posts of that category under SPEC's preset cards,
// nearest first when the position is known (needs and offers together, each card saying which).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryId } from '@app/shared';
import { Spinner } from '../../../components/spinner';
import { positionOf, usePosition } from '../../../lib/geolocation';
import { EMPTY_SEARCH, postSearchQueryOptions } from '../api/search-posts';
import { PagedPosts } from './paged-posts';
import '../../../components/post-views.css';

export function CategoryPosts({ category }: { category: CategoryId }) {
  const { t } = useTranslation();
  const headingId = useId();
  const position = usePosition();
  const near = positionOf(position);
  const query = useInfiniteQuery({
    ...postSearchQueryOptions({ ...EMPTY_SEARCH, category }, near),
    // Without a position yet, wait for it (or its refusal) rather than load the list twice.
    enabled: position.status !== 'pending',
  });
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="deal-list-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="deal-list-title">
        {near ? t('categoryPosts.nearest') : t('categoryPosts.newest')}
      </h2>
      {query.isLoading || position.status === 'pending' ? <Spinner /> : null}
      <PagedPosts query={query} items={items} emptyText={t('categoryPosts.none')} />
    </section>
  );
}
