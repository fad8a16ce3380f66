// The content of the demo data: five francophone cities, their people and what they post.
// Plain data and small text builders; seed.ts turns them into rows.
import type { CategoryId } from '@app/shared';

export interface Place {
  city: string;
  region: string;
  lat: number;
  lng: number;
}

export interface City extends Place {
  country: string;
  /** ISO 3166-1 alpha-2, as users store it. */
  countryCode: string;
  /** Half-widths of the jitter box in degrees (about 5–10 km), shaped to stay on land where possible. */
  spread: { lat: number; lng: number };
  streets: readonly string[];
  districts: readonly string[];
  postal: (n: number) => string;
  /** Where deliveries and rides from this city go. */
  destinations: readonly Place[];
}

const letters = 'ABCEGHJKLMNPRSTVXY';

export const CITIES: readonly City[] = [
  {
    city: 'Dakar',
    region: 'Dakar',
    country: 'Sénégal',
    countryCode: 'SN',
    lat: 14.735,
    lng: -17.37,
    spread: { lat: 0.05, lng: 0.12 },
    streets: [
      'Avenue Cheikh Anta Diop',
      'Rue Carnot',
      'Route de Ouakam',
      'Boulevard du Centenaire',
      'Avenue Blaise Diagne',
    ],
    districts: ['Plateau', 'Médina', 'Ouakam', 'Yoff', 'Parcelles Assainies', 'Grand Yoff', 'Pikine'],
    postal: (n) => `BP ${1000 + (n % 9000)}`,
    destinations: [
      { city: 'Thiès', region: 'Thiès', lat: 14.791, lng: -16.9359 },
      { city: 'Mbour', region: 'Thiès', lat: 14.4167, lng: -16.9667 },
      { city: 'Saint-Louis', region: 'Saint-Louis', lat: 16.0326, lng: -16.4818 },
      { city: 'Touba', region: 'Diourbel', lat: 14.85, lng: -15.8833 },
    ],
  },
  {
    city: 'Niamey',
    region: 'Niamey',
    country: 'Niger',
    countryCode: 'NE',
    lat: 13.5116,
    lng: 2.1254,
    spread: { lat: 0.05, lng: 0.07 },
    streets: [
      'Boulevard de la Liberté',
      "Avenue de l'Islam",
      'Rue du Grand Marché',
      'Boulevard Mali Béro',
      'Avenue du Fleuve Niger',
    ],
    districts: ['Plateau', 'Yantala', 'Lazaret', 'Koira Kano', 'Gamkallé', 'Talladjé'],
    postal: (n) => `BP ${10000 + (n % 9000)}`,
    destinations: [
      { city: 'Dosso', region: 'Dosso', lat: 13.049, lng: 3.1937 },
      { city: 'Maradi', region: 'Maradi', lat: 13.5, lng: 7.1017 },
      { city: 'Zinder', region: 'Zinder', lat: 13.8053, lng: 8.9881 },
      { city: 'Tillabéri', region: 'Tillabéri', lat: 14.2117, lng: 1.4531 },
    ],
  },
  {
    city: 'Kinshasa',
    region: 'Kinshasa',
    country: 'RD Congo',
    countryCode: 'CD',
    lat: -4.385,
    lng: 15.3,
    spread: { lat: 0.05, lng: 0.1 },
    streets: [
      'Boulevard du 30 Juin',
      'Avenue de la Libération',
      'Avenue Kasa-Vubu',
      'Avenue des Huileries',
      'Avenue Lumumba',
    ],
    districts: ['Gombe', 'Lingwala', 'Limete', 'Ngaliema', 'Bandalungwa', 'Kalamu', 'Masina'],
    postal: (n) => `BP ${100 + (n % 9000)}`,
    destinations: [
      { city: 'Matadi', region: 'Kongo-Central', lat: -5.8167, lng: 13.45 },
      { city: 'Mbanza-Ngungu', region: 'Kongo-Central', lat: -5.25, lng: 14.8667 },
      { city: 'Kikwit', region: 'Kwilu', lat: -5.041, lng: 18.8162 },
      { city: 'Bandundu', region: 'Mai-Ndombe', lat: -3.3167, lng: 17.3667 },
    ],
  },
  {
    city: 'Abidjan',
    region: 'Abidjan',
    country: "Côte d'Ivoire",
    countryCode: 'CI',
    lat: 5.35,
    lng: -4.0,
    spread: { lat: 0.05, lng: 0.08 },
    streets: [
      'Boulevard Latrille',
      'Rue des Jardins',
      'Boulevard de Marseille',
      'Avenue Chardy',
      'Boulevard Valéry Giscard',
    ],
    districts: ['Cocody', 'Plateau', 'Yopougon', 'Treichville', 'Marcory', 'Abobo', 'Koumassi'],
    postal: (n) => `${String(1 + (n % 28)).padStart(2, '0')} BP ${100 + (n % 900)}`,
    destinations: [
      { city: 'Bouaké', region: 'Gbêkê', lat: 7.6906, lng: -5.03 },
      { city: 'Yamoussoukro', region: 'Yamoussoukro', lat: 6.8276, lng: -5.2893 },
      { city: 'San-Pédro', region: 'San-Pédro', lat: 4.7485, lng: -6.6363 },
      { city: 'Grand-Bassam', region: 'Sud-Comoé', lat: 5.2118, lng: -3.7388 },
    ],
  },
  {
    city: 'Montréal',
    region: 'Québec',
    country: 'Canada',
    countryCode: 'CA',
    lat: 45.53,
    lng: -73.6,
    spread: { lat: 0.05, lng: 0.08 },
    streets: [
      'Rue Saint-Denis',
      'Boulevard Saint-Laurent',
      'Rue Sainte-Catherine Est',
      'Avenue du Mont-Royal',
      'Rue Jean-Talon',
    ],
    districts: ['Plateau-Mont-Royal', 'Rosemont', 'Villeray', 'Hochelaga', 'Verdun', 'Ahuntsic'],
    postal: (n) =>
      `H${'1234'[n % 4]}${letters[n % letters.length]} ${n % 10}${letters[(n >> 3) % letters.length]}${(n >> 5) % 10}`,
    destinations: [
      { city: 'Québec', region: 'Québec', lat: 46.8139, lng: -71.208 },
      { city: 'Sherbrooke', region: 'Québec', lat: 45.4042, lng: -71.8929 },
      { city: 'Trois-Rivières', region: 'Québec', lat: 46.343, lng: -72.543 },
      { city: 'Ottawa', region: 'Ontario', lat: 45.4215, lng: -75.6972 },
    ],
  },
];

