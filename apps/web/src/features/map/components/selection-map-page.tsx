// SPEC 2.3 item 6: /selectionmap/{category}/{subCategoryId}. A map at zoom 15 on the user's
// position; a click or tap chooses the post's location. Keyboard users choose their position or
// the map's centre with buttons. Next opens the form named in the router state with the point,
// else the user's position, else the map's centre.
import { Crosshair, LocateFixed } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { localeTag } from '@app/shared';
import { getLanguage } from '../../../lib/settings';
import { positionOf, usePosition, type Position } from '../../../lib/geolocation';
import { nextForm, nextState } from '../utils/selection';
import { SelectionMap } from './selection-map';

export function SelectionMapPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const position = positionOf(usePosition());
  const [chosen, setChosen] = useState<Position | null>(null);
  const centre = useRef<Position | null>(null);
  const onCentre = useCallback((point: Position) => {
    centre.current = point;
  }, []);

  const degrees = new Intl.NumberFormat(localeTag(getLanguage()), { maximumFractionDigits: 5 });
  const next = () => {
    const point = chosen ?? position ?? centre.current;
    if (!point) return;
    navigate(nextForm(location.state), { state: nextState(params, location.state, point) });
  };

  const status = chosen
    ? // Not `lat`/`lng` as names: i18next reads an `lng` option as a language.
      t('selectionMap.chosen', { latitude: degrees.format(chosen.lat), longitude: degrees.format(chosen.lng) })
    : t(position ? 'selectionMap.nothingChosen' : 'selectionMap.noPosition');

  return (
    <div className="map-screen selection-screen">
      <h1 className="visually-hidden">{title}</h1>
      <p className="selection-help">{t('selectionMap.instructions')}</p>
      <div className="map-stage selection-stage">
        <SelectionMap
          label={t('selectionMap.mapLabel')}
          position={position}
          chosen={chosen}
          onPick={setChosen}
          onCentre={onCentre}
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
