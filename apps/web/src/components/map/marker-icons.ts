// The map's markers as small HTML icons (Leaflet divIcons). Colour tells needs (blue) from offers
// (green), and a glyph tells them apart without colour: a magnifier for a need, a tag for an offer.
// Each icon carries its accessible name as visually hidden text: Leaflet makes the icon a
// focusable button.
import { divIcon, type DivIcon } from 'leaflet';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const svg = (body: string) =>
  `<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" focusable="false">${body}</svg>`;
const NEED_GLYPH = svg('<circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/>');
const OFFER_GLYPH = svg(
  '<path d="M12.6 2.6A2 2 0 0 0 11.2 2H4a2 2 0 0 0-2 2v7.2a2 2 0 0 0 .6 1.4l8.7 8.7a2.4 2.4 0 0 0 3.4 0l6.6-6.6a2.4 2.4 0 0 0 0-3.4z"/><circle cx="7.5" cy="7.5" r="1.5" fill="currentColor"/>',
);

export interface PointIconText {
  /** The accessible name: kind, title, price and badges. */
  name: string;
  /** Badge texts ('+ID', 'VIP') when they apply. */
  verified?: string;
  vip?: string;
}

/**
 * A post's marker: a pin at its exact point, or, when the point is only approximate (D-35), a
 * smaller dot at the centre of the area drawn around it (areaStyle), still a focusable button.
 */
export function pointIcon(kind: 'need' | 'offer', text: PointIconText, approximate = false): DivIcon {
  const badges = [
    text.verified ? `<span class="map-badge map-badge-id" aria-hidden="true">${escapeHtml(text.verified)}</span>` : '',
    text.vip ? `<span class="map-badge map-badge-vip" aria-hidden="true">${escapeHtml(text.vip)}</span>` : '',
  ].join('');
  const size = approximate ? 24 : 32;
  return divIcon({
    className: `map-marker map-marker-${kind}${approximate ? ' map-marker-area' : ''}`,
    html: `<span class="map-pin" aria-hidden="true">${kind === 'need' ? NEED_GLYPH : OFFER_GLYPH}</span>${badges}<span class="visually-hidden">${escapeHtml(text.name)}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2],
  });
}

/** D-35: the radius of the area an approximate post is drawn as: its public point is within it. */
export const AREA_RADIUS_M = 1000;

/**
 * The area of an approximate post (D-35), as Circle's pathOptions; its class goes in Circle's own
 * `className` prop (react-leaflet applies pathOptions with setStyle, which sets no class): its kind's colour, the same as the pins (`--need-dark`
 * #1657a8, `--green-600` #1f7a4a), whose outline keeps at least 3:1 against the tile-less land
 * (#f4f1e8: 6.3:1 and 4.7:1), the sea (#bcd9ee: 4.8:1 and 3.6:1) and its own light fill.
 */
export function areaStyle(kind: 'need' | 'offer') {
  const color = kind === 'need' ? '#1657a8' : '#1f7a4a';
  return {
    color,
    weight: 2.5,
    opacity: 1,
    fillColor: color,
    fillOpacity: 0.14,
  };
}

/** The class of an approximate post's area, for tests and styles. */
export const areaClass = (kind: 'need' | 'offer') => `map-area map-area-${kind}`;

/** A cluster badge `size` pixels wide. */
export function clusterIcon(count: string, size: number, name: string): DivIcon {
  const font = Math.round(size * 0.36);
  return divIcon({
    className: 'map-cluster',
    html: `<span class="map-cluster-count" aria-hidden="true" style="font-size:${font}px">${escapeHtml(count)}</span><span class="visually-hidden">${escapeHtml(name)}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** The user's own position: a dot with a pulse (still when the user prefers reduced motion). */
export function pulseIcon(name: string): DivIcon {
  return divIcon({
    className: 'map-pulse',
    html: `<span class="map-pulse-ring" aria-hidden="true"></span><span class="map-pulse-dot" aria-hidden="true"></span><span class="visually-hidden">${escapeHtml(name)}</span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });
}

/** The point chosen on the selection map: a pin whose tip is the point. */
export function chosenIcon(name: string): DivIcon {
  return divIcon({
    className: 'map-chosen',
    html: `<span class="map-chosen-pin" aria-hidden="true"></span><span class="visually-hidden">${escapeHtml(name)}</span>`,
    iconSize: [30, 32],
    iconAnchor: [15, 31],
  });
}
