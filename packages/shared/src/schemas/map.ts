// GET /api/solution/map (API.md, D-5, D-20): a viewport and a zoom in, points or clusters out.
import { z } from 'zod';
import { CATEGORY_IDS } from '../catalogue.js';
import { CURRENCY_SETTINGS } from '../money.js';
import { bilingualSchema, idSchema } from './common.js';
import { USER_ROLES } from './records.js';

const degrees = z.number().finite();

/** "west,south,east,north" in WGS84 degrees; west > east crosses the antimeridian. */
export const bboxSchema = z
  .string()
  .max(100)
  .transform((text) => text.split(',').map((part) => Number(part.trim())))
  .pipe(
    z
      .tuple([
        degrees.min(-180).max(180),
        degrees.min(-90).max(90),
        degrees.min(-180).max(180),
        degrees.min(-90).max(90),
      ])
      .refine(([, south, , north]) => south <= north, 'south must not be above north'),
  );

export const mapQuerySchema = z.object({
  bbox: bboxSchema,
  zoom: z.coerce.number().int().min(0).max(22),
  type: z.enum(USER_ROLES).optional(),
  category: z.enum(CATEGORY_IDS).optional(),
  /** Display currency of `display_price` (SPEC 3's stored setting). */
  currency: z.enum(CURRENCY_SETTINGS).default('dollar'),
  lang: z.enum(['en', 'fr']).default('en'),
});
export type MapQuery = z.infer<typeof mapQuerySchema>;

export const mapPointSchema = z.object({
  _id: idSchema,
  /** The poster, for the detail routes /clientsdetails/{id}/{userId} and /supplierdetails/{id}/{userId}. */
  user_id: idSchema,
  user_role: z.enum(USER_ROLES),
  category: z.enum(CATEGORY_IDS),
  lat: z.number(),
  lng: z.number(),
  title: z.string(),
  sub_category: bilingualSchema,
  display_price: z.string(),
  verified: z.boolean(),
  vip: z.boolean(),
  thumb_url: z.string().nullable(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

export const mapClusterSchema = z.object({ lat: z.number(), lng: z.number(), count: z.number().int() });
export type MapCluster = z.infer<typeof mapClusterSchema>;

export const mapResultSchema = z
  .object({ points: z.array(mapPointSchema), clusters: z.array(mapClusterSchema) })
  .meta({ id: 'MapView' });
