// SPEC 2.3 item 7: the Clients list (/clients, needs) and the Suppliers list (/suppliers, offers):
// a small map of the listed posts at 50vh, the list newest first or nearest first, paged with
// 'Load more', and the Search modal. Public lists have no delete control.
import { useInfiniteQuery } from '@tanstack/react-query';
import { LocateFixed, Search, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SearchField, UserRole } from '@app/shared';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { solutionsQueryOptions } from '../api/get-solutions';
import { DEFAULT_SEARCH_FIELD, isSearchField, searchQueryOptions } from '../api/search-solutions';
import { usePositionOnDemand } from '../hooks/use-position';
import { isOffer } from '../utils/solution';
import { SearchModal } from './search-modal';
import { SolutionCard } from './solution-card';
import '../deals.css';

// Leaflet loads after the list: the list is what a user came for.
const ListMap = lazy(() => import('./list-map').then((m) => ({ default: m.ListMap })));

export function ClientsPage() {
  return <SolutionsListPage type="needSolution" />;
}

export function SuppliersPage() {
  return <SolutionsListPage type="provideSolution" />;
}

function SolutionsListPage({ type }: { type: UserRole }) {
  const { t } = useTranslation();
  const offer = isOffer(type);
  const [params, setParams] = useSearchParams();
  const searchText = params.get('search')?.trim() ?? '';
  const rawField = params.get('field');
  const field: SearchField = isSearchField(rawField) ? rawField : DEFAULT_SEARCH_FIELD;
  const searching = searchText !== '';
  const [searchOpen, setSearchOpen] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const [nearest, setNearest] = useState(false);
  const { position, request } = usePositionOnDemand();
  const near = nearest && position.status === 'ready' ? { lng: position.lng, lat: position.lat } : null;

  const listed = useInfiniteQuery({ ...solutionsQueryOptions(type, near), enabled: !searching });
  const found = useInfiniteQuery({ ...searchQueryOptions(type, field, searchText), enabled: searching });
  const query = searching ? found : listed;
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];

  const search = (text: string, chosen: SearchField) => {
    setSearchOpen(false);
    setParams({ search: text, field: chosen });
  };
  const clearSearch = () => {
    setParams({});
    searchButton.current?.focus();
  };
  const toggleNearest = () => {
    if (!nearest) request();
    setNearest(!nearest);
  };

  return (
    <Page title={t(offer ? 'lists.suppliersHeading' : 'lists.clientsHeading')} wide>
      <Suspense fallback={<div className="list-map-frame" />}>
        <ListMap items={items} label={t(offer ? 'lists.suppliersMap' : 'lists.clientsMap')} />
      </Suspense>

      <section className="deal-list-section" aria-labelledby="deal-list-title">
        <div className="deal-list-head">
          <h2 id="deal-list-title" className="deal-list-title">
            {t(offer ? 'lists.suppliersList' : 'lists.clientsList')}
          </h2>
          <div className="deal-toolbar">
            <button
              ref={searchButton}
              type="button"
              className="button button-secondary button-small"
              onClick={() => setSearchOpen(true)}
            >
              <Search aria-hidden="true" size={18} />
              {t('lists.search')}
            </button>
            {searching ? null : (
              <button
                type="button"
                className="button button-ghost button-small deal-toggle"
                aria-pressed={nearest}
                onClick={toggleNearest}
              >
                <LocateFixed aria-hidden="true" size={18} />
                {t('lists.nearestFirst')}
              </button>
            )}
          </div>
        </div>

        {searching ? (
          <div className="deal-search-summary">
            <p>{t('lists.resultsFor', { text: searchText, field: t(`lists.fields.${field}`) })}</p>
            <button type="button" className="button button-ghost button-small" onClick={clearSearch}>
              <X aria-hidden="true" size={18} />
              {t('lists.clearSearch')}
            </button>
          </div>
        ) : null}
        <p role="status" className="deal-position">
          {!searching && nearest && position.status === 'pending' ? t('lists.finding') : null}
          {!searching && nearest && position.status === 'off' ? t('lists.positionOff') : null}
        </p>

        {query.isPending ? <Spinner /> : null}
        {query.isError ? (
          <div className="card deal-problem">
            <p role="alert">{errorText(t, query.error)}</p>
            <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
              {t('lists.retry')}
            </button>
          </div>
        ) : null}
        {query.isSuccess && items.length === 0 ? <p className="card deal-empty">{t('errors.noResults')}</p> : null}
        {items.length > 0 ? (
          <ul className="deal-list">
            {items.map((solution) => (
              <li key={solution._id}>
                <SolutionCard solution={solution} />
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
      </section>

      {searchOpen ? (
        <SearchModal
          open
          initialText={searchText}
          initialField={field}
          onSearch={search}
          onClose={() => setSearchOpen(false)}
        />
      ) : null}
    </Page>
  );
}
