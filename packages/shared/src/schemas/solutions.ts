// solution/* inputs of API.md. SPEC 5 leaves the publish form's required fields undefined; the
// issue defines them here, once, for the form and the server alike.
import { BOOKING_UNITS } from '../bookings.js';
import { z } from 'zod';
import { CATEGORY_IDS, findCategory, findSubcategory } from '../catalogue.js';
import { CURRENCY_SETTINGS, currencyOfSetting, parseDecimal } from '../money.js';
import { TITLE_MAX } from '../titles.js';
import { idSchema, latSchema, lngSchema, plainDateSchema } from './common.js';
import { USER_ROLES } from '../vocabulary.js';

export const DESCRIPTION_MAX = 2000;
export const ADDRESS_MAX = 200;
export const POSTAL_MAX = 40;
/** An own-proposition price is at most this many whole units of its currency. */
export const OWN_PRICE_MAX_UNITS = { USD: 1_000_000, EUR: 1_000_000, XOF: 650_000_000 } as const;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const required = (max: number) => text(max).min(1, 'Required');

/** 'fournirSolution' is recognised as provide (SPEC 3). */
export const postRoleSchema = z
  .enum([...USER_ROLES, 'fournirSolution'])
  .transform((role) => (role === 'fournirSolution' ? 'provideSolution' : role));

export const newSolutionSchema = z
  .object({
    user_role: postRoleSchema,
    category: z.enum(CATEGORY_IDS),
    sub_category_id: idSchema,
    /** D-30: optional; empty means the derived title. */
    title: optionalText(TITLE_MAX),
    description: required(DESCRIPTION_MAX),
    /** Own proposition only: a decimal in `currency` ("12.50"), > 0 and bounded. */
    price: z.union([z.string().max(20), z.number()]).nullish(),
    currency: z.enum(CURRENCY_SETTINGS).default('dollar'),
    pickup_lat: latSchema,
    pickup_lng: lngSchema,
    pickup_street_address: optionalText(ADDRESS_MAX),
    pickup_city: required(ADDRESS_MAX),
    pickup_region: optionalText(ADDRESS_MAX),
    pickup_country: required(ADDRESS_MAX),
    pickup_postal_address: optionalText(POSTAL_MAX),
    pickup_date: plainDateSchema,
    delivery_street_address: optionalText(ADDRESS_MAX),
    delivery_city: optionalText(ADDRESS_MAX),
    delivery_region: optionalText(ADDRESS_MAX),
    delivery_country: optionalText(ADDRESS_MAX),
    delivery_postal_address: optionalText(POSTAL_MAX),
    delivery_date: plainDateSchema.nullish().transform((v) => v ?? null),
    delivery_lat: latSchema.nullish().transform((v) => v ?? null),
    delivery_lng: lngSchema.nullish().transform((v) => v ?? null),
    /** D-33: the unit of an own proposition (a preset's comes from its name). */
    unit: z
      .enum(BOOKING_UNITS)
      .nullish()
      .transform((v) => v ?? null),
    /** D-33: how many can be booked at once (an offer booked by date). */
    capacity: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .nullish()
      .transform((v) => v ?? null),
    /** D-33: a need's last day; pickup_date is its first. */
    dates_to: plainDateSchema.nullish().transform((v) => v ?? null),
    /** D-35: a shop or a depot shows its exact place to everyone; off by default. */
    show_exact_location: z.boolean().optional().default(false),
  })
  .superRefine((post, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const category = findCategory(post.category);
    const found = findSubcategory(post.sub_category_id);
    if (!category || !found || found.category.id !== category.id) {
      issue('sub_category_id', 'Not a subcategory of this category');
      return;
    }
    if (found.sub.own) {
      const code = currencyOfSetting(post.currency);
      const minor = post.price == null ? null : parseDecimal(String(post.price), code);
      if (minor === null) issue('price', 'Required: a number');
      else if (minor <= 0) issue('price', 'Must be more than 0');
      else if (minor > OWN_PRICE_MAX_UNITS[code] * (code === 'XOF' ? 1 : 100)) issue('price', 'Too large');
    } else if (post.price != null && post.price !== '') {
      issue('price', 'Only for your own proposition');
    }
    // D-33: a need's last day, and a unit only where the owner chooses it.
    if (post.dates_to && post.dates_to < post.pickup_date) issue('dates_to', 'Must not be before the first day');
    if (post.unit && !found.sub.own) issue('unit', 'Only for your own proposition');
    const delivery = [
      'delivery_street_address',
      'delivery_city',
      'delivery_region',
      'delivery_country',
      'delivery_postal_address',
      'delivery_date',
      'delivery_lat',
      'delivery_lng',
    ] as const;
    if (category.deliveryBlock === 'hidden') {
      for (const field of delivery) if (post[field] !== null) issue(field, 'Not for this category');
      return;
    }
    if (category.deliveryBlock === 'required') {
      if (!post.delivery_city) issue('delivery_city', 'Required');
      if (!post.delivery_country) issue('delivery_country', 'Required');
      if (!post.delivery_date) issue('delivery_date', 'Required');
    }
    if (post.delivery_date && post.delivery_date <= post.pickup_date) {
      issue('delivery_date', 'Must be after the pickup date');
    }
    if ((post.delivery_lat === null) !== (post.delivery_lng === null)) {
      issue('delivery_lat', 'Both coordinates or neither');
    }
  });
