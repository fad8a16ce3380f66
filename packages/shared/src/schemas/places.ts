// GET /api/places and GET /api/places/reverse (API.md, D-26): GeoNames cities by name or nearest
// to a point, the country named in the caller's language.
import { z } from 'zod';
import { latSchema, lngSchema } from './common.js';
import { nearSchema } from './solutions.js';
import { bboxSchema, bboxWidth, mapSpanLimit } from './map.js';

export const PLACES_LIMIT = 10;

const langSchema = z.enum(['en', 'fr']).optional();

export const placesQuerySchema = z.object({
  /** A city's name, or its beginning; accents, case and a typo are forgiven. */
  q: z.string().trim().min(1).max(100),
  /** "lng,lat": closer cities rank higher. */
  near: nearSchema.optional(),
  /** The language of `country_name`; else the caller's (Accept-Language). */
  lang: langSchema,
});
export type PlacesQuery = z.infer<typeof placesQuerySchema>;

export const placeSchema = z.object({
  name: z.string(),
  /** The first-level division (region, state, province); null when GeoNames has none. */
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country_code: z.string(),
  country_name: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

export const reverseQuerySchema = z.object({
  lat: z.coerce.number().pipe(latSchema),
  lng: z.coerce.number().pipe(lngSchema),
  lang: langSchema,
});
export type ReverseQuery = z.infer<typeof reverseQuerySchema>;

export const reversePlaceSchema = placeSchema.omit({ lat: true, lng: true }).extend({
  /** Great-circle kilometres from the point asked about, rounded to 0.1. */
  distance_km: z.number(),
});
export type ReversePlace = z.infer<typeof reversePlaceSchema>;

// GET /api/places/labels (API.md, third round): the names a map without street tiles draws, the
// most populous place per part of the screen.
/** At most this many names per view. */
export const PLACE_LABELS_LIMIT = 40;

export const placeLabelsQuerySchema = z
  .object({
    /** "minLng,minLat,maxLng,maxLat"; west > east crosses the antimeridian. */
    bbox: bboxSchema,
    zoom: z.coerce.number().int().min(0).max(22),
  })
  .superRefine(({ bbox, zoom }, ctx) => {
    // As GET /api/solution/map: a view no screen can have would only make the server work.
    const limit = mapSpanLimit(zoom);
    if (bboxWidth(bbox) > limit || bbox[3] - bbox[1] > limit) {
      ctx.addIssue({
        code: 'custom',
        path: ['bbox'],
        message: `At zoom ${zoom} a viewport spans at most ${Number(limit.toPrecision(3))} degrees`,
      });
    }
  });
export type PlaceLabelsQuery = z.infer<typeof placeLabelsQuerySchema>;

export const placeLabelSchema = z.object({
  name: z.string(),
  /** Rounded to what a screen shows at that zoom (at most 4 decimals, about 10 m). */
  lat: z.number(),
  lng: z.number(),
  population: z.number().int().min(0),
});
export type PlaceLabel = z.infer<typeof placeLabelSchema>;
