// The lists' small map (SPEC 2.3 item 7): the listed posts as blue (need) and green (offer)
// markers at 50vh, on the offline country shapes of D-19 drawn from world-atlas, with no tiles.
// Self-contained: a feature does not import the map feature.
import 'leaflet/dist/leaflet.css';
import type { FeatureCollection, Geometry } from 'geojson';
import { divIcon, latLngBounds, type PathOptions } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeoJSON, MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import type { Solution } from '@app/shared';
import { loadCountries } from '../utils/countries';
import { detailPath, isOffer, subCategoryOf } from '../utils/solution';
import '../list-map.css';

const WORLD: [[number, number], [number, number]] = [
  [-85, -180],
  [85, 180],
];
/** West Africa, where the product's users are, until there are posts to frame. */
const START: [number, number] = [12, -2];

const LAND: PathOptions = {
  className: 'list-map-country',
  color: '#9c9484',
  weight: 0.7,
  fillColor: '#f4f1e8',
  fillOpacity: 1,
  interactive: false,
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const iconOf = (kind: 'need' | 'offer', name: string) =>
  divIcon({
    className: `list-map-marker list-map-marker-${kind}`,
    html: `<span class="list-map-pin" aria-hidden="true"></span><span class="visually-hidden">${escapeHtml(name)}</span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
    popupAnchor: [0, -12],
  });

export function ListMap({ items, label }: { items: Solution[]; label: string }) {
  return (
    <div className="list-map-frame">
      <MapContainer className="list-map" center={START} zoom={3} minZoom={2} maxBounds={WORLD} maxBoundsViscosity={1}>
        <Setup label={label} />
        <Countries />
        <FitToPosts items={items} />
        {items.map((solution) => (
          <PostMarker key={solution._id} solution={solution} />
        ))}
      </MapContainer>
    </div>
  );
}

/** Names the map for assistive technology and labels Leaflet's own controls in the user's language. */
function Setup({ label }: { label: string }) {
  const map = useMap();
  const { t } = useTranslation();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-roledescription', t('lists.mapRole'));
    container.querySelector('.leaflet-control-zoom-in')?.setAttribute('aria-label', t('lists.zoomIn'));
    container.querySelector('.leaflet-control-zoom-in')?.setAttribute('title', t('lists.zoomIn'));
    container.querySelector('.leaflet-control-zoom-out')?.setAttribute('aria-label', t('lists.zoomOut'));
    container.querySelector('.leaflet-control-zoom-out')?.setAttribute('title', t('lists.zoomOut'));
    const onOpen = () =>
      container.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', t('lists.closePopup'));
    map.on('popupopen', onOpen);
    return () => {
      map.off('popupopen', onOpen);
    };
  }, [map, label, t]);
  return null;
}

function Countries() {
  const [countries, setCountries] = useState<FeatureCollection<Geometry | null> | null>(null);
  useEffect(() => {
    let live = true;
    loadCountries().then(
      (c) => live && setCountries(c),
      () => undefined, // Offline before the shapes were cached: the markers still show on the plain colour.
    );
    return () => {
      live = false;
    };
  }, []);
  return countries ? <GeoJSON data={countries} style={LAND} interactive={false} /> : null;
}

/** Frames the listed posts whenever the list changes (a search, a new page). */
function FitToPosts({ items }: { items: Solution[] }) {
  const map = useMap();
  const key = items.map((s) => s._id).join(',');
  useEffect(() => {
    if (items.length === 0) return;
    const bounds = latLngBounds(items.map((s) => [s.pickup_lat, s.pickup_lng] as [number, number]));
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 12, animate: false });
    // `key` stands for the items: the same posts in a new array need no new frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

function PostMarker({ solution }: { solution: Solution }) {
  const { t } = useTranslation();
  const offer = isOffer(solution.user_role);
  const title = subCategoryOf(solution);
  const icon = useMemo(
    () =>
      iconOf(
        offer ? 'offer' : 'need',
        t('lists.markerName', {
          kind: t(offer ? 'details.offer' : 'details.need'),
          title,
          price: solution.display_price,
        }),
      ),
    [offer, t, title, solution.display_price],
  );
  return (
    // Out of the Tab order: the list below holds the same posts as links, in reading order.
    <Marker position={[solution.pickup_lat, solution.pickup_lng]} icon={icon} keyboard={false}>
      <Popup>
        <p className="list-map-popup-title">{title}</p>
        <p className="list-map-popup-price">{solution.display_price}</p>
        <Link to={detailPath(solution)}>{t('lists.seeDetails')}</Link>
      </Popup>
    </Marker>
  );
}
