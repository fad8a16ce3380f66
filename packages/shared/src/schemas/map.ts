// GET /api/solution/map (API.md, D-5, D-20): a viewport and a zoom in, points or clusters out.
import { z } from 'zod';
import { CATEGORY_IDS } from '../catalogue.js';
import { CURRENCY_SETTINGS } from '../money.js';
import { bilingualSchema, idSchema } from './common.js';
import { ratingSchema } from './deals.js';
import { USER_ROLES } from '../vocabulary.js';

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

/**
 * The widest screen a map view may stand for, in pixels: a 4096 px screen whose zoom was rounded up
 * by half a level (×1.41), plus the web's rounding of the viewport to its grid. A bbox wider or
 * taller than this at its zoom cannot be on anybody's screen, and would make the server count
 * far more posts than it can show: it is refused.
 */
export const MAP_MAX_VIEWPORT_PX = 6144;

/** The largest span, in degrees of longitude (and of latitude), a viewport may have at a zoom. */
export const mapSpanLimit = (zoom: number): number => (360 / 2 ** zoom) * (MAP_MAX_VIEWPORT_PX / 256);

/** Degrees of longitude a bbox spans; west > east crosses the antimeridian. */
export const bboxWidth = ([west, , east]: readonly number[]): number =>
  west! <= east! ? east! - west! : east! + 360 - west!;

export const mapQuerySchema = z
  .object({
    bbox: bboxSchema,
    zoom: z.coerce.number().int().min(0).max(22),
    type: z.enum(USER_ROLES).optional(),
    category: z.enum(CATEGORY_IDS).optional(),
    /** Display currency of `display_price` (SPEC 3's stored setting). */
    currency: z.enum(CURRENCY_SETTINGS).default('dollar'),
    lang: z.enum(['en', 'fr']).default('en'),
  })
  .superRefine(({ bbox, zoom }, ctx) => {
    const limit = mapSpanLimit(zoom);
    if (bboxWidth(bbox) > limit || bbox[3] - bbox[1] > limit) {
      ctx.addIssue({
        code: 'custom',
        path: ['bbox'],
        message: `At zoom ${zoom} a viewport spans at most ${Number(limit.toPrecision(3))} degrees`,
      });
    }
  });
export type MapQuery = z.infer<typeof mapQuerySchema>;

export const mapPointSchema = z.object({
  _id: idSchema,
  user_role: z.enum(USER_ROLES),
  category: z.enum(CATEGORY_IDS),
  /** D-35: the public point (within 1 km, 3 decimals) unless `location_exact`. */
  lat: z.number(),
  lng: z.number(),
  /**
   * D-35: the exact point, for its owner or a confirmed deal's party, or a post that shows its
   * place; otherwise an approximate one, drawn as an area. Never the poster's id (API.md).
   */
  location_exact: z.boolean(),
  title: z.string(),
  sub_category: bilingualSchema,
  display_price: z.string(),
  verified: z.boolean(),
  vip: z.boolean(),
  /** D-29: the poster's completed deals and rating, from the same join as the badges. */
  completed_deals: z.number().int().min(0).optional(),
  rating: ratingSchema.optional(),
  thumb_url: z.string().nullable(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

export const mapClusterSchema = z.object({ lat: z.number(), lng: z.number(), count: z.number().int() });
export type MapCluster = z.infer<typeof mapClusterSchema>;

export const mapResultSchema = z
  .object({ points: z.array(mapPointSchema), clusters: z.array(mapClusterSchema) })
  .meta({ id: 'MapView' });
