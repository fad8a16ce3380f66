// The Leaflet part of the selection map: a click or tap chooses the point; the page around it
// offers the keyboard alternatives.
// The kit's stylesheet (Leaflet's first) before the screen's own.
import '../../../components/map/map-kit.css';
import '../map.css';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { ZOOM_SIGNED_IN } from '@app/shared';
import type { Position } from '../../../lib/position';
import { chosenIcon } from '../../../components/map/marker-icons';
import {
  Basemap,
  DEFAULT_CENTRE,
  FollowPosition,
  MapSetup,
  MIN_ZOOM,
  PositionMarker,
  WORLD_BOUNDS,
} from '../../../components/map/map-kit';
import { placeholderZoom } from '../../../components/map/placeholder-view';

export interface SelectionMapProps {
  label: string;
  position: Position | null;
  chosen: Position | null;
  onPick: (point: Position) => void;
  /** The map's centre, whenever it settles (for 'Choose the centre' and Next without a point). */
  onCentre: (point: Position) => void;
  /** A place picked by name (D-26): the map moves there whenever it changes. */
  focus?: Position | null;
}

/** Zoom on a place picked by name: a town with its streets. */
const FOCUS_ZOOM = 13;

export function SelectionMap({ label, position, chosen, onPick, onCentre, focus = null }: SelectionMapProps) {
  const { t } = useTranslation();
  const icon = useMemo(() => chosenIcon(t('selectionMap.chosenMarker')), [t]);
  return (
    <div className="posts-map">
      <MapContainer
        className="map-canvas"
        center={position ? [position.lat, position.lng] : DEFAULT_CENTRE}
        zoom={position ? ZOOM_SIGNED_IN : placeholderZoom(ZOOM_SIGNED_IN)}
        minZoom={MIN_ZOOM}
        maxBounds={WORLD_BOUNDS}
        maxBoundsViscosity={1}
        zoomControl={false}
      >
        <MapSetup label={label} />
        <Basemap />
        <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
        <FollowPosition position={position} zoom={ZOOM_SIGNED_IN} />
        <Picker onPick={onPick} onCentre={onCentre} />
        <FlyTo focus={focus} />
        {position ? <PositionMarker position={position} /> : null}
        {chosen ? (
          <Marker position={[chosen.lat, chosen.lng]} icon={icon} interactive={false} keyboard={false} />
        ) : null}
      </MapContainer>
    </div>
  );
}

function FlyTo({ focus }: { focus: Position | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView([focus.lat, focus.lng], Math.max(map.getZoom(), FOCUS_ZOOM));
  }, [map, focus]);
  return null;
}

function Picker({ onPick, onCentre }: Pick<SelectionMapProps, 'onPick' | 'onCentre'>) {
  const map = useMap();
  useMapEvents({
    click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.wrap().lng }),
    moveend: () => {
      const c = map.getCenter();
      onCentre({ lat: c.lat, lng: c.lng });
    },
  });
  useEffect(() => {
    map.whenReady(() => {
      const c = map.getCenter();
      onCentre({ lat: c.lat, lng: c.lng });
    });
  }, [map, onCentre]);
  return null;
}
