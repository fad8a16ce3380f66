// GET /api/solution/map. The map is public: visitors see markers (SPEC 6).
import { dataOf, errorSchema, MAP_MAX_VIEWPORT_PX, mapQuerySchema, mapResultSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { sendKept } from '../../lib/send-kept.js';
import { accessToken } from '../sessions/plugin.js';
import { buildMapService } from './service.js';
import { tileRoutes } from './tile-routes.js';
import { TILE_POINT_LIMIT, tileService } from './tile-service.js';

/** Map views one address may ask for in a minute (times RATE_LIMIT_SCALE): panning sends one or two a second. */
export const MAP_VIEWS_PER_MINUTE = 300;

export const mapRoutes: FastifyPluginAsyncZod<{ config: Pick<Config, 'rateLimitScale'> }> = async (app, { config }) => {
  // The shared, cached tiles (tile-service.ts): every view is merged from them, each post counted
  // once (tileCells); a signed-in viewer's own points are then moved to their exact place (D-35).
  const posts = buildMapService(app.database.db, { pointLimit: TILE_POINT_LIMIT });
  const tiles = tileService(posts, app.publicCaches.tiles);
  await tileRoutes(app, { config, tiles, viewsPerMinute: MAP_VIEWS_PER_MINUTE });
  // The map is public, and a view may ask for up to 24 tiles that are not kept yet. Counted
  // before validation, so refused views count too.
  const perAddress = app.limiter('map', {
    max: MAP_VIEWS_PER_MINUTE * config.rateLimitScale,
    timeWindow: 60 * 1000,
    key: (request) => request.ip,
    // Every view or tile asks: one Redis round trip per lease of counts, not per request.
    leased: true,
  });

  app.get(
    '/api/solution/map',
    {
      onRequest: perAddress,
      schema: {
        tags: ['solution'],
        summary: 'Open posts in a viewport: points when few, clusters (counts at positions) when many',
        description:
          `A bbox wider or taller than ${MAP_MAX_VIEWPORT_PX} px of map at its zoom (mapSpanLimit) is refused ` +
          `with 400 VALIDATION; at most ${MAP_VIEWS_PER_MINUTE} views a minute per address (429 RATE_LIMITED).`,
        querystring: mapQuerySchema,
        response: { 200: dataOf(mapResultSchema), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const token = accessToken(request);
      if (token === undefined) {
        // Markers change as people post: a short shared cache absorbs bursts of identical views.
        reply.header('cache-control', 'public, max-age=15');
        const answer = await tiles.viewAnswer(request.query);
        // Already JSON (tile-service.ts): Fastify sends a string of a JSON type as it is.
        if (typeof answer === 'string') return reply.type('application/json; charset=utf-8').send(answer as never);
        return sendKept(request, reply, answer.owner, answer.body) as never;
      }
      // D-35: a signed-in viewer sees their own posts and those of deals the owner confirmed at
      // their exact points: an answer for them alone, never kept by a shared cache. A key that
      // is no session's gets the public answer, as a visitor.
      reply.header('cache-control', 'private, no-store');
      reply.header('vary', 'access-token');
      const [viewer, shared] = await Promise.all([app.sessions.authenticate(token), tiles.view(request.query)]);
      return { data: viewer ? await posts.withExactPoints(shared, viewer.userId) : shared };
    },
  );
};
