// Pieces every map of the app shares: its accessible name, the basemap of D-19, the user's
// position with its pulse marker, and the world's bounds.
import type { FeatureCollection, Geometry } from 'geojson';
import type { LatLngBoundsExpression, LatLngTuple, PathOptions, PopupEvent } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeoJSON, Marker, TileLayer, useMap } from 'react-leaflet';
import { useClientConfig } from '../api/get-client-config';
import type { Position } from '../../../lib/geolocation';
import { pulseIcon } from './marker-icons';

/** One world, no copies: the country shapes exist once, so the map does not repeat sideways. */
export const WORLD_BOUNDS: LatLngBoundsExpression = [
  [-85.06, -180],
  [85.06, 180],
];
/** Where a map waits for the position: West Africa, where the product's users are. */
export const DEFAULT_CENTRE: LatLngTuple = [12, -2];
export const MIN_ZOOM = 2;

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
  world ??= import('../utils/world')
    .then((m) => m.worldCountries())
    .catch((error: unknown) => {
      world = null; // Try again on the next map.
      throw error;
    });
  return world;
}

function CountryShapes() {
  const [countries, setCountries] = useState<FeatureCollection<Geometry | null> | null>(null);
  useEffect(() => {
    let live = true;
    loadWorld().then(
      (c) => live && setCountries(c),
      () => undefined, // Offline before the chunk was cached: the sea colour alone still shows the markers.
    );
    return () => {
      live = false;
    };
  }, []);
  if (!countries) return null;
  return <GeoJSON data={countries} style={LAND} interactive={false} attribution="Natural Earth" />;
}

/**
 * D-19: the offline country shapes by default; the server's online tiles instead when it names a
 * tile URL. Until the server has answered, only the sea colour shows.
 */
export function Basemap() {
  const config = useClientConfig();
  if (config.isPending) return null;
  const tileUrl = config.data?.tile_url ?? null;
  if (tileUrl) {
    return <TileLayer url={tileUrl} noWrap bounds={WORLD_BOUNDS} attribution="&copy; OpenStreetMap contributors" />;
  }
  return <CountryShapes />;
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