export type NewSolutionInput = z.input<typeof newSolutionSchema>;
export type NewSolution = z.output<typeof newSolutionSchema>;

/** Display options of every call that returns `display_price` (SPEC 3: the stored settings). */
export const displayQuerySchema = z.object({
  currency: z.enum(CURRENCY_SETTINGS).default('dollar'),
  lang: z.enum(['en', 'fr']).default('en'),
});

export const SEARCH_FIELDS = ['pickup_country', 'category', 'sub_category'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * A search by country needs this many letters or digits (accents and punctuation aside): one
 * letter matches nearly every country, and each matched country costs a page of posts.
 */
export const COUNTRY_SEARCH_MIN_LETTERS = 2;

/** Whether a searchSolution text is too short for its field (only pickup_country has a minimum). */
export function searchTextTooShort(field: SearchField, text: string): boolean {
  if (field !== 'pickup_country') return false;
  const letters = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return letters.length < COUNTRY_SEARCH_MIN_LETTERS;
}

export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 20;

/** "lng,lat" for nearest-first lists. */
export const nearSchema = z
  .string()
  .max(60)
  .transform((value) => value.split(',').map((part) => Number(part.trim())))
  .pipe(z.tuple([lngSchema, latSchema]));

export const listQuerySchema = displayQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  cursor: z.string().max(200).optional(),
  category: z.enum(CATEGORY_IDS).optional(),
  near: nearSchema.optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const typeParamsSchema = z.object({ type: postRoleSchema });
export const searchParamsSchema = z.object({
  type: postRoleSchema,
  field: z.enum(SEARCH_FIELDS),
  text: z.string().trim().min(1).max(100),
});
export const categoryParamsSchema = z.object({ category: z.enum(CATEGORY_IDS), type: postRoleSchema });
export const solutionIdParamsSchema = z.object({ solutionId: z.uuid() });
export const deleteParamsSchema = z.object({ userId: z.uuid(), solutionId: z.uuid() });
export const solutionClickedSchema = z.object({ solution_id: z.uuid() });

/** GET /api/solution/search: one search box over every post's words, with filters. */
export const SEARCH_RADIUS_KM_MAX = 20_000;
export const postSearchQuerySchema = listQuerySchema
  .extend({
    q: z.string().trim().max(100).default(''),
    type: postRoleSchema.optional(),
    radius_km: z.coerce.number().positive().max(SEARCH_RADIUS_KM_MAX).optional(),
    /** Decimals in `currency`, as typed ("3000", "12.50"). */
    min_price: z
      .string()
      .trim()
      .max(20)
      .regex(/^\d+(\.\d+)?$/)
      .optional(),
    max_price: z
      .string()
      .trim()
      .max(20)
      .regex(/^\d+(\.\d+)?$/)
      .optional(),
  })
  .refine((query) => query.radius_km === undefined || query.near !== undefined, {
    path: ['radius_km'],
    message: 'Needs near',
  });
export type PostSearchQuery = z.infer<typeof postSearchQuerySchema>;
