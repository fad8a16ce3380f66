// Records as API.md returns them. Contacts are optional because D-14 decides who sees them.
import { z } from 'zod';
import { BOOKING_UNITS } from '../bookings.js';
import { CATEGORY_IDS } from '../catalogue.js';
import { DEAL_STATES } from '../deals.js';
import { SOLUTION_STATUSES, USER_ROLES } from '../vocabulary.js';
import { bilingualSchema, idSchema } from './common.js';

export const subscriptionSchema = z.object({
  subscription_type: z.string().nullable(),
  subscription_flag: z.boolean(),
  trail_complete: z.boolean(),
  subscription_start_date: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
});

export const userSchema = z
  .object({
    _id: idSchema,
    firstName: z.string(),
    lastName: z.string().nullable(),
    email: z.string(),
    mobile_no: z.string(),
    physical_address: z.string().nullable(),
    country: z.string().nullable(),
    profile_pic: z.string().nullable(),
    admin: z.boolean(),
    identity_flag: z.boolean(),
    verified: z.boolean(),
    vip: z.boolean(),
    google_auth: z.boolean(),
    fb_auth: z.boolean(),
    /** The e-mail was proven by a code sent to it. */
    email_verified: z.boolean(),
    language: z.enum(['en', 'fr']),
    subscription: subscriptionSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const solutionSchema = z
  .object({
    _id: idSchema,
    user: z.object({
      _id: idSchema,
      firstName: z.string(),
      verified: z.boolean(),
      vip: z.boolean(),
      email: z.string().optional(),
      mobile_no: z.string().optional(),
      /** D-29: shown wherever a person is shown (details, lists, map popups). */
      completed_deals: z.number().int().min(0).optional(),
      rating: z.object({ average: z.number().min(1).max(5).nullable(), count: z.number().int().min(0) }).optional(),
    }),
    user_role: z.enum(USER_ROLES),
    category: z.enum(CATEGORY_IDS),
    sub_category: bilingualSchema,
    sub_category_id: z.string(),
    /** D-30: the stored title, else the sub-category's name in the reader's language (`lang`). */
    title: z.string(),
    sub_category_price_dollar: z.string(),
    sub_category_price_euro: z.string(),
    sub_category_price_fr: z.string(),
    display_price: z.string(),
    description: z.string(),
    images: z.array(z.object({ url: z.string(), thumb_url: z.string() })),
    pickup_street_address: z.string().nullable(),
    pickup_city: z.string().nullable(),
    pickup_region: z.string().nullable(),
    pickup_country: z.string().nullable(),
    pickup_postal_address: z.string().nullable(),
    pickup_date: z.string().nullable(),
    /** D-35: the public point (within 1 km of the true one, 3 decimals) unless `location_exact`. */
    pickup_lat: z.number(),
    pickup_lng: z.number(),
    /** D-35: true for its owner and a confirmed deal's parties, or when the owner shows the place. */
    location_exact: z.boolean(),
    delivery_street_address: z.string().nullable(),
    delivery_city: z.string().nullable(),
    delivery_region: z.string().nullable(),
    delivery_country: z.string().nullable(),
    delivery_postal_address: z.string().nullable(),
    delivery_date: z.string().nullable(),
    status: z.enum(SOLUTION_STATUSES),
    created_at: z.string(),
    /** Lists and search with `near` only: kilometres from that point to the given one, to 0.5 (D-35). */
    distance_km: z.number().optional(),
    /** My Offers only: how many people opened the post (visits). */
    visit_count: z.number().int().optional(),
    /** D-33: a post priced per day, night, hour or month is booked by date. */
    unit: z.enum(BOOKING_UNITS).optional(),
    capacity: z.number().int().min(1).optional(),
    /** D-33: a need's last day (pickup_date is its first). */
    dates_to: z.string().optional(),
    /** D-33: the days at capacity, never by whom (bookable posts only). */
    taken: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
    /** D-33: the owner's blocked dates (the owner only). */
    blocked: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
    /** D-32: open requests on it (its owner only). */
    request_count: z.number().int().min(0).optional(),
    /** D-32: the caller's own open request or deal on it, if any. */
    my_deal: z.object({ _id: idSchema, status: z.enum(DEAL_STATES) }).optional(),
  })
  .meta({ id: 'Solution' });
export type Solution = z.infer<typeof solutionSchema>;

export const notificationSchema = z
  .object({
    _id: idSchema,
    status: z.enum(['true', 'false']),
    message_en: z.string(),
    message_fr: z.string(),
    solution_id: idSchema.optional(),
    created_at: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;
