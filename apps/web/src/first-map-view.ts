// Issue 17: the map pages' early script. The server names it in the HTML of /dashboard and /map
// before the app's code (apps/server/src/plugins/web.ts), and the build bundles it apart, small
// and without React (screen-preloads-plugin.ts): it asks for the map's first posts about a second
// after the page arrives, where the app, on a slow link, could ask only seconds later.
import { ZOOM_CITY } from '@app/shared';
import { startFirstMapView } from './features/map/api/first-view-request';
import { isSignedIn } from './lib/session';

// The map pages are for a signed-in user; the app sends anyone else to sign in.
if (isSignedIn()) void startFirstMapView(ZOOM_CITY);