export interface DemoUser {
  firstName: string;
  lastName: string;
  /** Index into CITIES: where the user lives and posts. */
  city: number;
  mobileNo: string;
  language: 'en' | 'fr';
  verified?: boolean;
  vip?: boolean;
}

/**
 * Two people per city, E.164 numbers with each country's prefix (+221, +227, +243, +225, +1). The
 * cities are francophone, so most write in French and a few in English, as the users there would.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    firstName: 'Aminata',
    lastName: 'Diop',
    city: 0,
    mobileNo: '+221771234501',
    language: 'fr',
    verified: true,
    vip: true,
  },
  { firstName: 'Moussa', lastName: 'Ndiaye', city: 0, mobileNo: '+221781234502', language: 'fr' },
  { firstName: 'Hadiza', lastName: 'Abdou', city: 1, mobileNo: '+22790123403', language: 'fr', verified: true },
  { firstName: 'Ibrahim', lastName: 'Souley', city: 1, mobileNo: '+22796123404', language: 'fr' },
  { firstName: 'Grâce', lastName: 'Mbuyi', city: 2, mobileNo: '+243812345605', language: 'fr', verified: true },
  { firstName: 'Patrick', lastName: 'Tshibangu', city: 2, mobileNo: '+243998765406', language: 'en', vip: true },
  {
    firstName: 'Awa',
    lastName: 'Koné',
    city: 3,
    mobileNo: '+2250712345607',
    language: 'fr',
    verified: true,
    vip: true,
  },
  { firstName: 'Yao', lastName: 'Kouassi', city: 3, mobileNo: '+2250501234508', language: 'fr' },
  { firstName: 'Marie-Ève', lastName: 'Tremblay', city: 4, mobileNo: '+15145550101', language: 'fr', verified: true },
  { firstName: 'Jonathan', lastName: 'Gagnon', city: 4, mobileNo: '+14385550102', language: 'en' },
];

/** The owner of benchmark posts (addPosts). */
export const BENCH_USER: DemoUser = {
  firstName: 'Bench',
  lastName: 'Load',
  city: 4,
  mobileNo: '+15145550199',
  language: 'en',
};

