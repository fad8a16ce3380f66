// Health and the public catalogue.
import { createHash } from 'node:crypto';
import { CATEGORIES, CURRENCY_CODES, catalogueSchema, dataOf, healthSchema, type Catalogue } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const catalogue: Catalogue = { categories: [...CATEGORIES], currencies: [...CURRENCY_CODES] };
// The catalogue changes only with a release: an ETag lets phones revalidate without the body.
const catalogueEtag = `"${createHash('sha256').update(JSON.stringify(catalogue)).digest('base64url').slice(0, 22)}"`;

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const database = (await app.database.ping()) ? 'ok' : 'down';
      const status = database === 'ok' ? 'ok' : 'degraded';
      return reply
        .code(status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status, data: { status, database } });
    },
  );

  app.get(
    '/api/catalogue',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Categories, subcategories, preset prices (minor units) and bilingual labels',
        response: { 200: dataOf(catalogueSchema), 304: z.undefined() },
      },
    },
    async (request, reply) => {
      reply.header('etag', catalogueEtag).header('cache-control', 'public, max-age=3600');
      if (request.headers['if-none-match'] === catalogueEtag) return reply.code(304).send();
      return { data: catalogue };
    },
  );
};
