// SPEC 2.3 item 6: /selectionmap/{category}/{subCategoryId}. A map at zoom 15 on the user's
// position; a click or tap chooses the post's location. Keyboard users choose their position or
// the map's centre with buttons. Next opens the form named in the router state with the point,
// else the user's position, else the map's centre. D-26: a place search moves the map to a town
// and chooses it; a chosen point is named by its nearest city ("near Thiès, Senegal"), whose
// name, region and country the form's address receives.
import { Crosshair, LocateFixed } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { localeTag, type Place } from '@app/shared';
import { getLanguage } from '../../../lib/settings';
import { positionOf, usePosition } from '../../../lib/geolocation';
import type { Position } from '../../../lib/position';
import { useReversePlace } from '../api/places';
import { nextForm, nextState, type NamedPlace } from '../utils/selection';
import { PlaceSearch } from './place-search';
import { SelectionMap } from './selection-map';
import { numberFormat } from '../../../lib/intl';

export function SelectionMapPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const position = positionOf(usePosition());
  const [chosen, setChosenPoint] = useState<Position | null>(null);
  // A place picked by name names its own point; any other point is named by the server.
  const [picked, setPicked] = useState<Place | null>(null);
  const centre = useRef<Position | null>(null);
  const onCentre = useCallback((point: Position) => {
    centre.current = point;
  }, []);
  const setChosen = useCallback((point: Position) => {
    setPicked(null);
    setChosenPoint(point);
  }, []);
  const pickPlace = useCallback((place: Place) => {
    setPicked(place);
    setChosenPoint({ lat: place.lat, lng: place.lng });
  }, []);
  const nearest = useReversePlace(picked ? null : chosen);
  const searchNear = useCallback(() => centre.current ?? position, [position]);
  const named: NamedPlace | undefined = picked ?? nearest;

  const degrees = numberFormat(localeTag(getLanguage()), { maximumFractionDigits: 5 });
  const next = () => {
    const point = chosen ?? position ?? centre.current;
    if (!point) return;
    const place = point === chosen ? named : undefined;
    navigate(nextForm(location.state), { state: nextState(params, location.state, point, place) });
  };

  const status = !chosen
    ? t(position ? 'selectionMap.nothingChosen' : 'selectionMap.noPosition')
    : named
      ? t('placeSearch.chosenNear', { place: named.name, country: named.country_name })
      : // Not `lat`/`lng` as names: i18next reads an `lng` option as a language.
        t('selectionMap.chosen', { latitude: degrees.format(chosen.lat), longitude: degrees.format(chosen.lng) });

  return (
    <div className="map-screen selection-screen">
      <h1 className="visually-hidden">{title}</h1>
      <p className="selection-help">{t('selectionMap.instructions')}</p>
      <PlaceSearch near={searchNear} onPick={pickPlace} />
      <div className="map-stage selection-stage">
        <SelectionMap
          label={t('selectionMap.mapLabel')}
          position={position}
          chosen={chosen}
          onPick={setChosen}
          onCentre={onCentre}
          focus={picked ? chosen : null}
        />
      </div>
      <div className="selection-actions">
        <p className="selection-chosen" role="status">
          {status}
        </p>
        <div className="selection-buttons">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={!position}
            onClick={() => position && setChosen(position)}
          >
            <LocateFixed aria-hidden="true" size={18} />
            {t('selectionMap.useMyPosition')}
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => centre.current && setChosen(centre.current)}
          >
            <Crosshair aria-hidden="true" size={18} />
            {t('selectionMap.chooseCentre')}
          </button>
          <button type="button" className="button button-primary selection-next" onClick={next}>
            {t('selectionMap.next')}
          </button>
        </div>
      </div>
    </div>
  );
}