/** "Marie-Ève Tremblay" -> "marie-eve.tremblay@demo.example" (lower-case ASCII, as the users table requires). */
export const demoEmail = (user: DemoUser): string =>
  `${user.firstName}.${user.lastName}@demo.example`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

type Text = Record<'en' | 'fr', readonly string[]>;

/** What an own-proposition post is about, by category (D-4: farm categories have only that). */
export const GOODS: Record<CategoryId, Text> = {
  Delivery: {
    en: ['a parcel', 'a bag of rice', 'documents', 'a crate of eggs'],
    fr: ['un colis', 'un sac de riz', 'des documents', "une caisse d'œufs"],
  },
  Equipments: {
    en: ['a motor-tiller', 'a grain mill', 'a solar water pump', 'a seed drill'],
    fr: ['un motoculteur', 'un moulin à grains', 'une pompe solaire', 'un semoir'],
  },
  Space: {
    en: ['a dry storeroom', 'a cold room corner', 'a market stall', 'a shaded yard'],
    fr: ['un magasin sec', 'un coin de chambre froide', 'un étal au marché', 'une cour ombragée'],
  },
  Transport: {
    en: ['Minibus seats', 'Pick-up with driver', 'Moto-taxi'],
    fr: ['Places en minibus', 'Pick-up avec chauffeur', 'Moto-taxi'],
  },
  Services: {
    en: ['harvest help', 'vaccinating poultry', 'pruning mango trees', 'soil testing'],
    fr: ['aide à la récolte', 'vaccination de volailles', 'taille de manguiers', 'analyse de sol'],
  },
  Vegetables: {
    en: ['onions', 'tomatoes', 'cabbages', 'okra', 'sweet potatoes', 'carrots'],
    fr: ['des oignons', 'des tomates', 'des choux', 'du gombo', 'des patates douces', 'des carottes'],
  },
  Cereals: {
    en: ['millet', 'maize', 'paddy rice', 'sorghum', 'fonio'],
    fr: ['du mil', 'du maïs', 'du riz paddy', 'du sorgho', 'du fonio'],
  },
  Fruits: {
    en: ['Kent mangoes', 'plantains', 'pineapples', 'papayas', 'oranges', 'apples'],
    fr: ['des mangues Kent', 'des bananes plantains', 'des ananas', 'des papayes', 'des oranges', 'des pommes'],
  },
  LiveStock: {
    en: ['goats', 'Ladoum sheep', 'laying hens', 'zebu cattle', 'guinea fowl'],
    fr: ['des chèvres', 'des moutons Ladoum', 'des poules pondeuses', 'des zébus', 'des pintades'],
  },
  Input: {
    en: ['NPK 15-15-15 fertiliser', 'urea', 'certified maize seed', 'compost', 'neem-based pesticide'],
    fr: [
      "de l'engrais NPK 15-15-15",
      "de l'urée",
      'des semences de maïs certifiées',
      'du compost',
      'du pesticide bio au neem',
    ],
  },
  AnimalFeed: {
    en: ['groundnut hay', 'cottonseed cake', 'layer feed', 'wheat bran', 'mineral licks'],
    fr: [
      "des fanes d'arachide",
      'du tourteau de coton',
      "de l'aliment pour pondeuses",
      'du son de blé',
      'des pierres à lécher',
    ],
  },
  Herbs: {
    en: ['moringa leaves', 'dried hibiscus (bissap)', 'fresh mint', 'kinkeliba', 'lemongrass'],
    fr: ['des feuilles de moringa', 'du bissap séché', 'de la menthe fraîche', 'du kinkeliba', 'de la citronnelle'],
  },
  YouPropose: {
    en: ['a second-hand motorbike', 'a 200 W solar panel', 'a sewing machine', 'a chest freezer', 'a smartphone'],
    fr: [
      "une moto d'occasion",
      'un panneau solaire 200 W',
      'une machine à coudre',
      'un congélateur coffre',
      'un smartphone',
    ],
  },
};

