// D-36: alerts. POST/GET /api/alerts and DELETE /api/alerts/:alertId (API.md "Added in the third
// round"): what a user wants to be told about, near a point.
import { z } from 'zod';
import { CATEGORY_IDS, findSubcategory } from '../catalogue.js';
import { USER_ROLES } from '../vocabulary.js';
import { nearSchema } from './solutions.js';

/** D-36: alerts kept per user. */
export const ALERTS_MAX = 20;
export const ALERT_RADIUS_KM_MIN = 1;
export const ALERT_RADIUS_KM_MAX = 200;
export const ALERT_WORDS_MAX = 100;

/** Form-style "true"/"false" or a JSON boolean. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const newAlertBodySchema = z
  .object({
    /** The posts wanted: needs or offers; absent, both. */
    type: z.enum(USER_ROLES).optional(),
    q: z.string().trim().max(ALERT_WORDS_MAX).optional(),
    category: z.enum(CATEGORY_IDS).optional(),
    sub_category_id: z.string().max(60).optional(),
    /** "lng,lat" */
    near: nearSchema,
    radius_km: z.coerce.number().min(ALERT_RADIUS_KM_MIN).max(ALERT_RADIUS_KM_MAX),
    sms: flag.optional(),
  })
  .refine((body) => body.sub_category_id === undefined || findSubcategory(body.sub_category_id) !== undefined, {
    path: ['sub_category_id'],
    message: 'Unknown sub-category',
  })
  .refine(
    (body) =>
      body.sub_category_id === undefined ||
      body.category === undefined ||
      findSubcategory(body.sub_category_id)?.category.id === body.category,
    { path: ['sub_category_id'], message: 'Not of that category' },
  );
export type NewAlert = z.infer<typeof newAlertBodySchema>;

/** PATCH-like switch of the alerts screen: SMS on or off ("STOP" chosen on the screen). */
export const alertSmsBodySchema = z.object({ sms: flag });

export const alertIdParamsSchema = z.object({ alertId: z.uuid() });

export const alertSchema = z.object({
  _id: z.string(),
  type: z.enum(USER_ROLES).nullable(),
  q: z.string(),
  category: z.enum(CATEGORY_IDS).nullable(),
  sub_category_id: z.string().nullable(),
  lng: z.number(),
  lat: z.number(),
  radius_km: z.number(),
  sms: z.boolean(),
  /** When a post last matched it, and that post (D-36: the alerts screen shows each one's last match). */
  last_match_at: z.string().nullable(),
  last_solution_id: z.string().nullable(),
  created_at: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
