// SPEC 2.3 item 1 and 6 for a visitor: the map and its markers at zoom 2 around the visitor's
// position; opening a marker asks to sign in (the app passes the prompt).
import { useTranslation } from 'react-i18next';
import { ZOOM_VISITOR } from '@app/shared';
import { usePosition } from '../../../lib/geolocation';
import { PostsMap } from './posts-map';

export function VisitorMap({ onMarkerOpen }: { onMarkerOpen: () => void }) {
  const { t } = useTranslation();
  const position = usePosition();
  return (
    <div className="map-stage visitor-map">
      <PostsMap label={t('map.label')} asked={position} zoom={ZOOM_VISITOR} onVisitorOpen={onMarkerOpen} />
    </div>
  );
}
