// A post as the API answers it (toSolution), with the point a viewer is shown (D-35) and the
// visibility of hidden posts (D-29); shared by the post and deal services.

import { currencyOfSetting, formatMoney, toDecimalString, type ListQuery, type Solution } from '@app/shared';

import { distanceKm, roundHalfKm } from '../../lib/geo.js';
import { to3 } from '../../lib/public-point.js';

import type { SessionUser as Caller } from '../sessions/service.js';
import { titleIn } from './title.js';
import type { ImageRow, SolutionRow } from './post-rows-repository.js';

export interface Display {
  currency: ListQuery['currency'];
  lang: ListQuery['lang'];
}

export const mediaUrl = (key: string) => `/api/media/${key}`;

/** D-29: the average of a person's ratings to one decimal, null while nobody has rated. */
export const ratingOf = (sum: number, count: number) => ({
  average: count > 0 ? Math.round((sum / count) * 10) / 10 : null,
  count,
});

/**
 * D-35: the point a viewer is shown: the true one for the owner and a confirmed deal's parties
 * (`exact`), or when the owner shows the place; else the public point, to 3 decimals.
 */
export function pointFor(
  row: Pick<SolutionRow, 'pickup_lat' | 'pickup_lng' | 'exact_lat' | 'exact_lng' | 'show_exact_location'>,
  exact: boolean,
): { lat: number; lng: number; exact: boolean } {
  return exact || row.show_exact_location
    ? { lat: row.exact_lat, lng: row.exact_lng, exact: true }
    : { lat: to3(row.pickup_lat), lng: to3(row.pickup_lng), exact: false };
}

/**
 * A post as the API answers it. `exact`: the viewer is its owner or a party of a deal the owner
 * confirmed (D-35); everyone else gets the public point.
 */
export function toSolution(
  row: SolutionRow,
  images: ImageRow[],
  display: Display,
  contacts: boolean,
  exact: boolean,
): Solution {
  const code = currencyOfSetting(display.currency);
  const point = pointFor(row, exact);
  const minor = code === 'EUR' ? row.price_eur : code === 'XOF' ? row.price_xof : row.price_usd;
  return {
    _id: row.id,
    user: {
      _id: row.user_id,
      firstName: row.user_first_name,
      verified: row.user_verified,
      vip: row.user_vip,
      // D-14: contacts only for a viewer entitled to them; absent from the JSON otherwise.
      ...(contacts && row.user_email ? { email: row.user_email } : {}),
      ...(contacts && row.user_mobile ? { mobile_no: row.user_mobile } : {}),
      // D-29: shown wherever a person is shown.
      completed_deals: Number(row.user_completed_deals ?? 0),
      rating: ratingOf(Number(row.user_rating_sum ?? 0), Number(row.user_rating_count ?? 0)),
    },
    user_role: row.user_role,
    category: row.category,
    sub_category: { en: row.sub_category_en, fr: row.sub_category_fr },
    sub_category_id: row.sub_category_id,
    title: titleIn(row, display.lang),
    sub_category_price_dollar: toDecimalString(row.price_usd, 'USD'),
    sub_category_price_euro: toDecimalString(row.price_eur, 'EUR'),
    sub_category_price_fr: toDecimalString(row.price_xof, 'XOF'),
    display_price: formatMoney(minor, code, display.lang === 'fr' ? 'fr-ca' : 'en-us'),
    description: row.description,
    images: images.map((image) => ({ url: mediaUrl(image.fullKey), thumb_url: mediaUrl(image.thumbKey) })),
    // D-35: a street address narrows a home as much as the exact point, so it goes with it.
    pickup_street_address: point.exact ? row.pickup_street_address : null,
    pickup_city: row.pickup_city,
    pickup_region: row.pickup_region,
    pickup_country: row.pickup_country,
    pickup_postal_address: row.pickup_postal_address,
    pickup_date: row.pickup_date,
    pickup_lat: point.lat,
    pickup_lng: point.lng,
    location_exact: point.exact,
    delivery_street_address: point.exact ? row.delivery_street_address : null,
    delivery_city: row.delivery_city,
    delivery_region: row.delivery_region,
    delivery_country: row.delivery_country,
    delivery_postal_address: row.delivery_postal_address,
    delivery_date: row.delivery_date,
    status: row.status,
    created_at: row.created_at,
    // D-33: a post priced per day, night, hour or month is booked by date.
    ...(row.unit ? { unit: row.unit, capacity: row.capacity } : {}),
    ...(row.dates_to ? { dates_to: row.dates_to } : {}),
  };
}

/** D-29: a hidden post, or one of a blocked owner, is gone for everyone but its owner and admins. */
export const hiddenFrom = (row: Pick<SolutionRow, 'hidden' | 'owner_blocked' | 'user_id'>, viewer: Caller): boolean =>
  (row.hidden || row.owner_blocked) && row.user_id !== viewer.userId && !viewer.admin;

/**
 * API.md: lists with `near` carry how far each post is from that point; D-35: from the point the
 * viewer is shown, to the half kilometre.
 */
export const shownDistanceKm = (near: readonly [number, number], lat: number, lng: number): number =>
  roundHalfKm(distanceKm(near, lat, lng));

/** Rows with their images, as API records; lists never carry contacts (details do, per D-14). */
export async function withImages(
  rows: SolutionRow[],
  display: Display,
  near?: [number, number],
  exact: (row: SolutionRow) => boolean = (row) => row.viewer_exact,
): Promise<Solution[]> {
  return rows.map((row) => {
    const solution = toSolution(row, row.images, display, false, exact(row));
    return near
      ? { ...solution, distance_km: shownDistanceKm(near, solution.pickup_lat, solution.pickup_lng) }
      : solution;
  });
}