export interface PostText {
  role: 'need' | 'provide';
  language: 'en' | 'fr';
  /** The subcategory label in the post's language, or the goods for own propositions. */
  item: string;
  city: string;
  district: string;
  destination: string | null;
  date: string;
  quantity: number;
}

/** Realistic short descriptions, in the owner's language. */
export function describePost(category: CategoryId, t: PostText): string {
  const en = t.language === 'en';
  const need = t.role === 'need';
  const to = t.destination ?? t.city;
  switch (category) {
    case 'Delivery':
      return need
        ? en
          ? `Looking for someone to deliver from ${t.city} to ${to} (${t.item}). Fragile, please handle with care.`
          : `Je cherche quelqu'un pour une livraison de ${t.city} à ${to} (${t.item}). Fragile, merci d'en prendre soin.`
        : en
          ? `I drive ${t.city} to ${to} every week and can carry yours (${t.item}). On time, updates by phone.`
          : `Je fais le trajet ${t.city} - ${to} chaque semaine et peux transporter le vôtre (${t.item}). Ponctuel, nouvelles par téléphone.`;
    case 'Transport':
      return need
        ? en
          ? `Need a ride from ${t.city} to ${to} on ${t.date}, ${t.quantity} passenger(s), light luggage. ${t.item}.`
          : `Besoin d'un trajet de ${t.city} à ${to} le ${t.date}, ${t.quantity} passager(s), bagages légers. ${t.item}.`
        : en
          ? `Driving ${t.city} to ${to} on ${t.date}, ${t.quantity} seat(s) free, air-conditioned car. ${t.item}.`
          : `Je roule de ${t.city} à ${to} le ${t.date}, ${t.quantity} place(s) libre(s), voiture climatisée. ${t.item}.`;
    case 'Equipments':
      return need
        ? en
          ? `Need to rent: ${t.item}, for ${t.quantity} day(s) near ${t.district}. Operator welcome.`
          : `Je cherche à louer : ${t.item}, pour ${t.quantity} jour(s) près de ${t.district}. Conducteur bienvenu.`
        : en
          ? `For rent in ${t.district}, ${t.city}: ${t.item}. Well maintained, operator on request.`
          : `À louer à ${t.district}, ${t.city} : ${t.item}. Bien entretenu, conducteur sur demande.`;
    case 'Space':
      return need
        ? en
          ? `Looking for space in ${t.district} from ${t.date}: ${t.item}.`
          : `Je cherche un espace à ${t.district} à partir du ${t.date} : ${t.item}.`
        : en
          ? `Available in ${t.district}, ${t.city}: ${t.item}. Clean, secure, easy access.`
          : `Disponible à ${t.district}, ${t.city} : ${t.item}. Propre, sécurisé, accès facile.`;
    case 'Services':
      return need
        ? en
          ? `Looking for help around ${t.district}: ${t.item}. Experience with local crops appreciated.`
          : `Je cherche de l'aide vers ${t.district} : ${t.item}. Expérience des cultures locales appréciée.`
        : en
          ? `Trained technician available around ${t.city}: ${t.item}. References available.`
          : `Technicien formé, disponible autour de ${t.city} : ${t.item}. Références disponibles.`;
    case 'YouPropose':
      return need
        ? en
          ? `Buying ${t.item} in ${t.city}. Make me an offer.`
          : `J'achète ${t.item} à ${t.city}. Faites-moi une offre.`
        : en
          ? `Selling ${t.item} in ${t.district}, good condition, can be seen on ${t.date}.`
          : `Je vends ${t.item} à ${t.district}, bon état, visible le ${t.date}.`;
    default: {
      // Farm categories: produce by weight, animals by the head, inputs and feed by the bag.
      const bagged = category === 'Input' || category === 'AnimalFeed';
      const amount =
        category === 'LiveStock'
          ? `${t.quantity * 5} ${en ? 'head' : 'têtes'}`
          : bagged
            ? `${t.quantity * 2} ${en ? 'bags of 50 kg' : 'sacs de 50 kg'}`
            : `${t.quantity * 50} kg`;
      const offer = bagged ? (en ? 'For sale' : 'À vendre') : en ? 'Fresh from the farm' : 'Directement de la ferme';
      return need
        ? en
          ? `Buying ${t.item}, about ${amount}, collected in ${t.district}, ${t.city}.`
          : `J'achète ${t.item}, environ ${amount}, enlèvement à ${t.district}, ${t.city}.`
        : en
          ? `${offer}: ${t.item}, ${amount} available in ${t.district}, ${t.city}.`
          : `${offer} : ${t.item}, ${amount} disponibles à ${t.district}, ${t.city}.`;
    }
  }
}

