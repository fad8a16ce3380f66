// SPEC 2.3 items 1 and 2 (/dashboard and /map) with the search box over the map: the map
// screen (features/map) and the search (features/posts) meet here, with "Alert me" on the
// results (features/alerts, D-36): the search's words, type and category around the user.
import { AlertMeButton } from '../features/alerts/components/alert-me-button';
import { DEFAULT_ALERT_RADIUS_KM } from '../features/alerts/api/alerts';
import { PostSearch } from '../features/posts/components/post-search';
import { MapScreen } from '../features/map/components/map-screen';

export function DashboardScreen({ title }: { title: string }) {
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
    />
  );
}
