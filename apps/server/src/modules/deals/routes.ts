// solution/solutionAccepted and solution/rejectSolution of API.md (D-6, D-15), and the deal as
// both parties see it (API.md "Added in the second round", D-27 to D-29).
import {
  acceptBodySchema,
  acceptResultSchema,
  dataOf,
  dealIdParamsSchema,
  dealListQuerySchema,
  dealSchema,
  displayQuerySchema,
  errorSchema,
  listOf,
  messageListQuerySchema,
  messageSchema,
  newMessageBodySchema,
  newReviewBodySchema,
  rejectBodySchema,
  reviewSchema,
  unreadCountSchema,
  userCardSchema,
  userIdParamsSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import { buildSolutionsService } from '../solutions/service.js';
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
  // D-28: a person types a few messages a minute; a script sending hundreds is stopped.
  const messageQuota = app.limiter('deal-message', {
    max: 30 * config.rateLimitScale,
    timeWindow: 60 * 1000,
    key: (request) => request.user?.userId ?? request.ip,
  });
  const dealQuery = dealListQuerySchema.extend(displayQuerySchema.shape);

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

  app.get(
    '/api/deals',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: 'Your deals, as owner and as acceptor, newest first (D-27)',
        security: secured,
        querystring: dealQuery,
        response: { 200: listOf(dealSchema), ...errors },
      },
    },
    async (request) => {
      const { status, ...display } = request.query;
      return { data: await deals.list(caller(request), status, display), next_cursor: null };
    },
  );

  app.get(
    '/api/deals/unread',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: 'How many messages from the other parties of your deals you have not read (D-28)',
        security: secured,
        response: { 200: dataOf(unreadCountSchema), ...errors },
      },
    },
    async (request) => ({ data: await deals.unread(caller(request)) }),
  );

  app.get(
    '/api/deals/:dealId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: 'A deal of yours: the post, the other party and their contacts per D-14/D-27; 404 to anybody else',
        security: secured,
        params: dealIdParamsSchema,
        querystring: displayQuerySchema,
        response: { 200: dataOf(dealSchema), ...errors },
      },
    },
    async (request) => ({ data: await deals.view(caller(request), request.params.dealId, request.query) }),
  );

  app.get(
    '/api/deals/:dealId/messages',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: "The deal's messages, oldest first; reading marks the other party's read (D-28)",
        security: secured,
        params: dealIdParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: listOf(messageSchema), ...errors, 402: errorSchema },
      },
    },
    async (request) => deals.messages(caller(request), request.params.dealId, request.query.cursor),
  );

  app.post(
    '/api/deals/:dealId/messages',
    {
      preHandler: [app.requireUser, messageQuota],
      schema: {
        tags: ['deal'],
        summary: 'Write to the other party: text only, 1 to 1,000 characters, once the deal has contact access (D-28)',
        security: secured,
        params: dealIdParamsSchema,
        body: newMessageBodySchema,
        response: { 201: dataOf(messageSchema), ...errors, 402: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await deals.send(caller(request), request.params.dealId, request.body.text) }),
  );

  app.post(
    '/api/deals/:dealId/complete',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: 'Mark the deal completed (either party); the other may dispute within 7 days (D-29)',
        security: secured,
        params: dealIdParamsSchema,
        querystring: displayQuerySchema,
        response: { 200: dataOf(dealSchema), ...errors },
      },
    },
    async (request) => ({ data: await deals.complete(caller(request), request.params.dealId, request.query) }),
  );

  app.post(
    '/api/deals/:dealId/dispute',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary:
          'Dispute a completion within 7 days (the party who did not mark it): the deal is accepted again, its ratings withdrawn (D-29)',
        security: secured,
        params: dealIdParamsSchema,
        querystring: displayQuerySchema,
        response: { 200: dataOf(dealSchema), ...errors },
      },
    },
    async (request) => ({ data: await deals.dispute(caller(request), request.params.dealId, request.query) }),
  );

  app.post(
    '/api/deals/:dealId/review',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: 'Rate the other party of a completed deal once: 1 to 5, an optional text of at most 500 (D-29)',
        security: secured,
        params: dealIdParamsSchema,
        body: newReviewBodySchema,
        response: { 201: dataOf(reviewSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await deals.review(caller(request), request.params.dealId, request.body) }),
  );

  app.get(
    '/api/users/:userId/card',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: 'A person as others see them, without contacts, with their latest reviews (D-29)',
        security: secured,
        params: userIdParamsSchema,
        response: { 200: dataOf(userCardSchema), ...errors },
      },
    },
    async (request) => ({ data: await deals.card(request.params.userId) }),
  );
};
