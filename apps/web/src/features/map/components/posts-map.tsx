// The map of posts (SPEC 2.3 item 1, D-19, D-20): the basemap, the user's position, and the
// posts of the viewport from GET /api/solution/map, as blue need and green offer markers, or as
// counted clusters when zoomed out. Signed-in users open a marker's popup with a link to its
// details; a visitor's click goes to `onVisitorOpen` (the sign-in prompt, SPEC 6).
// The kit's stylesheet (Leaflet's first) before the screen's own.
import '../../../components/map/map-kit.css';
import '../map.css';
import type { LeafletKeyboardEvent, Marker as LeafletMarker } from 'leaflet';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Circle, MapContainer, Marker, Popup, useMap, ZoomControl } from 'react-leaflet';
import { findCategory, pick, type CategoryId, type MapCluster, type MapPoint } from '@app/shared';
import { PersonSummary } from '../../../components/person-summary';
import { postTitleOf } from '../../../lib/post-title';
import { getLanguage } from '../../../lib/settings';
import { withFirstView } from '../../../early-load/first-view';
import { useMapView } from '../api/get-map-view';
import { positionOf, type AskedPosition } from '../../../lib/geolocation';
import {
  clusterCount,
  clusterDiameter,
  clusterZoom,
  detailPath,
  GROUPING_MAX_ZOOM,
  groupPoints,
  mergeClusters,
  viewportBbox,
  type Bbox,
} from '../utils/viewport';
import { AREA_RADIUS_M, areaClass, areaStyle, clusterIcon, pointIcon } from '../../../components/map/marker-icons';
import {
  Basemap,
  DEFAULT_CENTRE,
  FollowPosition,
  MapSetup,
  MIN_ZOOM,
  PositionMarker,
  WORLD_BOUNDS,
} from '../../../components/map/map-kit';
import { placeholderZoom, POSITION_WAIT_MS } from '../../../components/map/placeholder-view';

/** Wait this long after the map stops moving before asking for its posts. */
export const MOVE_DEBOUNCE_MS = 300;

export interface PostsMapProps {
  /** The map's accessible name. */
  label: string;
  /** The screen's position, as asked (usePosition): while pending, the map shows a placeholder view. */
  asked: AskedPosition;
  /** Zoom once centred on the position (SPEC 9: 15 signed in, 2 for visitors). */
  zoom: number;
  category?: CategoryId | null;
  /** A visitor's click on a marker: the sign-in prompt instead of the popup. */
  onVisitorOpen?: () => void;
  /** The visible area once the map settles: its centre and the radius of the circle holding it. */
  onArea?: (area: MapArea) => void;
}

/** What the screen shows of the map: "Alert me" on the map (D-36) makes its alert from it. */
export interface MapArea {
  lat: number;
  lng: number;
  radiusKm: number;
}

interface View {
  bbox: Bbox;
  zoom: number;
}

export function PostsMap({ label, asked, zoom, category = null, onVisitorOpen, onArea }: PostsMapProps) {
  const { t } = useTranslation();
  const position = positionOf(asked);
  const [view, setView] = useState<View | null>(null);
  const posts = useMapView(view, category);
  const points = posts.data?.points ?? [];
  const clusters = posts.data?.clusters ?? [];
  return (
    <div className="posts-map">
      <MapContainer
        className="map-canvas"
        center={position ? [position.lat, position.lng] : DEFAULT_CENTRE}
        zoom={position ? zoom : placeholderZoom(zoom)}
        minZoom={MIN_ZOOM}
        maxBounds={WORLD_BOUNDS}
        maxBoundsViscosity={1}
        zoomControl={false}
      >
        <MapSetup label={label} />
        <Basemap shapesAfter={posts.data === undefined && !posts.isError} />
        <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
        <FollowPosition position={position} zoom={zoom} />
        <ViewportWatcher onChange={setView} onArea={onArea} hold={asked.status === 'pending'} />
        {position ? <PositionMarker position={position} /> : null}
        <Posts points={points} clusters={clusters} zoom={view?.zoom ?? zoom} onVisitorOpen={onVisitorOpen} />
      </MapContainer>
      {posts.isFetching ? <span className="map-loading" aria-hidden="true" /> : null}
      <p className="map-status" role="status">
        {posts.isError ? t('map.loadFailed') : ''}
      </p>
    </div>
  );
}

