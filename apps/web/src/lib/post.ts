// How a post reads on the lists, details and acceptance screens: its route, which address blocks
// it has, its dates and places in the user's language.
import {
  findCategory,
  findSubcategory,
  localeTag,
  OWN_PROPOSITION_LABEL,
  pick,
  type Language,
  type Solution,
  type UserRole,
} from '@app/shared';
import { getCurrency, getLanguage } from './settings';
import { formatDateTime } from './date-time';
import { dateTimeFormat } from './intl';

export const isOffer = (role: UserRole): boolean => role === 'provideSolution';

/** SPEC 2.3 item 11: a need opens /clientsdetails/{id}/{userId}, an offer /supplierdetails/{id}/{userId}. */
export function detailPath(solution: Pick<Solution, '_id' | 'user_role'> & { user: { _id: string } }): string {
  const base = isOffer(solution.user_role) ? '/supplierdetails' : '/clientsdetails';
  return `${base}/${encodeURIComponent(solution._id)}/${encodeURIComponent(solution.user._id)}`;
}

/** The public list a post belongs to. */
export const listPath = (role: UserRole): string => (isOffer(role) ? '/suppliers' : '/clients');

/**
 * SPEC 3 and 5: Equipments, Space, Services and the farm categories have no delivery block;
 * Delivery and Transport always have one; Sell/Buy only when the poster filled it in.
 */
export function showsDelivery(solution: Solution): boolean {
  const block = findCategory(solution.category)?.deliveryBlock ?? 'optional';
  if (block === 'hidden') return false;
  if (block === 'required') return true;
  return Boolean(
    solution.delivery_street_address || solution.delivery_city || solution.delivery_country || solution.delivery_date,
  );
}

/** SPEC 2.3 item 9: the price shows on the acceptance screens only for 'Your own proposition...'. */
export function isOwnProposition(solution: Pick<Solution, 'sub_category_id' | 'sub_category'>): boolean {
  const found = findSubcategory(solution.sub_category_id);
  return found ? found.sub.own : solution.sub_category.en === OWN_PROPOSITION_LABEL.en;
}

export const subCategoryOf = (solution: Pick<Solution, 'sub_category'>, language: Language = getLanguage()) =>
  pick(solution.sub_category, language);

/** A category's name in the chosen language (the catalogue's). */
export const categoryName = (id: string, language: Language = getLanguage()): string => {
  const category = findCategory(id);
  return category ? pick(category.name, language) : id;
};

/** "Dakar, Senegal": the parts that exist, in order. */
/**
 * The parts of an address that are filled, joined by commas. A part that repeats the one before
 * but for accents or case is left out: a city and its region often share a name, and the place
 * picker fills both ("Thiès, Thies, Senegal" reads "Thiès, Senegal").
 */
export function joinPlace(...parts: (string | null | undefined)[]): string {
  const kept: string[] = [];
  for (const part of parts) {
    if (!part?.trim()) continue;
    const last = kept.at(-1);
    if (last === undefined || !samePlaceName(last, part)) kept.push(part.trim());
  }
  return kept.join(', ');
}

/** Two place names that differ only by accents or case ("Thies", "Thiès") name the same place. */
export function samePlaceName(a: string, b: string): boolean {
  const bare = (part: string) => part.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  return bare(a) === bare(b);
}

/** A plain date (YYYY-MM-DD) as the user's language writes it, without a time-zone shift. */
export function formatPlainDate(date: string | null, language: Language = getLanguage()): string {
  if (!date) return '';
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return dateTimeFormat(localeTag(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(parsed);
}

/** A date and a time, in the user's language: the app's one format for them (date-time.ts). */
export const formatMomentTime = (at: Date, language: Language = getLanguage()): string => formatDateTime(at, language);

/** A moment (ISO 8601) in the user's time zone. */

export function formatMoment(iso: string, language: Language = getLanguage()): string {
  const parsed = new Date(iso);
  if (Number.isNaN(parsed.getTime())) return iso;
  return dateTimeFormat(localeTag(language), { dateStyle: 'medium' }).format(parsed);
}

/** The display options every post call takes (SPEC 3's stored language and currency). */
export function displayParams(): URLSearchParams {
  return new URLSearchParams({ currency: getCurrency(), lang: getLanguage() === 'fr-ca' ? 'fr' : 'en' });
}

/** Digits only, for wa.me links. */
export const digitsOf = (phone: string): string => phone.replace(/\D/g, '');
