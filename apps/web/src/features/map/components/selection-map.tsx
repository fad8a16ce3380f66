// The Leaflet part of the selection map: a click or tap chooses the point; the page around it
// offers the keyboard alternatives.
import '../map.css';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { ZOOM_SIGNED_IN } from '@app/shared';
import type { Position } from '../../../lib/geolocation';
import { chosenIcon } from './marker-icons';
import { Basemap, DEFAULT_CENTRE, FollowPosition, MapSetup, MIN_ZOOM, PositionMarker, WORLD_BOUNDS } from './map-parts';

export interface SelectionMapProps {
  label: string;
  position: Position | null;
  chosen: Position | null;
  onPick: (point: Position) => void;
  /** The map's centre, whenever it settles (for 'Choose the centre' and Next without a point). */
  onCentre: (point: Position) => void;
}

export function SelectionMap({ label, position, chosen, onPick, onCentre }: SelectionMapProps) {
  const { t } = useTranslation();
  const icon = useMemo(() => chosenIcon(t('selectionMap.chosenMarker')), [t]);
  return (
    <div className="posts-map">
      <MapContainer
        className="map-canvas"
        center={position ? [position.lat, position.lng] : DEFAULT_CENTRE}
        zoom={position ? ZOOM_SIGNED_IN : MIN_ZOOM + 1}
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
        {position ? <PositionMarker position={position} /> : null}
        {chosen ? (
          <Marker position={[chosen.lat, chosen.lng]} icon={icon} interactive={false} keyboard={false} />
        ) : null}
      </MapContainer>
    </div>
  );
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
