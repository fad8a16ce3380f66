// A map without street tiles (tiles off, failing, or data saver) is beige land and a position
// dot: the names of the places in view (GET /api/places/labels, GeoNames via D-26) are drawn on it,
// so a user can tell Thiès from Dakar and pick a point by a town's name. One request per view,
// the view rounded out to the map's 256 px grid so that panning asks again rarely and the service
// worker's cache answers views seen before (also offline).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlaceLabel } from '@app/shared';
import { divIcon, point } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { Marker, Pane, useMap } from 'react-leaflet';
import { apiFetch } from '../../lib/api-client';
import { sharedKeys } from '../../lib/query-keys';

/** Above the country shapes and tiles' pane, below the posts' markers (Leaflet's marker pane, 600). */
const LABELS_PANE = 'place-labels';
const LABELS_PANE_STYLE = { zIndex: 450, pointerEvents: 'none' } as const;
const GRID_PX = 256;

interface View {
  bbox: string;
  zoom: number;
}

const round4 = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

function useView(): View | null {
  const map = useMap();
  const [view, setView] = useState<View | null>(null);
  useEffect(() => {
    const update = () => {
      const zoom = Math.round(map.getZoom());
      const pixels = map.getPixelBounds();
      if (!pixels.min || !pixels.max) return;
      const world = GRID_PX * 2 ** zoom;
      const clampX = (x: number) => Math.max(0, Math.min(world, x));
      // Rounded out to the grid: the same request for every view within the same 256 px squares.
      const min = point(
        clampX(Math.floor(pixels.min.x / GRID_PX) * GRID_PX),
        clampX(Math.floor(pixels.min.y / GRID_PX) * GRID_PX),
      );
      const max = point(
        clampX(Math.ceil(pixels.max.x / GRID_PX) * GRID_PX),
        clampX(Math.ceil(pixels.max.y / GRID_PX) * GRID_PX),
      );
      const northWest = map.unproject(min, zoom);
      const southEast = map.unproject(max, zoom);
      const bbox = [
        Math.max(-180, northWest.lng),
        Math.max(-85, southEast.lat),
        Math.min(180, southEast.lng),
        Math.min(85, northWest.lat),
      ]
        .map(round4)
        .join(',');
      setView((old) => (old?.bbox === bbox && old.zoom === zoom ? old : { bbox, zoom }));
    };
    map.whenReady(update);
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [map]);
  return view;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function labelIcon(name: string) {
  return divIcon({ className: 'place-label', html: `<span>${escapeHtml(name)}</span>`, iconSize: [0, 0] });
}

export function PlaceLabels() {
  const view = useView();
  const labels = useQuery({
    queryKey: sharedKeys.placeLabels(view?.bbox ?? '', view?.zoom ?? -1),
    queryFn: () =>
      apiFetch<{ data: PlaceLabel[] }>(
        `/places/labels?${new URLSearchParams({ bbox: view!.bbox, zoom: String(view!.zoom) }).toString()}`,
        { afterFirstScreen: true },
      ).then((r) => r.data),
    enabled: view !== null,
    // Place names do not move: asked once per view (the service worker keeps them too).
    staleTime: Infinity,
    // The last view's names stay while the next view's come.
    placeholderData: keepPreviousData,
    // The service worker keeps them; the saved answers (IndexedDB) are for what the user opened.
    meta: { persist: false },
  });
  const icons = useMemo(
    () => (labels.data ?? []).map((label) => ({ label, icon: labelIcon(label.name) })),
    [labels.data],
  );
  return (
    <Pane name={LABELS_PANE} style={LABELS_PANE_STYLE}>
      {icons.map(({ label, icon }) => (
        <Marker
          key={`${label.name}:${label.lat}:${label.lng}`}
          position={[label.lat, label.lng]}
          icon={icon}
          interactive={false}
          keyboard={false}
          pane={LABELS_PANE}
        />
      ))}
    </Pane>
  );
}
