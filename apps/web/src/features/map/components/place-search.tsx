// D-26: a place search box over the selection map. Typing (debounced) asks GET /api/places near
// the map's centre; the list is a combobox's listbox: arrows move, Enter picks, Escape closes,
// and a click or tap picks too. Picking hands the place to the page, which moves the map there.
import '../place-search.css';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Place } from '@app/shared';
import type { Position } from '../../../lib/position';
import { usePlaceSearch } from '../api/places';

/** Milliseconds of quiet typing before asking the server. */
export const PLACE_SEARCH_DEBOUNCE_MS = 300;

export interface PlaceSearchProps {
  /** Where ranking favours nearby cities: the map's centre when the search is sent (a stable callback). */
  near: () => Position | null;
  onPick: (place: Place) => void;
}

/** Accents and case aside: GeoNames often spells the region as the city without accents ("Thies"). */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export const placeLine = (place: Place) =>
  [place.name, place.region && plain(place.region) !== plain(place.name) ? place.region : null, place.country_name]
    .filter(Boolean)
    .join(', ');

export function PlaceSearch({ near, onPick }: PlaceSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<{ q: string; near: Position | null }>({ q: '', near: null });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => {
    const timer = setTimeout(() => setAsked({ q: text.trim(), near: near() }), PLACE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, near]);

  const found = usePlaceSearch(asked.q, asked.near);
  const places = asked.q && text.trim() ? (found.data ?? []) : [];
  const settled = asked.q === text.trim() && found.isFetched && !found.isPlaceholderData;
  const showList = open && text.trim() !== '' && (places.length > 0 || settled);

  const pick = (place: Place) => {
    onPick(place);
    setText(place.name);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && places.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % places.length);
    } else if (event.key === 'ArrowUp' && places.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? places.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const place = places[active] ?? places[0];
      if (place && open) pick(place);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const listId = `${id}-places`;
  const optionId = (i: number) => `${id}-place-${i}`;
  return (
    <div className="place-search">
      <label className="place-search-label" htmlFor={`${id}-input`}>
        {t('placeSearch.label')}
      </label>
      <div className="place-search-box">
        <input
          id={`${id}-input`}
          className="place-search-input"
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder={t('placeSearch.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <ul
          id={listId}
          className="place-search-list"
          role="listbox"
          aria-label={t('placeSearch.results')}
          hidden={!showList}
        >
          {places.map((place, i) => (
            <li
              key={`${place.name}-${place.lat}-${place.lng}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'place-search-option is-active' : 'place-search-option'}
              // Keep the focus in the box: the blur would close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
            >
              {placeLine(place)}
            </li>
          ))}
          {places.length === 0 && settled ? <li className="place-search-empty">{t('placeSearch.noResult')}</li> : null}
        </ul>
      </div>
    </div>
  );
}
