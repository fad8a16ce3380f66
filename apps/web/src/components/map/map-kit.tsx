// The map kit: the pieces every map of the app shares (the dashboard's, the selection
// map, the lists' small map): its accessible name, the basemap of D-19, the user's position with
// its pulse marker, and the world's bounds. Leaflet's stylesheet and the markers' come with it.
import type { FeatureCollection, Geometry } from 'geojson';
import type { LatLngBoundsExpression, PathOptions, PopupEvent } from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeoJSON, Marker, Pane, TileLayer, useMap } from 'react-leaflet';
import { useClientConfig } from '../../lib/client-config';
import { recordSaved, TILE_BYTES, useDataSaver } from '../../lib/data-saver';
import type { Position } from '../../lib/position';
import { pulseIcon } from './marker-icons';
import { PlaceLabels } from './place-labels';
import { shapeBatches } from './shape-batches';
import './map-kit.css';

/** One world, no copies: the country shapes exist once, so the map does not repeat sideways. */
export const WORLD_BOUNDS: LatLngBoundsExpression = [
  [-85.06, -180],
  [85.06, 180],
];
export { DEFAULT_CENTRE, MIN_ZOOM } from './placeholder-view';

/** Names the map for assistive technology and translates Leaflet's own English labels. */
export function MapSetup({ label }: { label: string }) {
  const map = useMap();
  const { t } = useTranslation();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-roledescription', t('map.roleDescription'));
  }, [map, label, t]);
  // Leaflet measures its container only on window resizes: the side bar collapsing or the alert
  // strip appearing also change its size.
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  useEffect(() => {
    const onOpen = (event: PopupEvent) => {
      const popup = event.popup.getElement();
      popup?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', t('map.closePopup'));
      // A popup opened from the keyboard is reachable at once: focus its first link.
      popup?.querySelector<HTMLElement>('.map-popup a')?.focus({ preventScroll: true });
    };
    map.on('popupopen', onOpen);
    return () => {
      map.off('popupopen', onOpen);
    };
  }, [map, t]);
  return null;
}

const LAND: PathOptions = {
  className: 'map-country',
  color: '#9c9484',
  weight: 0.7,
  fillColor: '#f4f1e8',
  fillOpacity: 1,
  interactive: false,
};

let world: Promise<FeatureCollection<Geometry | null>> | null = null;
/** The country shapes, downloaded once per visit as their own chunk. */
export function loadWorld(): Promise<FeatureCollection<Geometry | null>> {
  world ??= import('./world')
    .then((m) => m.worldCountries())
    .catch((error: unknown) => {
      world = null; // Try again on the next map.
      throw error;
    });
  return world;
}

/** How long the shapes wait for a map's first markers at most (see Basemap's `shapesAfter`). */
const SHAPES_WAIT_MS = 4_000;