/** Own-proposition price ranges in US cents, by category (a plausible price per post). */
export const OWN_PRICE_USD: Record<CategoryId, readonly [number, number]> = {
  Delivery: [300, 4000],
  Equipments: [2000, 10000],
  Space: [500, 20000],
  Transport: [200, 3000],
  Services: [500, 5000],
  Vegetables: [500, 6000],
  Cereals: [1000, 15000],
  Fruits: [300, 5000],
  LiveStock: [3000, 40000],
  Input: [1000, 12000],
  AnimalFeed: [800, 8000],
  Herbs: [200, 2000],
  YouPropose: [1000, 50000],
};

/** A place that benchmark posts at scale cluster around (bench/map): where, and how many posts. */
export interface WorldPlace {
  city: string;
  country: string;
  lat: number;
  lng: number;
  /** Relative share of the posts placed around cities. */
  weight: number;
}

/**
 * Cities for a million benchmark posts (bench/map): most in Africa, the five demo cities among the
 * largest, some in the diaspora's cities elsewhere. Weights follow city size loosely.
 */
export const WORLD_PLACES: readonly WorldPlace[] = [
  { city: 'Dakar', country: 'Sénégal', lat: 14.735, lng: -17.37, weight: 8 },
  { city: 'Niamey', country: 'Niger', lat: 13.5116, lng: 2.1254, weight: 5 },
  { city: 'Kinshasa', country: 'RD Congo', lat: -4.385, lng: 15.3, weight: 10 },
  { city: 'Abidjan', country: "Côte d'Ivoire", lat: 5.345, lng: -4.02, weight: 8 },
  { city: 'Montréal', country: 'Canada', lat: 45.51, lng: -73.6, weight: 3 },
  { city: 'Lagos', country: 'Nigeria', lat: 6.455, lng: 3.39, weight: 10 },
  { city: 'Cairo', country: 'Egypt', lat: 30.044, lng: 31.236, weight: 8 },
  { city: 'Johannesburg', country: 'South Africa', lat: -26.204, lng: 28.047, weight: 6 },
  { city: 'Nairobi', country: 'Kenya', lat: -1.286, lng: 36.817, weight: 7 },
  { city: 'Addis Ababa', country: 'Ethiopia', lat: 9.03, lng: 38.74, weight: 6 },
  { city: 'Luanda', country: 'Angola', lat: -8.839, lng: 13.289, weight: 5 },
  { city: 'Dar es Salaam', country: 'Tanzania', lat: -6.792, lng: 39.208, weight: 5 },
  { city: 'Khartoum', country: 'Sudan', lat: 15.5, lng: 32.56, weight: 4 },
  { city: 'Accra', country: 'Ghana', lat: 5.603, lng: -0.187, weight: 6 },
  { city: 'Bamako', country: 'Mali', lat: 12.639, lng: -8.003, weight: 6 },
  { city: 'Ouagadougou', country: 'Burkina Faso', lat: 12.371, lng: -1.52, weight: 5 },
  { city: 'Conakry', country: 'Guinée', lat: 9.641, lng: -13.578, weight: 4 },
  { city: 'Lomé', country: 'Togo', lat: 6.137, lng: 1.212, weight: 4 },
  { city: 'Cotonou', country: 'Bénin', lat: 6.366, lng: 2.418, weight: 4 },
  { city: 'Douala', country: 'Cameroun', lat: 4.051, lng: 9.768, weight: 5 },
  { city: 'Yaoundé', country: 'Cameroun', lat: 3.848, lng: 11.502, weight: 5 },
  { city: 'Libreville', country: 'Gabon', lat: 0.416, lng: 9.467, weight: 2 },
  { city: 'Brazzaville', country: 'Congo', lat: -4.263, lng: 15.242, weight: 3 },
  { city: 'Kampala', country: 'Uganda', lat: 0.347, lng: 32.582, weight: 5 },
  { city: 'Kigali', country: 'Rwanda', lat: -1.944, lng: 30.062, weight: 3 },
  { city: 'Bujumbura', country: 'Burundi', lat: -3.382, lng: 29.362, weight: 2 },
  { city: 'Lubumbashi', country: 'RD Congo', lat: -11.664, lng: 27.483, weight: 3 },
  { city: 'Antananarivo', country: 'Madagascar', lat: -18.879, lng: 47.508, weight: 4 },
  { city: 'Maputo', country: 'Mozambique', lat: -25.966, lng: 32.58, weight: 3 },
  { city: 'Harare', country: 'Zimbabwe', lat: -17.829, lng: 31.053, weight: 3 },
  { city: 'Lusaka', country: 'Zambia', lat: -15.387, lng: 28.323, weight: 3 },
  { city: 'Casablanca', country: 'Maroc', lat: 33.573, lng: -7.59, weight: 5 },
  { city: 'Rabat', country: 'Maroc', lat: 34.02, lng: -6.841, weight: 3 },
  { city: 'Alger', country: 'Algérie', lat: 36.754, lng: 3.059, weight: 4 },
  { city: 'Tunis', country: 'Tunisie', lat: 36.806, lng: 10.181, weight: 3 },
  { city: 'Nouakchott', country: 'Mauritanie', lat: 18.079, lng: -15.965, weight: 2 },
  { city: "N'Djamena", country: 'Tchad', lat: 12.134, lng: 15.056, weight: 2 },
  { city: 'Bangui', country: 'Centrafrique', lat: 4.394, lng: 18.558, weight: 2 },
  { city: 'Saint-Louis', country: 'Sénégal', lat: 16.033, lng: -16.482, weight: 2 },
  { city: 'Thiès', country: 'Sénégal', lat: 14.791, lng: -16.936, weight: 2 },
  { city: 'Touba', country: 'Sénégal', lat: 14.85, lng: -15.883, weight: 2 },
  { city: 'Kaolack', country: 'Sénégal', lat: 14.152, lng: -16.073, weight: 1 },
  { city: 'Kano', country: 'Nigeria', lat: 12.0, lng: 8.517, weight: 4 },
  { city: 'Ibadan', country: 'Nigeria', lat: 7.378, lng: 3.947, weight: 3 },
  { city: 'Abuja', country: 'Nigeria', lat: 9.058, lng: 7.489, weight: 3 },
  { city: 'Port Harcourt', country: 'Nigeria', lat: 4.815, lng: 7.049, weight: 2 },
  { city: 'Kumasi', country: 'Ghana', lat: 6.688, lng: -1.624, weight: 3 },
  { city: 'Bouaké', country: "Côte d'Ivoire", lat: 7.691, lng: -5.03, weight: 2 },
  { city: 'Mombasa', country: 'Kenya', lat: -4.043, lng: 39.668, weight: 2 },
  { city: 'Cape Town', country: 'South Africa', lat: -33.925, lng: 18.424, weight: 3 },
  { city: 'Durban', country: 'South Africa', lat: -29.858, lng: 31.029, weight: 2 },
  { city: 'Zinder', country: 'Niger', lat: 13.805, lng: 8.988, weight: 1 },
  { city: 'Maradi', country: 'Niger', lat: 13.5, lng: 7.102, weight: 1 },
  { city: 'Bobo-Dioulasso', country: 'Burkina Faso', lat: 11.178, lng: -4.297, weight: 2 },
  { city: 'Ségou', country: 'Mali', lat: 13.441, lng: -6.259, weight: 1 },
  { city: 'Mbuji-Mayi', country: 'RD Congo', lat: -6.136, lng: 23.59, weight: 2 },
  { city: 'Kisangani', country: 'RD Congo', lat: 0.515, lng: 25.191, weight: 2 },
  { city: 'Goma', country: 'RD Congo', lat: -1.679, lng: 29.222, weight: 2 },
  { city: 'Pointe-Noire', country: 'Congo', lat: -4.778, lng: 11.863, weight: 2 },
  { city: 'Port-Gentil', country: 'Gabon', lat: -0.719, lng: 8.781, weight: 1 },
  { city: 'Paris', country: 'France', lat: 48.857, lng: 2.352, weight: 5 },
  { city: 'Bruxelles', country: 'Belgique', lat: 50.847, lng: 4.357, weight: 2 },
  { city: 'Lyon', country: 'France', lat: 45.764, lng: 4.836, weight: 1 },
  { city: 'Marseille', country: 'France', lat: 43.296, lng: 5.37, weight: 1 },
  { city: 'Genève', country: 'Suisse', lat: 46.204, lng: 6.143, weight: 1 },
  { city: 'Québec', country: 'Canada', lat: 46.814, lng: -71.208, weight: 1 },
  { city: 'Toronto', country: 'Canada', lat: 43.653, lng: -79.383, weight: 2 },
  { city: 'New York', country: 'United States', lat: 40.713, lng: -74.006, weight: 2 },
  { city: 'Washington', country: 'United States', lat: 38.907, lng: -77.037, weight: 1 },
  { city: 'Port-au-Prince', country: 'Haïti', lat: 18.544, lng: -72.339, weight: 3 },
  { city: 'London', country: 'United Kingdom', lat: 51.507, lng: -0.128, weight: 2 },
  { city: 'Dubai', country: 'United Arab Emirates', lat: 25.205, lng: 55.271, weight: 1 },
  { city: 'Beyrouth', country: 'Liban', lat: 33.894, lng: 35.502, weight: 1 },
  { city: 'Mumbai', country: 'India', lat: 19.076, lng: 72.878, weight: 1 },
  { city: 'São Paulo', country: 'Brasil', lat: -23.551, lng: -46.633, weight: 1 },
];
