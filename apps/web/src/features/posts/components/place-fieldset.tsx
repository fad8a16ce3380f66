// Where the post is (SPEC 2.3 item 6): the place chosen on the selection map or the device's
// position, and the way to the map once the category and subcategory are known.
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReversePlace } from '../../../lib/reverse-place';
import type { PlaceState } from '../utils/place';
import type { Problem } from '../utils/post-form';
import { problemText } from './form-field';

interface PlaceFieldsetProps {
  position: PlaceState;
  problem?: Problem;
  /** The selection map's path for the chosen subcategory, or null while none is chosen. */
  mapPath: string | null;
  /** The router state the selection map brings back to this form. */
  mapState: unknown;
  /** Called as the user leaves for the map (the form keeps a draft). */
  onLeave: () => void;
}

export function PlaceFieldset({ position, problem, mapPath, mapState, onLeave }: PlaceFieldsetProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="post-section">
      <legend>{t('postForm.placeLegend')}</legend>
      <Place position={position} problem={problem} />
      {mapPath ? (
        <Link
          className="button button-secondary button-small post-map-link"
          to={mapPath}
          state={mapState}
          onClick={onLeave}
          data-invalid={problem ? true : undefined}
        >
          <MapPin aria-hidden="true" size={18} />
          {position.status === 'ready' && position.from === 'map'
            ? t('postForm.changeOnMap')
            : t('postForm.chooseOnMap')}
        </Link>
      ) : (
        <p className="field-hint">{t('postForm.placeNeedsCategory')}</p>
      )}
    </fieldset>
  );
}

function Place({ position, problem }: { position: PlaceState; problem?: Problem | undefined }) {
  const { t } = useTranslation();
  // D-26: the place is named by its nearest city, as the selection map names it (the answer is
  // usually already cached from the map); the coordinates show only until the name arrives.
  const named = useReversePlace(position.status === 'ready' ? { lat: position.lat, lng: position.lng } : null);
  // Not `lng`: i18next reads that option as the language.
  const coords = (p: { lat: number; lng: number }) => ({ latitude: p.lat.toFixed(5), longitude: p.lng.toFixed(5) });
  const near = named ? { place: named.name, country: named.country_name } : null;
  const text =
    position.status === 'pending'
      ? t('postForm.placeFinding')
      : position.status === 'off'
        ? t('postForm.placeOff')
        : position.from === 'map'
          ? near
            ? t('postForm.placeFromMapNear', near)
            : t('postForm.placeFromMap', coords(position))
          : near
            ? t('postForm.placeFromDeviceNear', near)
            : t('postForm.placeFromDevice', coords(position));
  return (
    <p
      className={problem ? 'post-place field-problem' : 'post-place'}
      role={position.status === 'pending' ? 'status' : undefined}
    >
      {problem ? problemText(t, problem) : text}
    </p>
  );
}