function CountryShapes({ wait }: { wait: boolean }) {
  const [batches, setBatches] = useState<FeatureCollection<Geometry | null>[] | null>(null);
  // One batch more per task, so that drawing the world never blocks the page for long.
  const [shown, setShown] = useState(1);
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLongEnough(true), SHAPES_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const load = !wait || waitedLongEnough;
  useEffect(() => {
    if (!load) return;
    let live = true;
    loadWorld().then(
      (c) => live && setBatches(shapeBatches(c)),
      () => undefined, // Offline before the chunk was cached: the sea colour alone still shows the markers.
    );
    return () => {
      live = false;
    };
  }, [load]);
  useEffect(() => {
    if (!batches || shown >= batches.length) return;
    const timer = setTimeout(() => setShown((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [batches, shown]);
  if (!batches) return null;
  return batches
    .slice(0, shown)
    .map((batch, i) => (
      <GeoJSON
        key={i}
        data={batch}
        style={LAND}
        interactive={false}
        attribution={i === 0 ? 'Natural Earth' : undefined}
      />
    ));
}

/** D-25: the country shapes' own pane, below Leaflet's tile pane (z-index 200): tiles cover them. */
const SHAPES_PANE = 'basemap-shapes';
const SHAPES_PANE_STYLE = { zIndex: 150 };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Leaflet shows attributions as HTML: the server's text is escaped, its link made safe. */
export function attributionHtml(credit: { text: string; url: string | null } | null | undefined): string {
  if (!credit) return '';
  const text = escapeHtml(credit.text);
  if (!credit.url?.startsWith('https://')) return text;
  return `<a href="${escapeHtml(credit.url)}" target="_blank" rel="noopener noreferrer">${text}</a>`;
}

/**
 * D-25: street tiles from the server's TILE_URL. When none of the first tiles loads (no signal,
 * the tile server refuses), the layer is dropped and the shapes beneath are the map.
 */
function StreetTiles({ url, attribution, onFailed }: { url: string; attribution: string; onFailed: () => void }) {
  const [failed, setFailed] = useState(false);
  const counts = useRef({ loaded: 0, failed: 0 });
  const handlers = useMemo(
    () => ({
      tileload: () => {
        counts.current.loaded += 1;
      },
      tileerror: () => {
        counts.current.failed += 1;
        if (counts.current.loaded === 0) {
          setFailed(true);
          onFailed();
        }
      },
    }),
    [onFailed],
  );
  if (failed) return null;
  return (
    <TileLayer
      url={url}
      noWrap
      bounds={WORLD_BOUNDS}
      attribution={attribution}
      // The page sends no referrer (security headers); OpenStreetMap's tile policy asks for one.
      referrerPolicy="strict-origin-when-cross-origin"
      // With CORS the service worker's tile cache keeps real bytes, not padded opaque answers.
      crossOrigin="anonymous"
      className="map-tiles"
      eventHandlers={handlers}
    />
  );
}

/** Counts the street tiles each view would have downloaded without data saver. */
function SkippedTiles() {
  const map = useMap();
  useEffect(() => {
    const count = () => {
      const zoom = Math.round(map.getZoom());
      const pixels = map.getPixelBounds();
      if (!pixels.min || !pixels.max) return;
      const last = 2 ** zoom - 1;
      const from = pixels.min.divideBy(256).floor();
      const to = pixels.max.divideBy(256).floor();
      for (let x = Math.max(0, from.x); x <= Math.min(last, to.x); x += 1) {
        for (let y = Math.max(0, from.y); y <= Math.min(last, to.y); y += 1)
          recordSaved(`tile:${zoom}/${x}/${y}`, TILE_BYTES);
      }
    };
    map.whenReady(count);
    map.on('moveend', count);
    return () => {
      map.off('moveend', count);
    };
  }, [map]);
  return null;
}

/**
 * D-25: the offline country shapes (D-19) always at the bottom; the street tiles above them once
 * the server has named them, unless data saver is on. `shapesAfter`: while a
 * map's first markers are on their way, the shapes (40 KB) wait for them, at most 4 s: on a slow
 * link they would share its bandwidth, and the markers are what the user came for.
 */
export function Basemap({ shapesAfter = false }: { shapesAfter?: boolean }) {
  const config = useClientConfig();
  const [dataSaver] = useDataSaver();
  const tileUrl = config.data?.tile_url ?? null;
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  // Without street tiles the map names its places (once the server said whether there are tiles).
  const named = !config.isPending && (!tileUrl || dataSaver || tilesFailed);
  return (
    <>
      <Pane name={SHAPES_PANE} style={SHAPES_PANE_STYLE}>
        <CountryShapes wait={shapesAfter} />
      </Pane>
      {tileUrl && !dataSaver ? (
        <StreetTiles
          key={tileUrl}
          url={tileUrl}
          attribution={attributionHtml(config.data?.tile_attribution)}
          onFailed={onTilesFailed}
        />
      ) : null}
      {named ? <PlaceLabels /> : null}
      {tileUrl && dataSaver ? <SkippedTiles /> : null}
    </>
  );
}

/** Centres the map on the position once, when it arrives after the map was drawn. */
export function FollowPosition({ position, zoom }: { position: Position | null; zoom: number }) {
  const map = useMap();
  const done = useRef(position !== null);
  useEffect(() => {
    if (!position || done.current) return;
    done.current = true;
    map.setView([position.lat, position.lng], zoom);
  }, [map, position, zoom]);
  return null;
}

/** SPEC 2.3 item 1: the user's own position, with a pulse. */
export function PositionMarker({ position }: { position: Position }) {
  const { t } = useTranslation();
  const icon = useMemo(() => pulseIcon(t('map.yourPosition')), [t]);
  return (
    <Marker
      position={[position.lat, position.lng]}
      icon={icon}
      interactive={false}
      keyboard={false}
      zIndexOffset={-100}
    />
  );
}
