import '../map-base.css';
import { Search, Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** What the two markers mean (SPEC 1: needs blue, offers green), drawn as the markers are. */
export function MapLegend() {
  const { t } = useTranslation();
  return (
    <ul className="map-legend">
      <li>
        <span className="map-legend-swatch map-marker-need" aria-hidden="true">
          <Search size={11} strokeWidth={3} />
        </span>
        {t('map.legendNeed')}
      </li>
      <li>
        <span className="map-legend-swatch map-marker-offer" aria-hidden="true">
          <Tag size={11} strokeWidth={3} />
        </span>
        {t('map.legendOffer')}
      </li>
      {/* D-35: most posts are shown as an area around their public point. */}
      <li>
        <span className="map-legend-swatch map-legend-area" aria-hidden="true" />
        {t('approximate.legendArea')}
      </li>
    </ul>
  );
}
