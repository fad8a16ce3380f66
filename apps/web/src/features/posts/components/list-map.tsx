// The lists' small map (SPEC 2.3 item 7): the listed posts as blue (need) and green (offer)
// markers at 50vh, on the map kit's basemap (D-19).
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, MapContainer, Marker, Popup, useMap, ZoomControl } from 'react-leaflet';
import { Link } from 'react-router';
import type { Solution } from '@app/shared';
import { Basemap, DEFAULT_CENTRE, MapSetup, MIN_ZOOM, WORLD_BOUNDS } from '../../../components/map/map-kit';
import { AREA_RADIUS_M, areaClass, areaStyle, pointIcon } from '../../../components/map/marker-icons';
import { PersonSummary } from '../../../components/person-summary';
import { postTitleOf } from '../../../lib/post-title';
import { detailPath, isOffer } from '../../../lib/post';
import '../list-map.css';

export function ListMap({ items, label }: { items: Solution[]; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="list-map-frame">
      <MapContainer
        className="list-map"
        center={DEFAULT_CENTRE}
        zoom={3}
        minZoom={MIN_ZOOM}
        maxBounds={WORLD_BOUNDS}
        maxBoundsViscosity={1}
        zoomControl={false}
      >
        <MapSetup label={label} />
        <ZoomControl position="topleft" zoomInTitle={t('lists.zoomIn')} zoomOutTitle={t('lists.zoomOut')} />
        <Basemap />
        <FitToPosts items={items} />
        {items.map((solution) => (
          <PostMarker key={solution._id} solution={solution} />
        ))}
      </MapContainer>
    </div>
  );
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
  const title = postTitleOf(solution);
  // D-35: a post whose exact point the viewer may not see is drawn as an area.
  const approximate = !solution.location_exact;
  const icon = useMemo(
    () =>
      pointIcon(
        offer ? 'offer' : 'need',
        {
          name: t('lists.markerName', {
            kind: t(offer ? 'details.offer' : 'details.need'),
            title,
            price: solution.display_price,
          }),
        },
        approximate,
      ),
    [offer, t, title, solution.display_price, approximate],
  );
  const area = useMemo(() => areaStyle(offer ? 'offer' : 'need'), [offer]);
  return (
    <>
      {approximate ? (
        <Circle
          center={[solution.pickup_lat, solution.pickup_lng]}
          radius={AREA_RADIUS_M}
          className={areaClass(offer ? 'offer' : 'need')}
          interactive={false}
          pathOptions={area}
        />
      ) : null}
      {/* Out of the Tab order: the list below holds the same posts as links, in reading order. */}
      <Marker position={[solution.pickup_lat, solution.pickup_lng]} icon={icon} keyboard={false}>
        <Popup>
          <p className="list-map-popup-title">{title}</p>
          <p className="list-map-popup-price">{solution.display_price}</p>
          {/* D-29: the poster's rating and completed deals, when the list carries them. */}
          <PersonSummary person={solution.user} size="facts" />
          <Link to={detailPath(solution)}>{t('lists.seeDetails')}</Link>
        </Popup>
      </Marker>
    </>
  );
}
