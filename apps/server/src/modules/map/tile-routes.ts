// GET /api/solution/map/tiles/{z}/{x}/{y}: the map as standard web-map tiles (packages/shared map-tiles.ts), the
// same bytes for everyone (D-35: public points only, even for a signed-in viewer), so that one
// cached answer serves every viewer of a place (docs/performance.md). An ETag lets the browser and
// the service worker revalidate with If-None-Match for a 304.
import {
  CATEGORY_IDS,
  CURRENCY_SETTINGS,
  dataOf,
  errorSchema,
  mapResultSchema,
  TILE_MAX_ZOOM,
  USER_ROLES,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { sendKept } from '../../lib/send-kept.js';
import type { TileService } from './tile-service.js';

/** A screen shows up to about 16 tiles: a view of the viewport route costs this many tile asks. */
export const TILES_PER_VIEW = 16;

const tileParams = z
  .object({
    z: z.coerce.number().int().min(0).max(TILE_MAX_ZOOM),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine(({ z: zoom, x, y }) => x < 2 ** zoom && y < 2 ** zoom, {
    message: 'x and y must lie below 2^z',
    path: ['x'],
  });

/** The filters of GET /api/solution/map (mapQuerySchema), without its viewport. */
const tileQuery = z.object({
  type: z.enum(USER_ROLES).optional(),
  category: z.enum(CATEGORY_IDS).optional(),
  currency: z.enum(CURRENCY_SETTINGS).default('dollar'),
  lang: z.enum(['en', 'fr']).default('en'),
});

export async function tileRoutes(
  parent: FastifyInstance,
  {
    config,
    tiles,
    viewsPerMinute,
  }: { config: Pick<Config, 'rateLimitScale'>; tiles: TileService; viewsPerMinute: number },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const perAddress = app.limiter('map-tiles', {
    max: viewsPerMinute * TILES_PER_VIEW * config.rateLimitScale,
    timeWindow: 60 * 1000,
    key: (request) => request.ip,
    // Every view or tile asks: one Redis round trip per lease of counts, not per request.
    leased: true,
  });
  app.get(
    '/api/solution/map/tiles/:z/:x/:y',
    {
      onRequest: perAddress,
      schema: {
        tags: ['solution'],
        summary: 'Open posts in one web-map tile (z/x/y): points when few, clusters when many; the same for everyone',
        description:
          `Tiles of zoom 0 to ${TILE_MAX_ZOOM} (a map zoomed further asks for zoom ${TILE_MAX_ZOOM}'s). Public ` +
          'points only (D-35). A tile answers for the posts of the cluster cells it owns: four cells make its ' +
          "width, and a cell cut by a row's edge belongs to the row holding its centre, so the tiles of a viewport " +
          'hold each post once. Answers carry an ETag; If-None-Match with it answers 304 while the tile is unchanged. ' +
          `At most ${viewsPerMinute * TILES_PER_VIEW} tiles a minute per address (429 RATE_LIMITED).`,
        params: tileParams,
        querystring: tileQuery,
        response: { 200: dataOf(mapResultSchema), 304: z.undefined(), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { z: zoom, x, y } = request.params;
      const answer = await tiles.tile({ z: zoom, x, y }, request.query);
      // Revalidated on every use: a 304 from memory costs little, and a change shows at once.
      reply.header('etag', answer.etag).header('cache-control', 'public, no-cache');
      if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
      // Serialised once when computed, compressed once per encoding: sent as those bytes.
      return sendKept(request, reply, answer, answer.body);
    },
  );
}
