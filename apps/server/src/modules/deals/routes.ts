// solution/solutionAccepted and solution/rejectSolution of API.md (D-6, D-15).
import {
  acceptBodySchema,
  acceptResultSchema,
  dataOf,
  displayQuerySchema,
  errorSchema,
  rejectBodySchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { buildSolutionsService, type Caller } from '../solutions/service.js';
import { buildDealsService } from './service.js';

const secured = [{ accessToken: [] }];
const caller = (request: FastifyRequest): Caller => request.user!;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const dealRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const posts = buildSolutionsService({
    db: app.database.db,
    storage: app.storage,
    eurPerUsdMicro: config.eurPerUsdMicro,
    notifier: app.notifier,
    now: app.clock.now,
  });
  const deals = buildDealsService({ db: app.database.db, posts, notifier: app.notifier, now: app.clock.now });

  app.put(
    '/api/solution/solutionAccepted',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: 'Accept a post: a client takes an offer for free; a supplier takes a need with contact access (D-15)',
        security: secured,
        querystring: displayQuerySchema,
        body: acceptBodySchema,
        response: { 200: dataOf(acceptResultSchema), ...errors, 402: errorSchema },
      },
    },
    async (request) => ({ data: await deals.accept(caller(request), request.body, request.query) }),
  );

  app.put(
    '/api/solution/rejectSolution',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: 'Drop an order you accepted: the post is open again and its owner is told',
        security: secured,
        body: rejectBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deals.reject(caller(request), request.body);
      return reply.code(204).send(null);
    },
  );
};
