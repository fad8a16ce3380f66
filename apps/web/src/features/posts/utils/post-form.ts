// The publish form's pure parts: what the router brings (SPEC 2.3 items 4-6), which address blocks
// a category shows (SPEC 5), the dates, and turning the typed fields into newSolutionSchema's
// input. The schema itself (packages/shared) decides what is required; nothing here repeats it.
import {
  DEFAULT_EUR_PER_USD_MICRO,
  convertOwnPrice,
  currencyOfSetting,
  findCategory,
  findSubcategory,
  newSolutionSchema,
  parseDecimal,
  unitOfLabel,
  type BookingUnit,
  type Category,
  type CategoryId,
  type CurrencySetting,
  type NewSolutionInput,
  type UserRole,
} from '@app/shared';
import type { z } from 'zod';

export type FormPath = '/needsolutionForm' | '/providesolutionForm';
export const FORM_PATH: Record<UserRole, FormPath> = {
  needSolution: '/needsolutionForm',
  provideSolution: '/providesolutionForm',
};

/** What the selection map (or the category screen) hands to the form. */
export interface FormRouteState {
  lng?: number;
  lat?: number;
  category?: CategoryId;
  subCategoryId?: string;
  /** D-26: the city the chosen point is in or near, its region and country (ISO code). */
  place?: { city: string; region: string; country: string };
}

type Loose = Record<string, unknown> | null | undefined;
const asObject = (value: unknown): Loose =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
const asNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const asString = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * Reads the router state defensively: it may come from the selection map, from an older tab, or be
 * absent (page opened directly). SPEC spells the subcategory both `subCategoryId` and
 * `subcategoryId`, and the provide form receives it only inside `categoryData` (SPEC 2.3 item 5).
 */
export function readRouteState(state: unknown): FormRouteState {
  const s = asObject(state);
  const data = asObject(s?.categoryData);
  const lng = asNumber(s?.lng);
  const lat = asNumber(s?.lat);
  const subId =
    asString(s?.subCategoryId) ??
    asString(s?.subcategoryId) ??
    asString(data?.subCategoryId) ??
    asString(data?.subcategoryId) ??
    asString(data?.id);
  const found = subId ? findSubcategory(subId) : undefined;
  const categoryId = asString(s?.category) ?? asString(data?.category) ?? found?.category.id;
  const category = categoryId ? findCategory(categoryId) : undefined;
  const sub = found && category && found.category.id === category.id ? found.sub : undefined;
  const located = lng !== undefined && lat !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  const city = asString(s?.city);
  const country = asString(s?.country)?.toUpperCase();
  const place =
    located && city && country && /^[A-Z]{2}$/.test(country)
      ? { city, region: asString(s?.region) ?? '', country }
      : undefined;
  return {
    ...(located ? { lng, lat } : {}),
    ...(place ? { place } : {}),
    ...(category ? { category: category.id } : {}),
    ...(sub ? { subCategoryId: sub.id } : {}),
  };
}

/** SPEC 5 address blocks: pickup only, pickup and delivery, or (Sell/Buy) delivery on request. */
export const showsDelivery = (category: Category | undefined, withDelivery: boolean): boolean =>
  category?.deliveryBlock === 'required' || (category?.deliveryBlock === 'optional' && withDelivery);

export interface AddressFields {
  street: string;
  city: string;
  region: string;
  /** ISO 3166-1 alpha-2 in the form; sent as the country's name (as the posts store it). */
  country: string;
  postal: string;
  date: string;
}

export interface PostFields {
  category: CategoryId | '';
  subCategoryId: string;
  /** D-30: optional; empty means the post is named by its sub-category. */
  title: string;
  price: string;
  description: string;
  pickup: AddressFields;
  delivery: AddressFields;
  withDelivery: boolean;
  /** D-33: an own proposition's unit; '' is priced per item or once. */
  unit: BookingUnit | '';
  /** D-33: how many can be booked at once, as typed (an offer booked by date). */
  capacity: string;
  /** D-33: a need's last day (pickup.date is its first); '' is a single day. */
  datesTo: string;
  /** D-35: show the exact place to everyone (a shop, a depot); off, others see an area. */
  showExactLocation?: boolean;
}

export const emptyAddress = (country: string): AddressFields => ({
  street: '',
  city: '',
  region: '',
  country,
  postal: '',
  date: '',
});

