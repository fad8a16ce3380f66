// The publish form's starting fields: what the router brings, over the draft kept while the user
// chose the place on the selection map. What was typed survives that trip (images cannot: files
// are not kept by the browser across pages).
import { findCategory, type UserRole } from '@app/shared';
import { getCurrentUser } from '../../../lib/session';
import { emptyAddress, type FormRouteState, type PostFields } from './post-form';

const draftKey = (role: UserRole) => `postFormDraft:${role}`;

function readDraft(role: UserRole): Partial<PostFields> | null {
  try {
    const raw = sessionStorage.getItem(draftKey(role));
    return raw ? (JSON.parse(raw) as Partial<PostFields>) : null;
  } catch {
    // Private modes may refuse storage, or the draft is from another version: start afresh.
    return null;
  }
}

/** Keeps the fields for the way back from the map; null forgets them. */
export function writeDraft(role: UserRole, fields: PostFields | null): void {
  try {
    if (fields) sessionStorage.setItem(draftKey(role), JSON.stringify(fields));
    else sessionStorage.removeItem(draftKey(role));
  } catch {
    // Without storage the trip to the map simply starts a new form.
  }
}

export function initialFields(role: UserRole, route: FormRouteState): PostFields {
  const country = (getCurrentUser() as { country?: string | null } | null)?.country ?? '';
  const only = route.category ? findCategory(route.category)?.subcategories : undefined;
  const base: PostFields = {
    category: route.category ?? '',
    subCategoryId: route.subCategoryId ?? (only?.length === 1 ? (only[0]?.id ?? '') : ''),
    title: '',
    price: '',
    description: '',
    pickup: emptyAddress(country),
    delivery: emptyAddress(country),
    withDelivery: false,
    unit: '',
    capacity: '1',
    datesTo: '',
    showExactLocation: false,
  };
  const draft = readDraft(role);
  const sameCategory = !route.category || draft?.category === route.category;
  const subCategoryId = draft
    ? (route.subCategoryId ?? (sameCategory ? (draft.subCategoryId ?? base.subCategoryId) : base.subCategoryId))
    : base.subCategoryId;
  // D-33: a unit and a capacity belong to the subcategory they were chosen for.
  const sameSub = draft?.subCategoryId === subCategoryId;
  const fields: PostFields = draft
    ? {
        ...base,
        ...draft,
        category: base.category || (draft.category ?? ''),
        subCategoryId,
        ...(sameSub ? {} : { unit: base.unit, capacity: base.capacity }),
      }
    : base;
  // D-26: the place just chosen on the map names the pickup's city, region and country.
  return route.place ? { ...fields, pickup: { ...fields.pickup, ...route.place } } : fields;
}
