// Health, the public catalogue and the web app's configuration.
import { createHash } from 'node:crypto';
import {
  CATEGORIES,
  CURRENCY_CODES,
  catalogueSchema,
  clientConfigSchema,
  dataOf,
  healthSchema,
  type Catalogue,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { answerBody } from '../../lib/answer-body.js';
import { sendKept } from '../../lib/send-kept.js';

const catalogue: Catalogue = { categories: [...CATEGORIES], currencies: [...CURRENCY_CODES] };
// The catalogue is the code's and changes only with a release, so it is serialised once per
// process (a new release is a new process: nothing can be stale) and kept out of Redis, where an
// older release's bytes could outlive it. An ETag lets phones revalidate without the body.
const catalogueBody = answerBody(dataOf(catalogueSchema), { data: catalogue });
const catalogueEtag = `"${createHash('sha256').update(JSON.stringify(catalogue)).digest('base64url').slice(0, 22)}"`;

export const systemRoutes: FastifyPluginAsyncZod<{
  config: Pick<Config, 'tileUrl' | 'tileAttribution' | 'push' | 'mobileMoney'>;
}> = async (app, { config }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database and Redis reachability; 503 when the database is down or the instance drains',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const [databaseUp, redis] = await Promise.all([app.database.ping(), app.redisHealth()]);
      const database = databaseUp ? 'ok' : 'down';
      // Without Redis the instance still serves (limits and fan-out fall back to memory): degraded, yet ready.
      const status = app.draining ? 'draining' : database === 'ok' && redis !== 'down' ? 'ok' : 'degraded';
      return reply
        .code(database === 'ok' && !app.draining ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status, data: { status, database, redis } });
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
      return sendKept(request, reply, catalogue, catalogueBody);
    },
  );

  // D-25: the street tiles drawn above the offline country shapes (D-19), and their credit; null
  // when the operator turned tiles off. Public, as the visitor's map needs it too.
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary:
          "The web app's configuration: the map's street tile URL and its attribution, the Web Push key, the mobile-money payees",
        response: { 200: dataOf(clientConfigSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        data: {
          tile_url: config.tileUrl ?? null,
          tile_attribution: config.tileAttribution ?? null,
          vapid_public_key: config.push.provider === 'webpush' ? (config.push.vapid?.publicKey ?? null) : null,
          // D-18: the payee per country, shown on the subscription screen.
          mobile_money: config.mobileMoney,
        },
      };
    },
  );
};