/** Today in the user's own time zone, as `<input type="date">` writes it. */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** YYYY-MM-DD plus whole days, on the calendar (no time zone or summer-time drift). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** SPEC 5: every day up to and including the pickup day is disabled for the delivery. */
export const deliveryMin = (pickupDate: string, today: string): string =>
  addDays(/^\d{4}-\d{2}-\d{2}$/.test(pickupDate) && pickupDate > today ? pickupDate : today, 1);

const blank = (text: string): string | null => (text.trim() === '' ? null : text);

/** D-33: the unit a post is booked by: a preset's comes from its name, an own proposition's is chosen. */
export function bookingUnitOf(subCategoryId: string, chosen: BookingUnit | ''): BookingUnit | null {
  const sub = findSubcategory(subCategoryId)?.sub;
  if (!sub) return null;
  return sub.own ? chosen || null : unitOfLabel(sub.label.en);
}

/** D-33: only an offer booked by date has a capacity. */
export const asksCapacity = (role: UserRole, fields: Pick<PostFields, 'subCategoryId' | 'unit'>): boolean =>
  role === 'provideSolution' && bookingUnitOf(fields.subCategoryId, fields.unit) !== null;

/** D-33: a need may span days; its delivery date already ends a two-address post. */
export const asksLastDay = (role: UserRole, withDeliveryBlock: boolean): boolean =>
  role === 'needSolution' && !withDeliveryBlock;

export interface BuildContext {
  role: UserRole;
  currency: CurrencySetting;
  position: { lat: number; lng: number } | null;
}

/** The typed fields as newSolutionSchema's input; the schema then says what is missing. */
export function buildSolutionInput(fields: PostFields, ctx: BuildContext): NewSolutionInput {
  const category = fields.category ? findCategory(fields.category) : undefined;
  const sub = findSubcategory(fields.subCategoryId)?.sub;
  const withDeliveryBlock = showsDelivery(category, fields.withDelivery);
  const delivery = withDeliveryBlock ? fields.delivery : null;
  // D-33: sent only when set, so a post that is not booked by date reads as before.
  const capacity = asksCapacity(ctx.role, fields) ? fields.capacity.trim() : '';
  const datesTo = asksLastDay(ctx.role, withDeliveryBlock) ? fields.datesTo : '';
  return {
    user_role: ctx.role,
    // Left empty, the schema reports the field as missing: the cast only carries '' to it.
    category: fields.category as CategoryId,
    sub_category_id: fields.subCategoryId,
    title: blank(fields.title),
    description: fields.description,
    ...(sub?.own ? { price: fields.price.trim() } : {}),
    currency: ctx.currency,
    pickup_lat: ctx.position?.lat as number,
    pickup_lng: ctx.position?.lng as number,
    pickup_street_address: blank(fields.pickup.street),
    pickup_city: fields.pickup.city,
    pickup_region: blank(fields.pickup.region),
    // The ISO code; readers see its name in their own language.
    pickup_country: fields.pickup.country,
    pickup_postal_address: blank(fields.pickup.postal),
    pickup_date: fields.pickup.date,
    ...(delivery
      ? {
          delivery_street_address: blank(delivery.street),
          delivery_city: blank(delivery.city),
          delivery_region: blank(delivery.region),
          delivery_country: blank(delivery.country),
          delivery_postal_address: blank(delivery.postal),
          delivery_date: blank(delivery.date),
        }
      : {}),
    ...(sub?.own && fields.unit ? { unit: fields.unit } : {}),
    // A number the schema then checks (a whole number from 1 to 1000); NaN when it is none.
    ...(capacity ? { capacity: Number(capacity) } : {}),
    ...(datesTo ? { dates_to: datesTo } : {}),
    // D-35: sent only when chosen; off by default.
    ...(fields.showExactLocation ? { show_exact_location: true } : {}),
  };
}

/** The form control a schema path (or a server `fields` name) belongs to. */
export function controlOf(field: string): string {
  if (field === 'pickup_lat' || field === 'pickup_lng') return 'location';
  if (field === 'delivery_lat' || field === 'delivery_lng') return 'delivery_city';
  if (field === 'files' || field === 'images') return 'images';
  if (field === 'user_role' || field === 'currency') return 'form';
  return field;
}

// The schema's own messages (packages/shared/src/schemas/solutions.ts), each with its text here.
const KNOWN_MESSAGES: Record<string, string> = {
  Required: 'postForm.problems.required',
  'Required: a number': 'postForm.problems.priceNumber',
  'Must be more than 0': 'postForm.problems.pricePositive',
  'Too large': 'postForm.problems.priceTooLarge',
  'Must be after the pickup date': 'postForm.problems.afterPickup',
  'Must not be before the first day': 'postForm.problems.notBeforeFirst',
  'Not a subcategory of this category': 'postForm.problems.chooseSubcategory',
};

