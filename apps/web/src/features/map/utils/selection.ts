// SPEC 2.3 item 6: what Next on the selection map passes to the form. The category and
// subcategory come from the route (/selectionmap/{category}/{subCategoryId}) or, when those are
// not known ids, from the router state's categoryData.
import { findCategory, findSubcategory } from '@app/shared';
import { samePlaceName } from '../../../lib/post';

export const FORMS = ['/providesolutionForm', '/needsolutionForm'] as const;
export type FormPath = (typeof FORMS)[number];

export interface SelectionState {
  url?: unknown;
  categoryData?: unknown;
}

export interface CategoryData {
  category?: string;
  subCategoryId?: string;
  [key: string]: unknown;
}

/** D-26: the city a chosen point is in or near, as GET /api/places(/reverse) names it. */
export interface NamedPlace {
  name: string;
  region: string | null;
  country_code: string;
  country_name: string;
}

export interface NextState {
  lng: number;
  lat: number;
  category: string | undefined;
  subCategoryId: string | undefined;
  categoryData: CategoryData;
  /** The named place's city, region and country (ISO code), for the form's address. */
  city?: string;
  region?: string;
  country?: string;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The form Next opens: the one named in the state, else the provide form (only these two). */
export function nextForm(state: unknown): FormPath {
  const url = asRecord(state).url;
  return FORMS.find((form) => form.toLowerCase() === String(url).toLowerCase()) ?? '/providesolutionForm';
}

export function nextState(
  params: { type?: string; id?: string },
  state: unknown,
  point: { lat: number; lng: number },
  place?: NamedPlace,
): NextState {
  const data = asRecord(asRecord(state).categoryData) as CategoryData;
  const category = findCategory(params.type ?? '')?.id ?? asString(data.category);
  const subCategoryId =
    (params.id && findSubcategory(params.id) ? params.id : undefined) ?? asString(data.subCategoryId);
  return {
    lng: point.lng,
    lat: point.lat,
    category,
    subCategoryId,
    categoryData: Object.keys(data).length > 0 ? data : { category, subCategoryId },
    ...(place
      ? {
          city: place.name,
          // GeoNames often names a region after its chief town ("Thies" for Thiès): a region that
          // only repeats the city says nothing, so the form's Region stays for the user.
          ...(place.region && !samePlaceName(place.region, place.name) ? { region: place.region } : {}),
          country: place.country_code,
        }
      : {}),
  };
}