/**
 * Reports the rounded viewport when the map has settled after a move or a zoom. While `hold`, the
 * view is a placeholder until the position comes (the world): its posts are not worth a request
 * on a slow link, so the first report waits for the position, for at most POSITION_WAIT_MS.
 * FollowPosition, rendered before this, has moved the map when the hold ends.
 */
function ViewportWatcher({
  onChange,
  onArea,
  hold,
}: {
  onChange: (view: View) => void;
  onArea?: (area: MapArea) => void;
  hold: boolean;
}) {
  const map = useMap();
  const last = useRef('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      const b = map.getBounds();
      const centre = map.getCenter();
      onArea?.({
        lat: centre.lat,
        lng: centre.lng,
        radiusKm: centre.distanceTo(b.getNorthEast()) / 1000,
      });
      const zoom = Math.round(map.getZoom());
      // The view asked for at start-up, when it holds this one, is already answered (or asked).
      const { bbox } = withFirstView({
        bbox: viewportBbox({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, zoom),
        zoom,
      });
      const key = `${bbox.join(',')}@${zoom}`;
      if (key === last.current) return;
      last.current = key;
      onChange({ bbox, zoom });
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(report, MOVE_DEBOUNCE_MS);
    };
    if (hold) timer = setTimeout(report, POSITION_WAIT_MS);
    else map.whenReady(report);
    map.on('moveend', later);
    return () => {
      clearTimeout(timer);
      map.off('moveend', later);
    };
  }, [map, onChange, onArea, hold]);
  return null;
}

/** A marker is 32 px wide: closer points than this would cover each other. */
const GROUP_CELL_PX = 40;
/** Cluster badges are up to 64 px wide: closer centres than this would overlap. */
const MERGE_PX = 56;

function Posts({
  points,
  clusters,
  zoom,
  onVisitorOpen,
}: {
  points: MapPoint[];
  clusters: MapCluster[];
  zoom: number;
  onVisitorOpen: (() => void) | undefined;
}) {
  const map = useMap();
  const { singles, groups } = useMemo(() => {
    const project = (p: { lat: number; lng: number }) => map.project([p.lat, p.lng], zoom);
    const grouped =
      zoom > GROUPING_MAX_ZOOM ? { singles: points, groups: [] } : groupPoints(points, project, GROUP_CELL_PX);
    return { singles: grouped.singles, groups: mergeClusters([...clusters, ...grouped.groups], project, MERGE_PX) };
  }, [map, points, clusters, zoom]);
  return (
    <>
      {singles.map((point) => (
        <PointMarker key={point._id} point={point} onVisitorOpen={onVisitorOpen} />
      ))}
      {groups.map((cluster) => (
        <ClusterMarker key={`${cluster.lat},${cluster.lng},${cluster.count}`} cluster={cluster} />
      ))}
    </>
  );
}

const activates = (event: LeafletKeyboardEvent): boolean => {
  const key = event.originalEvent.key;
  if (key !== 'Enter' && key !== ' ') return false;
  event.originalEvent.preventDefault();
  return true;
};

