// The category catalogue (SPEC 1, 2.2, 9; D-4). Prices are integer minor units (D-3):
// USD and EUR in cents, XOF (CFA) in whole francs.
import type { Bilingual } from './i18n.js';

export const CATEGORY_IDS = [
  'Delivery',
  'Equipments',
  'Space',
  'Transport',
  'Services',
  'Vegetables',
  'Cereals',
  'Fruits',
  'LiveStock',
  'Input',
  'AnimalFeed',
  'Herbs',
  'YouPropose',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface PresetPrices {
  USD: number;
  EUR: number;
  XOF: number;
}

export interface Subcategory {
  id: string;
  label: Bilingual;
  /** 'Your own proposition...': the poster enters the price. */
  own: boolean;
  prices: PresetPrices;
}

/** Which address blocks the publish form shows (SPEC 5, address blocks). */
export type DeliveryBlock = 'required' | 'hidden' | 'optional';

export interface Category {
  id: CategoryId;
  /** The screen listing its subcategories (SPEC 2.1, spellings kept: D-2). */
  route: string;
  name: Bilingual;
  deliveryBlock: DeliveryBlock;
  farm: boolean;
  subcategories: Subcategory[];
}

export const OWN_PROPOSITION_LABEL: Bilingual = {
  en: 'Your own proposition...',
  fr: 'Votre propre proposition...',
};

/** SPEC 9: "own proposition default 1.00 / 1.00 / 1". */
const OWN_DEFAULT: PresetPrices = { USD: 100, EUR: 100, XOF: 1 };

const own = (category: string): Subcategory => ({
  id: `${category}-own`,
  label: OWN_PROPOSITION_LABEL,
  own: true,
  prices: OWN_DEFAULT,
});

const preset = (id: string, en: string, fr: string, USD: number, EUR: number, XOF: number): Subcategory => ({
  id,
  label: { en, fr },
  own: false,
  prices: { USD, EUR, XOF },
});

export const CATEGORIES: readonly Category[] = [
  {
    id: 'Delivery',
    route: '/delivery',
    name: { en: 'Delivery', fr: 'Livraison' },
    deliveryBlock: 'required',
    farm: false,
    subcategories: [
      own('delivery'),
      preset(
        'delivery-small-box',
        'Small box (0.01-5kg or 30x30cm)',
        'Petite boîte (0,01-5 kg ou 30x30 cm)',
        220,
        199,
        1300,
      ),
      preset(
        'delivery-big-box',
        'Big box (5.1-50kg or 80x80cm)',
        'Grande boîte (5,1-50 kg ou 80x80 cm)',
        500,
        449,
        2950,
      ),
      preset('delivery-other-box', 'Another box option', 'Autre option de boîte', 700, 625, 4100),
      preset('delivery-pallet', 'Pallet up to 1 ton', "Palette jusqu'à 1 tonne", 1500, 1340, 8790),
      preset('delivery-suitcase', 'Suitcase', 'Valise', 700, 625, 4100),
      preset(
        'delivery-small-box-abroad',
        'Small box to another country',
        'Petite boîte vers un autre pays',
        500,
        449,
        2950,
      ),
      // SPEC 9 prints this row's USD as 5.00 beside 13.40 EUR; kept as specified (D-4).
      preset(
        'delivery-big-box-abroad',
        'Big box 5.1-20kg to another country',
        'Grande boîte 5,1-20 kg vers un autre pays',
        500,
        1340,
        8790,
      ),
    ],
  },
  {
    id: 'Equipments',
    route: '/equipment',
    name: { en: 'Equipments', fr: 'Équipements' },
    deliveryBlock: 'hidden',
    farm: false,
    subcategories: [
      own('equipment'),
      preset('equipment-tractor', 'Tractor (per day)', 'Tracteur (par jour)', 1500, 1340, 8790),
      preset('equipment-water-pump', 'Water pump (per day)', 'Pompe à eau (par jour)', 1500, 1340, 8790),
      preset('equipment-ag-machine', 'AG machine (per day)', 'Machine agricole (par jour)', 1500, 1340, 8790),
    ],
  },
  {
    id: 'Space',
    route: '/space',
    name: { en: 'Space', fr: 'Espace' },
    deliveryBlock: 'hidden',
    farm: false,
    subcategories: [
      own('space'),
      preset('space-storage-bag', 'Storage per bag per month', 'Stockage par sac par mois', 500, 449, 2950),
      preset('space-package', 'Package per month', 'Colis par mois', 1500, 1340, 8750),
      preset('space-bed', 'Bed per night', 'Lit par nuit', 220, 199, 1300),
      preset('space-room', 'Room per night', 'Chambre par nuit', 500, 449, 2950),
      preset('space-cabin', 'Cabin', 'Cabane', 700, 625, 4100),
      preset('space-villa', 'Villa', 'Villa', 1500, 1340, 8790),
    ],
  },
  {
    id: 'Transport',
    route: '/tranport',
    name: { en: 'Transport', fr: 'Transport' },
    deliveryBlock: 'required',
    farm: false,
    subcategories: [
      own('transport'),
      preset('transport-small-car', 'Share a ride, small car', 'Covoiturage, petite voiture', 110, 100, 659),
      preset('transport-big-car', 'Share a ride, big car', 'Covoiturage, grande voiture', 55, 50, 330),
    ],
  },
  {
    id: 'Services',
    route: '/services',
    name: { en: 'Services', fr: 'Services' },
    deliveryBlock: 'hidden',
    farm: false,
    subcategories: [
      own('services'),
      preset('services-agro-hour', 'Agro per hour', 'Agro par heure', 310, 290, 1875),
      preset('services-breeding-hour', 'Animal breeding per hour', 'Élevage par heure', 100, 100, 659),
      preset('services-agro-day', 'Agro per day', 'Agro par jour', 2500, 2300, 7500),
      preset('services-breeding-day', 'Breeding per day', 'Élevage par jour', 1250, 1150, 7500),
    ],
  },
  farm('Vegetables', '/vegetables', 'Vegetables', 'Légumes', 'vegetables'),
  farm('Cereals', '/cereal', 'Cereals', 'Céréales', 'cereal'),
  farm('Fruits', '/fruits', 'Fruits', 'Fruits', 'fruits'),
  farm('LiveStock', '/liveStock', 'Live Stock', 'Bétail', 'livestock'),
  farm('Input', '/inputCategory', 'Inputs', 'Intrants', 'input'),
  farm('AnimalFeed', '/animal', 'Animal Feed', 'Aliments pour animaux', 'animal-feed'),
  farm('Herbs', '/herbs', 'Herbs', 'Herbes', 'herbs'),
  {
    id: 'YouPropose',
    route: '/youpropose',
    name: { en: 'Sell/Buy', fr: 'Vendre/Acheter' },
    deliveryBlock: 'optional',
    farm: false,
    subcategories: [own('youpropose')],
  },
];

/** D-4: farm categories have no presets in SPEC, only the own proposition. */
function farm(id: CategoryId, route: string, en: string, fr: string, slug: string): Category {
  return { id, route, name: { en, fr }, deliveryBlock: 'hidden', farm: true, subcategories: [own(slug)] };
}

const byId = new Map(CATEGORIES.map((c) => [c.id, c]));
const byRoute = new Map(CATEGORIES.map((c) => [c.route.toLowerCase(), c]));
const subById = new Map(
  CATEGORIES.flatMap((c) => c.subcategories.map((s) => [s.id, { category: c, sub: s }] as const)),
);

export const findCategory = (id: string): Category | undefined => byId.get(id as CategoryId);
export const findCategoryByRoute = (route: string): Category | undefined => byRoute.get(route.toLowerCase());
export const findSubcategory = (id: string) => subById.get(id);
