// D-35: a post's public point, drawn once when it is written, uniformly over the disc of 1 km
// around its true point (never the square: its corners would reach 1.4 km and favour the
// diagonals), with a cryptographic generator so that one draw tells nothing about the next.
// Migration 0025's public_point_near() is the same draw in SQL, for posts written before it.
import { randomBytes } from 'node:crypto';
import { distanceKm, EARTH_RADIUS_KM } from './geo.js';

/** The public point lies within this distance of the true point. */
export const PUBLIC_POINT_RADIUS_KM = 1;

const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;
/** A uniform number in [0, 1) from 48 random bits. */
const uniform = () => randomBytes(6).readUIntBE(0, 6) / 2 ** 48;

/** Three decimals: about 110 m, as D-35 gives a public point. */
export const to3 = (degrees: number) => Math.round(degrees * 1000) / 1000;

export interface LngLat {
  lng: number;
  lat: number;
}

/**
 * A point uniform over the disc of PUBLIC_POINT_RADIUS_KM around `exact`, to 3 decimals; drawn
 * again in the rare case that rounding carried it past the radius, so it is always within it.
 */
export function drawPublicPoint(exact: LngLat, random: () => number = uniform): LngLat {
  for (let i = 0; i < 100; i += 1) {
    // r = R * sqrt(u): the area within r grows as r², so equal areas are equally likely.
    const r = PUBLIC_POINT_RADIUS_KM * Math.sqrt(random());
    const angle = 2 * Math.PI * random();
    const lat = Math.max(-90, Math.min(90, to3(exact.lat + (r * Math.sin(angle)) / KM_PER_DEGREE)));
    let lng = exact.lng + (r * Math.cos(angle)) / KM_PER_DEGREE / Math.max(0.01, Math.cos((exact.lat * Math.PI) / 180));
    if (lng > 180) lng -= 360;
    if (lng < -180) lng += 360;
    lng = to3(lng);
    if (distanceKm([exact.lng, exact.lat], lat, lng) <= PUBLIC_POINT_RADIUS_KM) return { lng, lat };
  }
  // Not reached in practice: the true point to 3 decimals is within 80 m of itself.
  return { lng: to3(exact.lng), lat: to3(exact.lat) };
}
