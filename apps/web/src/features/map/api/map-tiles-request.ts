// A visitor's map asks for the web-map tiles covering its viewport (tiled-map-view.ts); a
// signed-in user's asks for the viewport (map-view-request.ts, D-35), and never loads the tiles'
// code: a cold signed-in map screen asks for no more files than before.
import { isSignedIn } from '../../../lib/session';
import { getViewportMapView, type MapView, type MapViewInput } from './map-view-request';

/** A view for whoever asks: tiles for a visitor, the viewport for a signed-in user. */
export const getMapView = (input: MapViewInput): Promise<MapView> =>
  isSignedIn()
    ? getViewportMapView(input)
    : import('./tiled-map-view').then(({ getTiledMapView }) => getTiledMapView(input));
