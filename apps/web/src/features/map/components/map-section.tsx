// The landing page's map for visitors. The map code (Leaflet, the country shapes) is large, and
// the landing page's first load must stay light: it downloads only when the section scrolls
// into view, or when the visitor asks for it.
import '../map-base.css';
import { Map as MapIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { MapLegend } from './map-legend';

const VisitorMap = lazy(() => import('./visitor-map').then((m) => ({ default: m.VisitorMap })));

export function MapSection({ onMarkerOpen }: { onMarkerOpen: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (wanted || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  return (
    <section className="map-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="map-section-title">
        {t('map.visitorTitle')}
      </h2>
      <p className="map-section-text">{t('map.visitorText')}</p>
      <MapLegend />
      <div ref={frame} className="map-section-frame">
        {wanted ? (
          <Suspense fallback={<Spinner />}>
            <VisitorMap onMarkerOpen={onMarkerOpen} />
          </Suspense>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => setWanted(true)}>
            <MapIcon aria-hidden="true" size={20} />
            {t('map.showMap')}
          </button>
        )}
      </div>
    </section>
  );
}
