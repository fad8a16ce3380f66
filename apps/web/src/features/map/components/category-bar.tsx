// SPEC 2.3 item 1: the scrollable bar of the 12 categories on top of the map, one chosen at a
// time (again to unchoose), with a right arrow that scrolls it by SPEC 9's 150 px.
import { ChevronRight } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, CATEGORY_BAR_SCROLL_PX, pick, type CategoryId } from '@app/shared';
import { getLanguage } from '../../../lib/settings';

/** Sell/Buy (YouPropose) is free-form and has no place on the map's bar. */
export const MAP_CATEGORIES = CATEGORIES.filter((c) => c.id !== 'YouPropose');

export function CategoryBar({
  value,
  onChange,
}: {
  value: CategoryId | null;
  onChange: (category: CategoryId | null) => void;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const language = getLanguage();
  const scroll = () => {
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list.current?.scrollBy({ left: CATEGORY_BAR_SCROLL_PX, behavior: still ? 'auto' : 'smooth' });
  };
  return (
    <div className="category-bar" role="group" aria-label={t('map.categories')}>
      <ul id={listId} ref={list} className="category-bar-list">
        {MAP_CATEGORIES.map((category) => (
          <li key={category.id}>
            <button
              type="button"
              className="category-chip"
              aria-pressed={value === category.id}
              onClick={() => onChange(value === category.id ? null : category.id)}
            >
              {pick(category.name, language)}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="category-bar-next"
        aria-label={t('map.scrollCategories')}
        aria-controls={listId}
        onClick={scroll}
      >
        <ChevronRight aria-hidden="true" size={22} />
      </button>
    </div>
  );
}