const PointMarker = memo(function PointMarker({
  point,
  onVisitorOpen,
}: {
  point: MapPoint;
  onVisitorOpen: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const language = getLanguage();
  const kind = point.user_role === 'needSolution' ? 'need' : 'offer';
  const title = postTitleOf(point, language);
  const category = findCategory(point.category);
  const markerRef = useRef<LeafletMarker>(null);

  // Keyed on the text shown, not on the point object: a refetch brings equal points as new
  // objects, and a new icon would replace the marker's element and drop a keyboard user's focus.
  const { verified, vip } = point;
  const badges = [verified ? t('map.verifiedLabel') : '', vip ? t('map.vipLabel') : ''].filter(Boolean);
  const what = t(kind === 'need' ? 'map.need' : 'map.offer');
  // D-35: a post whose exact point the viewer may not see is drawn as an area around its public
  // point, and says so in its name.
  const approximate = point.location_exact === false;
  const name = [
    t('map.markerName', { kind: what, title, price: point.display_price }),
    ...badges,
    ...(approximate ? [t('approximate.approximateArea')] : []),
  ].join(', ');
  const icon = useMemo(
    () =>
      pointIcon(
        kind,
        {
          name,
          verified: verified ? t('map.verifiedBadge') : undefined,
          vip: vip ? t('map.vipBadge') : undefined,
        },
        approximate,
      ),
    [kind, name, verified, vip, t, approximate],
  );
  const area = useMemo(() => areaStyle(kind), [kind]);
  const areaHandlers = useMemo(
    () => ({
      click: () => (onVisitorOpen ? onVisitorOpen() : markerRef.current?.openPopup()),
    }),
    [onVisitorOpen],
  );

  const handlers = useMemo(
    () =>
      onVisitorOpen
        ? {
            click: () => onVisitorOpen(),
            keydown: (event: LeafletKeyboardEvent) => {
              if (activates(event)) onVisitorOpen();
            },
          }
        : {
            // Closing a popup from the keyboard (Escape) puts the focus back on its marker.
            popupclose: () => {
              const active = document.activeElement;
              if (!active || active === document.body || !document.contains(active)) {
                markerRef.current?.getElement()?.focus({ preventScroll: true });
              }
            },
          },
    [onVisitorOpen],
  );

  return (
    <>
      {approximate ? (
        <Circle
          center={[point.lat, point.lng]}
          radius={AREA_RADIUS_M}
          className={areaClass(kind)}
          pathOptions={area}
          eventHandlers={areaHandlers}
        />
      ) : null}
      <Marker
        ref={markerRef}
        position={[point.lat, point.lng]}
        icon={icon}
        keyboard
        riseOnHover
        eventHandlers={handlers}
      >
        {onVisitorOpen ? null : (
          <Popup>
            <div className="map-popup">
              <p className={`map-popup-kind map-popup-${kind}`}>{t(`map.${kind}`)}</p>
              <p className="map-popup-title">{title}</p>
              {category ? <p className="map-popup-category">{pick(category.name, language)}</p> : null}
              <p className="map-popup-price">{point.display_price}</p>
              {point.verified || point.vip ? (
                <p className="map-popup-badges">
                  {point.verified ? <span className="map-badge map-badge-id">{t('map.verifiedBadge')}</span> : null}
                  {point.vip ? <span className="map-badge map-badge-vip">{t('map.vipBadge')}</span> : null}
                </p>
              ) : null}
              {/* D-29: the poster's rating and completed deals, when the map sends them. */}
              {point.rating || point.completed_deals !== undefined ? (
                <p className="map-popup-person">
                  <PersonSummary
                    person={{
                      firstName: '',
                      verified: false,
                      vip: false,
                      completed_deals: point.completed_deals,
                      rating: point.rating,
                    }}
                    size="facts"
                  />
                </p>
              ) : null}
              <Link className="button button-small button-primary map-popup-link" to={detailPath(point)}>
                {t('map.details')}
              </Link>
            </div>
          </Popup>
        )}
      </Marker>
    </>
  );
});

function ClusterMarker({ cluster }: { cluster: MapCluster }) {
  const { t } = useTranslation();
  const map = useMap();
  const language = getLanguage();
  const icon = useMemo(
    () =>
      clusterIcon(
        clusterCount(cluster.count, language),
        clusterDiameter(cluster.count),
        t('map.cluster', { count: cluster.count }),
      ),
    [cluster.count, language, t],
  );
  const handlers = useMemo(() => {
    const zoomIn = () => map.setView([cluster.lat, cluster.lng], clusterZoom(map.getZoom()));
    return {
      click: zoomIn,
      keydown: (event: LeafletKeyboardEvent) => {
        if (activates(event)) zoomIn();
      },
    };
  }, [map, cluster.lat, cluster.lng]);
  return <Marker position={[cluster.lat, cluster.lng]} icon={icon} keyboard eventHandlers={handlers} />;
}
