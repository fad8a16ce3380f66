// GET /api/solution/map. The map is public: visitors see markers (SPEC 6).
import { dataOf, errorSchema, mapQuerySchema, mapResultSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildMapService } from './service.js';

export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const solutions = buildMapService(app.database.db);

  app.get(
    '/api/solution/map',
    {
      schema: {
        tags: ['solution'],
        summary: 'Open posts in a viewport: points when few, clusters (counts at positions) when many',
        querystring: mapQuerySchema,
        response: { 200: dataOf(mapResultSchema), 400: errorSchema },
      },
    },
    async (request, reply) => {
      // Markers change as people post: a short shared cache absorbs bursts of identical views.
      reply.header('cache-control', 'public, max-age=15');
      return { data: await solutions.map(request.query) };
    },
  );
};
