// SPEC 2.3 items 1 and 2: /dashboard and /map. The full-height map of posts centred on the user,
// the category bar on top, the tooltip, the round plus button and its post modal, and the
// location modal when no coordinates come.
// The kit's stylesheet (Leaflet's first) before the screen's own, as the map itself has them.
import '../../../components/map/map-kit.css';
import '../map.css';
import { Plus, X } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { findCategory, ZOOM_CITY, type CategoryId } from '@app/shared';
import { positionOf, useLocationPrompt, usePosition, type AskedPosition } from '../../../lib/geolocation';
import { usePositionCountry } from '../../../lib/position-country';
import { CategoryBar } from './category-bar';
import { LocationModal } from '../../../components/location-modal';
import { MapTooltip } from './map-tooltip';
import { PostModal } from './post-modal';
import type { MapArea } from './posts-map';

// The map itself (Leaflet and the markers) is a chunk of its own, downloaded alongside
// (map-chunks-plugin.ts): the screen around it, with its tooltip or SPEC 4's location modal,
// shows without waiting for Leaflet to run, the heaviest part of a slow phone's start.
const PostsMap = lazy(() => import('./posts-map').then((m) => ({ default: m.PostsMap })));

interface Props {
  title: string;
  /** The search box above the map, given the screen's position (composed in app/). */
  search?: (position: AskedPosition) => ReactNode;
  /** Beside the map's filters (composed in app/): given the chosen category and the visible area. */
  filtersExtra?: (filters: { category: CategoryId | null; area: MapArea | null }) => ReactNode;
}

export function MapScreen({ title, search, filtersExtra }: Props) {
  const { t } = useTranslation();
  const position = usePosition();
  const locationPrompt = useLocationPrompt(position);
  // D-24: the country the device is in sets the currency and dial code until the user has one.
  usePositionCountry(positionOf(position));
  const [category, setCategory] = useState<CategoryId | null>(null);
  const [alert, setAlert] = useState(false);
  const [posting, setPosting] = useState(false);
  const [area, setArea] = useState<MapArea | null>(null);
  const chosen = category ? (findCategory(category) ?? null) : null;

  const choose = (next: CategoryId | null) => {
    setCategory(next);
    if (next) setAlert(false);
  };
  // SPEC 5: a category must be chosen on the bar before posting.
  const plus = () => {
    if (!chosen) return setAlert(true);
    setAlert(false);
    setPosting(true);
  };

  return (
    <div className="map-screen">
      <h1 className="visually-hidden">{title}</h1>
      {search?.(position)}
      <CategoryBar value={category} onChange={choose} />
      {alert ? (
        <div className="map-alert" role="alert">
          <p>{t('errors.selectCategory')}</p>
          <button type="button" className="icon-button" aria-label={t('map.dismiss')} onClick={() => setAlert(false)}>
            <X aria-hidden="true" size={20} />
          </button>
        </div>
      ) : null}
      <div className="map-stage">
        <Suspense
          fallback={
            <div className="posts-map map-waiting">
              <span className="map-loading" aria-hidden="true" />
            </div>
          }
        >
          <PostsMap label={t('map.label')} asked={position} zoom={ZOOM_CITY} category={category} onArea={setArea} />
        </Suspense>
        {filtersExtra ? <div className="map-filters-extra">{filtersExtra({ category, area })}</div> : null}
        <MapTooltip />
        <button type="button" className="map-plus" aria-label={t('map.post')} onClick={plus}>
          <Plus aria-hidden="true" size={30} strokeWidth={2.5} />
        </button>
      </div>
      <PostModal category={posting ? chosen : null} onClose={() => setPosting(false)} />
      <LocationModal open={locationPrompt.open} onClose={locationPrompt.dismiss} />
    </div>
  );
}
