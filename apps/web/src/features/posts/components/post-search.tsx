// One search box, always on the dashboard and the lists. Words (title, description,
// city, category names; either language), with filters for need or offer, category, a distance
// around the user and a price range in the user's currency. The search lives in the address bar
// (q, type, category, radius_km, min_price, max_price), so Back and a shared link keep it.
// Results come nearest first when the position is known, each card saying how far and how old.
import { Search, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CATEGORIES, pick, type CategoryId, type UserRole } from '@app/shared';
import { Spinner } from '../../../components/spinner';
import { positionOf, usePosition, type AskedPosition } from '../../../lib/geolocation';
import { getCurrency, getLanguage } from '../../../lib/settings';
import {
  EMPTY_SEARCH,
  SEARCH_RADII,
  isSearching,
  readPostSearch,
  writePostSearch,
  type PostSearch as Search_,
} from '../api/search-posts';
import '../post-search.css';

// The results and their cards load on the first search, not with the dashboard's map.
const SearchResults = lazy(() => import('./search-results').then((m) => ({ default: m.SearchResults })));

interface Props {
  /** 'overlay': the dashboard, results over the map; 'list': the lists, results replace the list. */
  variant: 'overlay' | 'list';
  /** What shows while nothing is searched (the list). */
  children?: ReactNode;
  /** The screen's own position, when it already asks for one; else the search asks. */
  position?: AskedPosition;
  /** Beside the results (the app layer's "Alert me", D-36). */
  resultsExtra?: (search: Search_, near: { lat: number; lng: number } | null) => ReactNode;
}

export function PostSearch({ variant, children, position: given, resultsExtra }: Props) {
  const [params, setParams] = useSearchParams();
  const search = readPostSearch(params);
  const active = isSearching(search);
  const own = usePosition(given === undefined);
  const position = given ?? own;
  const near = positionOf(position);
  // After "Clear search" the new form's box takes the focus (the results it was in are gone).
  const [refocus, setRefocus] = useState(false);

  const apply = (next: Search_) => {
    setRefocus(false);
    setParams(writePostSearch(params, next));
  };
  const clear = () => {
    apply(EMPTY_SEARCH);
    setRefocus(true);
  };

  return (
    <div className={`post-search post-search-${variant}`}>
      {/* The form starts again from the address bar when the search changes from elsewhere (Back). */}
      <SearchForm
        key={params.toString()}
        initial={search}
        positionKnown={near !== null}
        positionOff={position.status === 'off'}
        focus={refocus}
        onSearch={apply}
      />
      {active ? (
        <Suspense fallback={<Spinner />}>
          <SearchResults
            search={search}
            near={near}
            variant={variant}
            onClear={clear}
            extra={resultsExtra?.(search, near)}
          />
        </Suspense>
      ) : (
        children
      )}
    </div>
  );
}

function SearchForm({
  initial,
  positionKnown,
  positionOff,
  focus,
  onSearch,
}: {
  initial: Search_;
  positionKnown: boolean;
  positionOff: boolean;
  focus: boolean;
  onSearch: (search: Search_) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const language = getLanguage();
  const currency = t(`settings.${getCurrency()}`);
  const [draft, setDraft] = useState<Search_>(initial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  const filterCount = [
    initial.type,
    initial.category,
    initial.radiusKm,
    initial.minPrice || null,
    initial.maxPrice || null,
  ].filter((v) => v !== null).length;
  const [open, setOpen] = useState(false);
  const set = <K extends keyof Search_>(name: K, value: Search_[K]) => setDraft((d) => ({ ...d, [name]: value }));

  return (
    <form
      className="post-search-form"
      role="search"
      aria-label={t('postSearch.label')}
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(false);
        onSearch(draft);
      }}
    >
      <div className="post-search-row">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {t('postSearch.words')}
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          className="post-search-input"
          type="search"
          enterKeyHint="search"
          maxLength={100}
          autoComplete="off"
          placeholder={t('postSearch.placeholder')}
          value={draft.q}
          onChange={(event) => set('q', event.target.value)}
        />
        <button type="submit" className="button button-primary post-search-go">
          <Search aria-hidden="true" size={18} />
          <span>{t('postSearch.submit')}</span>
        </button>
        <button
          type="button"
          className="button button-secondary post-search-filters-toggle"
          aria-expanded={open}
          aria-controls={`${id}-filters`}
          onClick={() => setOpen(!open)}
        >
          <SlidersHorizontal aria-hidden="true" size={18} />
          <span>
            {filterCount > 0 ? t('postSearch.filtersCount', { count: filterCount }) : t('postSearch.filters')}
          </span>
        </button>
      </div>
      <fieldset id={`${id}-filters`} className="post-search-filters" hidden={!open}>
        <legend className="visually-hidden">{t('postSearch.filters')}</legend>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('postSearch.type')}</label>
          <select
            id={`${id}-type`}
            value={draft.type ?? ''}
            onChange={(event) => set('type', (event.target.value || null) as UserRole | null)}
          >
            <option value="">{t('postSearch.anyType')}</option>
            <option value="needSolution">{t('postSearch.needs')}</option>
            <option value="provideSolution">{t('postSearch.offers')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>{t('postSearch.category')}</label>
          <select
            id={`${id}-category`}
            value={draft.category ?? ''}
            onChange={(event) => set('category', (event.target.value || null) as CategoryId | null)}
          >
            <option value="">{t('postSearch.anyCategory')}</option>
            {CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {pick(c.name, language)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-radius`}>{t('postSearch.distance')}</label>
          <select
            id={`${id}-radius`}
            value={draft.radiusKm ?? ''}
            disabled={!positionKnown}
            aria-describedby={positionKnown ? undefined : `${id}-radius-hint`}
            onChange={(event) => set('radiusKm', event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">{t('postSearch.anyDistance')}</option>
            {SEARCH_RADII.map((km) => (
              <option key={km} value={km}>
                {t('postSearch.within', { km })}
              </option>
            ))}
          </select>
          {positionKnown ? null : (
            <p id={`${id}-radius-hint`} className="field-hint">
              {positionOff ? t('postSearch.distanceOff') : t('postSearch.distanceFinding')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-min`}>{t('postSearch.minPrice', { currency })}</label>
          <input
            id={`${id}-min`}
            type="number"
            inputMode="decimal"
            min="0"
            step="any"
            value={draft.minPrice}
            onChange={(event) => set('minPrice', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-max`}>{t('postSearch.maxPrice', { currency })}</label>
          <input
            id={`${id}-max`}
            type="number"
            inputMode="decimal"
            min="0"
            step="any"
            value={draft.maxPrice}
            onChange={(event) => set('maxPrice', event.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary post-search-apply">
          {t('postSearch.apply')}
        </button>
      </fieldset>
    </form>
  );
}
