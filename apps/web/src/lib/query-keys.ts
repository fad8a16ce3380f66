// The query keys of what lib/ and components/ ask the server, in one factory, with the roots that
// features share (a feature's own keys are in its api/query-keys.ts; the posts' in post-keys.ts).
// ESLint allows a literal key array only in these files, so two screens cannot drift apart on one.
import type { Language } from '@app/shared';

const PLACES = ['places'] as const;

export const sharedKeys = {
  /** The signed-in user (GET /api/user/me). */
  me: () => ['me'] as const,
  /** The user's own payments. */
  payments: (userId: string) => ['payments', userId] as const,
  /** D-19: the server's client configuration. */
  clientConfig: () => ['client-config'] as const,
  /** Country names in one interface language. */
  countries: (language: Language) => ['countries', language] as const,
  dialCodes: () => ['dialCodes'] as const,
  /** Every map viewport (features/map owns each one's key; changes elsewhere invalidate them all). */
  mapViews: () => ['map-view'] as const,
  /** D-26: every place lookup. */
  places: () => PLACES,
  reversePlace: (lat: number | null, lng: number | null, lang: 'en' | 'fr') =>
    [...PLACES, 'reverse', lat, lng, lang] as const,
  /** D-24: the device's country, to about 1 km. */
  positionCountry: (lat: number, lng: number) => [...PLACES, 'reverse-country', lat, lng] as const,
  /** The names drawn on a map without tiles, per rounded view. */
  placeLabels: (bbox: string, zoom: number) => ['place-labels', bbox, zoom] as const,
};
