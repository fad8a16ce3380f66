// SPEC 2.3 item 7: the Clients list (/clients, needs) and the Suppliers list (/suppliers, offers):
// a small map of the listed posts at 50vh, the list paged with 'Load more', and the Search modal.
// Public lists have no delete control. The search box stays on top, and the list comes
// nearest first whenever the position is known ('Nearest first' turns it off for newest first).
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { LocateFixed, Search, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SearchField, UserRole } from '@app/shared';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { usePosition } from '../../../lib/geolocation';
import { postsQueryOptions, type SolutionPage } from '../api/get-posts';
import { DEFAULT_SEARCH_FIELD, isSearchField, searchQueryOptions } from '../api/search-posts-by-field';
import { isOffer } from '../../../lib/post';
import { postKeys } from '../../../lib/post-keys';
import { PostSearch } from './post-search';
import { SearchModal } from './search-modal';
import { PagedPosts } from './paged-posts';
import '../../../components/post-views.css';

// Leaflet loads after the list: the list is what a user came for.
const ListMap = lazy(() => import('./list-map').then((m) => ({ default: m.ListMap })));

export function ClientsPage() {
  return <SolutionsListPage type="needSolution" />;
}

export function SuppliersPage() {
  return <SolutionsListPage type="provideSolution" />;
}

/** How long the list waits for a position before it shows the newest posts. */
const POSITION_WAIT_MS = 1500;

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
  const [nearest, setNearest] = useState(true);
  // Whether the user turned 'Nearest first' on themselves (then a missing position is said).
  const [asked, setAsked] = useState(false);
  const position = usePosition();
  const { request } = position;
  const near = nearest && position.status === 'ready' ? { lng: position.lng, lat: position.lat } : null;
  // A position usually comes within a moment: wait that long rather than load the list twice.
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), POSITION_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const settled = !nearest || position.status !== 'pending' || waited;

  const client = useQueryClient();
  const listed = useInfiniteQuery({
    ...postsQueryOptions(type, near),
    enabled: !searching && settled,
    // Offline, the list saved on the last visit shows even if it was read for another
    // position (or newest first, when the position came late), rather than nothing.
    placeholderData: (previous) =>
      previous ??
      (navigator.onLine
        ? undefined
        : client
            .getQueriesData<InfiniteData<SolutionPage, string | null>>({ queryKey: postKeys.lists(type) })
            .map(([, data]) => data)
            .find((data) => data !== undefined)),
  });
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
    if (!nearest) {
      request();
      setAsked(true);
    }
    setNearest(!nearest);
  };

  return (
    <Page title={t(offer ? 'lists.suppliersHeading' : 'lists.clientsHeading')} wide>
      <PostSearch variant="list" position={position}>
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
            {!searching && nearest && asked && position.status === 'pending' ? t('lists.finding') : null}
            {!searching && nearest && asked && position.status === 'off' ? t('lists.positionOff') : null}
          </p>

          {query.isPending ? <Spinner /> : null}
          <PagedPosts query={query} items={items} emptyText={t('errors.noResults')} />
        </section>
      </PostSearch>

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
