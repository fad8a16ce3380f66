// solution/solutionAccepted (a request, D-32) and solution/rejectSolution of API.md, the deal as
// both parties see it (D-27 to D-29), and its moves (API.md "Added in the third round", D-32..D-34).
import {
  DEAL_STATES,
  availabilityBodySchema,
  declineBodySchema,
  disputedDealSchema,
  settleBodySchema,
  solutionIdParamsSchema,
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
  solutionSchema,
  type Deal,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import type { Display } from '../solutions/solution-record.js';
import { buildSolutionsService } from '../solutions/service.js';
import { buildDealLifecycleService } from './build.js';

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
  const { deals, lifecycle } = buildDealLifecycleService({
    db: app.database.db,
    notifier: app.notifier,
    now: app.clock.now,
    eurPerUsdMicro: config.eurPerUsdMicro,
    cdfPerUsdMilli: config.cdfPerUsdMilli,
  });
  // D-32..D-34: expiries, lapses, completions and reminders, checked once a minute.
  app.jobs.every('deal-clock', '* * * * *', () => lifecycle.tick());

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
        summary:
          'Accept a post: sends a request its owner confirms or declines (D-32); the post stays listed. A note (no contacts), a proposed price, and dates for a post booked by date (D-33). 10 a day, 20 open at once.',
        security: secured,
        querystring: displayQuerySchema,
        body: acceptBodySchema,
        response: { 200: dataOf(acceptResultSchema), ...errors, 429: errorSchema },
      },
    },
    async (request) => {
      const deal = await lifecycle.request(caller(request), request.body);
      return { data: { solution: await posts.details(caller(request), deal.solution_id, request.query), deal } };
    },
  );

  app.put(
    '/api/solution/rejectSolution',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: 'Drop your order on a post: withdraws your request, or cancels your confirmed deal; its owner is told',
        security: secured,
        body: rejectBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await lifecycle.drop(caller(request), request.body);
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

  /** The deal's moves: each answers the deal as the caller now sees it. */
  const move = (
    path: string,
    summary: string,
    run: (c: Caller, dealId: string, body: { reason?: string | undefined }, display: Display) => Promise<Deal>,
  ) =>
    app.post(
      `/api/deals/:dealId/${path}`,
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['deal'],
          summary,
          security: secured,
          params: dealIdParamsSchema,
          querystring: displayQuerySchema,
          // A decline without a reason may come without a body at all (the reason is optional).
          ...(path === 'decline' ? { body: declineBodySchema.nullable() } : {}),
          response: { 200: dataOf(dealSchema), ...errors, 402: errorSchema },
        },
      },
      async (request) => ({
        data: await run(
          caller(request),
          request.params.dealId,
          (request.body ?? {}) as { reason?: string },
          request.query,
        ),
      }),
    );
  move(
    'confirm',
    "The post's owner confirms a request (D-32); a single-use post's other requests are declined; 409 when the dates are full (D-33)",
    (c, id, _b, d) => lifecycle.confirm(c, id, d),
  );
  move('decline', "The post's owner declines a request, with an optional reason (D-32)", (c, id, b, d) =>
    lifecycle.decline(c, id, b.reason, d),
  );
  move('withdraw', 'The requester takes a request back (D-32)', (c, id, _b, d) => lifecycle.withdraw(c, id, d));
  move(
    'cancel',
    'Either party cancels a confirmed deal before completion; the post is listed again (D-32)',
    (c, id, _b, d) => lifecycle.cancel(c, id, d),
  );
  move(
    'complete',
    'Mark the deal done; completed once both parties have, or 3 days after one did without a dispute (D-34)',
    (c, id, _b, d) => lifecycle.markDone(c, id, d),
  );
  move('dispute', 'Report a problem: the deal is frozen until an admin settles it (D-34)', (c, id, _b, d) =>
    lifecycle.dispute(c, id, d),
  );

  app.get(
    '/api/solution/:solutionId/requests',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: "The post's owner: every request, open first, each requester as a Person without contacts (D-32)",
        security: secured,
        params: solutionIdParamsSchema,
        querystring: displayQuerySchema,
        response: { 200: listOf(dealSchema), ...errors },
      },
    },
    async (request) => ({
      data: await deals.requests(caller(request), request.params.solutionId, request.query),
      next_cursor: null,
    }),
  );

  app.put(
    '/api/solution/:solutionId/availability',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary: "The owner's capacity and blocked dates of a post booked by date (D-33)",
        security: secured,
        params: solutionIdParamsSchema,
        querystring: displayQuerySchema,
        body: availabilityBodySchema,
        response: { 200: dataOf(solutionSchema), ...errors },
      },
    },
    async (request) => {
      await lifecycle.setAvailability(caller(request), request.params.solutionId, request.body);
      return { data: await posts.details(caller(request), request.params.solutionId, request.query) };
    },
  );

  app.get(
    '/api/admin/deals/disputed',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: 'Admins: the deals frozen by a dispute, oldest first (D-34)',
        security: secured,
        response: { 200: listOf(disputedDealSchema), ...errors },
      },
    },
    async (request) => ({ data: await lifecycle.disputed(caller(request)), next_cursor: null }),
  );

  app.post(
    '/api/admin/deals/:dealId/settle',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: 'Admins: settle a disputed deal as completed or cancelled; both parties are told (D-34)',
        security: secured,
        params: dealIdParamsSchema,
        body: settleBodySchema,
        response: { 200: dataOf(z.object({ _id: z.string(), status: z.enum(DEAL_STATES) })), ...errors },
      },
    },
    async (request) => ({ data: await lifecycle.settle(caller(request), request.params.dealId, request.body.outcome) }),
  );

  app.post(
    '/api/deals/:dealId/review',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['deal'],
        summary:
          'Rate the other party once: 1 to 5, an optional text of at most 500, on a completed deal the owner confirmed that had contact access (D-34)',
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
