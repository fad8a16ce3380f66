// The map pages' early script. The server names it in the HTML of /dashboard and /map
// before the app's code (apps/server/src/plugins/web.ts), and the build bundles it apart, small
// and without React (screen-preloads-plugin.ts): it asks for the map's first posts and the tile
// server's address about a second after the page arrives, where the app, on a slow link, could
// ask only seconds later.
import { ZOOM_CITY } from '@app/shared';
import { startFirstMapView } from './features/map/api/first-view-request';
import { askClientConfigEarly } from './lib/client-config-request';
import { isSignedIn } from './lib/session';
import { isDataSaverOn } from './lib/settings';

// The map pages are for a signed-in user; the app sends anyone else to sign in.
if (isSignedIn()) {
  void startFirstMapView(ZOOM_CITY);
  // The tile server's address: the app asked for it only once its code had arrived and run.
  askClientConfigEarly();
  connectToTiles(document.currentScript?.dataset.tiles);
  applyScreenStyles();
}

/**
 * The map screen's stylesheets, which the page preloads without applying them (they must not hold
 * the skeleton's paint), applied now: each is then parsed as it arrives, in a task of its own.
 * Vite's loader otherwise added them in the app's start, whose longest task they lengthened by
 * about 14 ms on this machine (four times that on a slow phone); it finds them applied and adds
 * none. Their rules name only the map's own elements: the skeleton does not change.
 */
function applyScreenStyles(): void {
  for (const preload of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    // As written (the loader looks for this very href), and in the preload's mode, so it reuses it.
    link.setAttribute('href', preload.getAttribute('href') ?? '');
    link.crossOrigin = preload.crossOrigin;
    document.head.append(link);
  }
}

/**
 * D-25: the street tiles come from another server. Connecting to it now, while the app downloads,
 * saves the tiles its name lookup and handshakes (three or four round trips: over a second at
 * 400 ms each). Not with data saver on, which draws no street tiles.
 */
function connectToTiles(origin: string | undefined): void {
  if (!origin || isDataSaverOn()) return;
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  // As the tiles are asked for (crossOrigin="anonymous"): a connection is kept per such mode.
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}