export type Problem = { key: string; values?: Record<string, unknown> } | { text: string };

/** A schema issue as a locale key: the schema's messages, else by the kind of issue. */
export function problemOfIssue(issue: z.core.$ZodIssue): Problem {
  const control = controlOf(String(issue.path[0] ?? ''));
  if (control === 'location') return { key: 'postForm.problems.location' };
  // Whatever zod found (not a number, a fraction, out of range), the rule is the same.
  if (control === 'capacity') return { key: 'postForm.problems.capacity' };
  const known = KNOWN_MESSAGES[issue.message];
  if (known) return { key: known };
  switch (issue.code) {
    case 'too_big':
      return { key: 'postForm.problems.tooLong', values: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { key: 'postForm.problems.date' };
    case 'invalid_value':
      return { key: control === 'category' ? 'postForm.problems.chooseCategory' : 'postForm.problems.required' };
    default:
      return { key: 'postForm.problems.required' };
  }
}

/** A server `fields` reason: the schema's own messages are translated; any other is shown as sent. */
export function problemOfServer(field: string, why: string): Problem {
  if (controlOf(field) === 'location') return { key: 'postForm.problems.location' };
  const known = KNOWN_MESSAGES[why];
  return known ? { key: known } : { text: why };
}

/** Field name → what is wrong with it. */
export type Problems = Record<string, Problem>;

// Stand-ins that pass their own field's rule, for the second pass below.
const STAND_INS: Partial<Record<keyof NewSolutionInput, unknown>> = {
  description: 'x',
  pickup_city: 'x',
  pickup_country: 'x',
  pickup_lat: 0,
  pickup_lng: 0,
  pickup_date: '1970-01-01',
};

/**
 * newSolutionSchema.safeParse, with every problem at once. Zod runs the schema's cross-field rules
 * (own price, delivery block) only once every field parses, so an empty form would first show
 * the simple fields and only on the next try the price or the delivery address. A second pass with
 * the failing simple fields stood in shows the rest the first time.
 */
export function checkSolution(input: NewSolutionInput): Problems | null {
  const first = newSolutionSchema.safeParse(input);
  if (first.success) return null;
  const issues = [...(first.error?.issues ?? [])];
  const failing = new Set(issues.map((i) => String(i.path[0] ?? '')));
  const standable = [...failing].every((field) => field in STAND_INS);
  if (standable) {
    const patched: Record<string, unknown> = { ...input };
    for (const field of failing) patched[field] = STAND_INS[field as keyof NewSolutionInput];
    const second = newSolutionSchema.safeParse(patched);
    issues.push(...(second.error?.issues ?? []).filter((i) => !failing.has(String(i.path[0] ?? ''))));
  }
  const problems: Problems = {};
  for (const issue of issues) {
    const control = controlOf(String(issue.path[0] ?? 'form'));
    problems[control] ??= problemOfIssue(issue);
  }
  return problems;
}

/** The three prices of an own proposition as typed in `currency`, or null while it is no price. */
export function priceEcho(
  price: string,
  currency: CurrencySetting,
  eurPerUsdMicro: number = DEFAULT_EUR_PER_USD_MICRO,
): { USD: number; EUR: number; XOF: number } | null {
  const code = currencyOfSetting(currency);
  const minor = parseDecimal(price, code);
  if (minor === null || minor <= 0) return null;
  return convertOwnPrice(minor, code, eurPerUsdMicro);
}

/** An own price this many times above (or below) the category's presets asks first. */
export const FAR_PRICE_FACTOR = 50;

/**
 * Whether an own-proposition price is far outside its category's usual prices: at least 50 times
 * the dearest preset, or at most a fiftieth of the cheapest (3000 typed as dollars when CFA francs
 * were meant). A category without presets has no usual range.
 */
export function isFarFromUsual(category: Category | undefined, price: string, currency: CurrencySetting): boolean {
  const code = currencyOfSetting(currency);
  const minor = parseDecimal(price, code);
  const presets = (category?.subcategories ?? []).filter((s) => !s.own).map((s) => s.prices[code]);
  if (minor === null || minor <= 0 || presets.length === 0) return false;
  return minor >= FAR_PRICE_FACTOR * Math.max(...presets) || minor * FAR_PRICE_FACTOR <= Math.min(...presets);
}
