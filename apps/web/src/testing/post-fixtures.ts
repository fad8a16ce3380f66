// Posts as the API returns them, for the deals screens' tests.
import type { Solution } from '@app/shared';

export const solution = (overrides: Partial<Solution> = {}): Solution => ({
  _id: 's1',
  user: { _id: 'u2', firstName: 'Moussa', verified: false, vip: false },
  user_role: 'provideSolution',
  category: 'Equipments',
  sub_category: { en: 'Tractor (per day)', fr: 'Tracteur (par jour)' },
  sub_category_id: 'equipment-tractor',
  title: 'Tractor (per day)',
  sub_category_price_dollar: '15.00',
  sub_category_price_euro: '13.40',
  sub_category_price_fr: '8790',
  display_price: '$15.00',
  description: 'A tractor with its driver.',
  images: [],
  pickup_street_address: '12 Rue Carnot',
  pickup_city: 'Dakar',
  pickup_region: null,
  // An ISO code, as the API stores and answers it.
  pickup_country: 'SN',
  pickup_postal_address: null,
  pickup_date: '2026-12-01',
  pickup_lat: 14.69,
  pickup_lng: -17.44,
  // D-35: a public point, as strangers get it.
  location_exact: false,
  delivery_street_address: null,
  delivery_city: null,
  delivery_region: null,
  delivery_country: null,
  delivery_postal_address: null,
  delivery_date: null,
  status: 'Pending',
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const page = (data: Solution[], next_cursor: string | null = null) => ({ data, next_cursor });
