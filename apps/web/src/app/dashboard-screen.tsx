// SPEC 2.3 items 1 and 2 (/dashboard and /map) with the search box over the map: the map
// screen (features/map) and the search (features/posts) meet here, with "Alert me" on the
// results (features/alerts, D-36): the search's words, type and category around the user; and on
// the map's filters: the chosen category in the visible area (its centre, the radius holding it).
import { useTranslation } from 'react-i18next';
import { AlertMeButton } from '../features/alerts/components/alert-me-button';
import { DEFAULT_ALERT_RADIUS_KM } from '../features/alerts/api/alerts';
import { PostSearch } from '../features/posts/components/post-search';
import { MapScreen } from '../features/map/components/map-screen';

const MAX_ALERT_RADIUS_KM = 200;

export function DashboardScreen({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <MapScreen
      title={title}
      search={(position) => (
        <PostSearch
          variant="overlay"
          position={position}
          resultsExtra={(search, near) => (
            <AlertMeButton
              key={JSON.stringify(search)}
              draft={
                near
                  ? {
                      type: search.type,
                      q: search.q,
                      category: search.category,
                      near,
                      radiusKm: Math.min(200, search.radiusKm ?? DEFAULT_ALERT_RADIUS_KM),
                    }
                  : null
              }
            />
          )}
        />
      )}
      filtersExtra={({ category, area }) => (
        <AlertMeButton
          key={`${category ?? ''}@${area ? `${area.lat.toFixed(3)},${area.lng.toFixed(3)},${Math.round(area.radiusKm)}` : ''}`}
          label={t('alerts.alertMeHere')}
          draft={
            // D-36: an alert's radius is 1-200 km; a wider view (the world before the position
            // comes) is no place to be alerted about, so the button waits for a closer one.
            area && area.radiusKm <= MAX_ALERT_RADIUS_KM
              ? { category, near: { lat: area.lat, lng: area.lng }, radiusKm: Math.max(1, area.radiusKm) }
              : null
          }
        />
      )}
    />
  );
}
