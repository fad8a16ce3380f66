// solution/* calls of API.md, except the map (modules/map) and deals. Posts are for
// signed-in users: visitors see only the map's markers (SPEC 6).
import {
  categoryParamsSchema,
  dataOf,
  deleteParamsSchema,
  displayQuerySchema,
  errorSchema,
  listOf,
  listQuerySchema,
  MAX_IMAGES,
  newSolutionSchema,
  postSearchQuerySchema,
  searchParamsSchema,
  solutionClickedSchema,
  solutionIdParamsSchema,
  solutionSchema,
  typeParamsSchema,
  userIdParamsSchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALERT_MATCH_JOB } from '../alerts/service.js';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { jsonField, readMultipart } from '../../lib/multipart.js';
import { parseOrFail } from '../../lib/validate.js';
import { fileAnswer, fileParts, jsonPart, multipartForm } from '../../plugins/openapi.js';
import { sendKept, type KeptBody, type SerialisedBody } from '../../lib/send-kept.js';
import type { SessionClaim, SessionUser as Caller } from '../sessions/service.js';
import { buildSolutionsService, cachedReads } from './service.js';
import { viewerExactCache, viewerMemory, type ViewerDeals } from './viewer-exact-cache.js';

const secured = [{ accessToken: [] }];
const caller = (request: FastifyRequest): Caller => request.user!;
/** The hottest reads check the session in their own statement (requireSessionClaim, signedInRows). */
const claim = (request: FastifyRequest): SessionClaim => request.sessionClaim!;
const HOUR = 60 * 60 * 1000;
/** A per-account posting quota: generous for a trader, a wall for a script (USSD posts count too). */
export const POSTS_PER_HOUR = 30;
/** The account a post counts against when no session names it: a USSD caller's (modules/ussd). */
export const postingAccount = new WeakMap<FastifyRequest, string>();
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * A cached answer is sent as its bytes, never serialised again, and so is JSON joined from cached
 * parts (a nearest page); one with a viewer's fields is serialised.
 */
function sendAnswer<T extends object>(reply: FastifyReply, answer: KeptBody | SerialisedBody | T): T {
  if ('body' in answer && 'owner' in answer) return sendKept(reply.request, reply, answer.owner, answer.body) as never;
  if ('json' in answer) return reply.type('application/json; charset=utf-8').send(answer.json) as never;
  return answer as T;
}

export const solutionRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const solutions = buildSolutionsService({
    db: app.database.db,
    storage: app.storage,
    eurPerUsdMicro: config.eurPerUsdMicro,
    notifier: app.notifier,
    now: app.clock.now,
  });
  const exact = viewerExactCache();
  const deals = viewerMemory<ViewerDeals>();
  app.publicCaches.onPostsChanged(() => {
    exact.clear();
    deals.clear();
  });
  app.publicCaches.onUserWrote((userId) => {
    exact.forget(userId);
    deals.forget(userId);
  });
  const cached = cachedReads({
    db: app.database.db,
    service: solutions,
    lists: app.publicCaches.lists,
    posts: app.publicCaches.posts,
    exact,
    deals,
    now: app.clock.now,
  });
  const postQuota = app.limiter('post', {
    max: POSTS_PER_HOUR * config.rateLimitScale,
    timeWindow: HOUR,
    key: (request) => postingAccount.get(request) ?? request.user?.userId ?? request.ip,
  });

  app.post(
    '/api/solution/addSolution',
    {
      preHandler: [app.requireUser, postQuota],
      schema: {
        tags: ['solution'],
        summary: 'Publish a need or an offer: multipart with new_solution (JSON string) and up to 4 files',
        description:
          'Required: category, sub_category_id (of that category), description (1–2000), pickup_lat/lng, pickup_city, ' +
          'pickup_country, pickup_date. The delivery block is required for Delivery and Transport, refused for ' +
          'Equipments, Space, Services and the farm categories; delivery_date after pickup_date. price only for ' +
          "'Your own proposition...', in `currency`.",
        security: secured,
        querystring: displayQuerySchema,
        requestContent: {
          'multipart/form-data': multipartForm(
            {
              new_solution: jsonPart(newSolutionSchema, 'The post (JSON) with its user_role'),
              files: fileParts('Images, checked by content (D-7)', MAX_IMAGES),
            },
            ['new_solution'],
          ),
        },
        response: { 201: dataOf(solutionSchema), ...errors, 413: errorSchema, 415: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', 'Send multipart/form-data');
      const { fields, files } = await readMultipart(request);
      const input = jsonField(fields, 'new_solution', (v) => parseOrFail(newSolutionSchema, v));
      const created = await solutions.add(caller(request), input, files, request.query);
      // D-36: matched against the alerts after this call answers, by the durable job queue.
      await app.jobs.send(ALERT_MATCH_JOB, { solutionId: created._id });
      return reply.code(201).send({ data: created });
    },
  );

  app.get(
    '/api/solution/getAllSolutions/:type',
    {
      preHandler: app.requireSessionClaim,
      schema: {
        tags: ['solution'],
        summary: 'Open posts of one type, newest first, or nearest first with near=lng,lat',
        security: secured,
        params: typeParamsSchema,
        querystring: listQuerySchema,
        response: { 200: listOf(solutionSchema), ...errors },
      },
    },
    async (request, reply) => sendAnswer(reply, await cached.list(request.params.type, request.query, claim(request))),
  );

  app.get(
    '/api/solution/getCategorySolutions/:category/:type',
    {
      preHandler: app.requireSessionClaim,
      schema: {
        tags: ['solution'],
        summary: 'Open posts of one category and type, newest first',
        security: secured,
        params: categoryParamsSchema,
        querystring: listQuerySchema.omit({ category: true }),
        response: { 200: listOf(solutionSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await cached.list(request.params.type, { ...request.query, category: request.params.category }, claim(request)),
      ),
  );

  app.get(
    '/api/solution/searchSolution/:type/:field/:text',
    {
      preHandler: app.requireSessionClaim,
      schema: {
        tags: ['solution'],
        summary: 'Search open posts by pickup_country, category or sub_category; case- and accent-insensitive',
        security: secured,
        params: searchParamsSchema,
        querystring: listQuerySchema.pick({ limit: true, cursor: true, currency: true, lang: true }),
        response: { 200: listOf(solutionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { type, field, text } = request.params;
      return sendAnswer(reply, await cached.search(type, { field, text, query: request.query }, claim(request)));
    },
  );

  app.get(
    '/api/solution/search',
    {
      preHandler: app.requireSessionClaim,
      schema: {
        tags: ['solution'],
        summary: 'Search open posts by words (title, description, city, category names; accent- and typo-tolerant)',
        description:
          'Every word of q must match a word of the post exactly, as its beginning or by a close spelling. ' +
          'Filters: type, category, near=lng,lat with radius_km, min_price/max_price in currency. ' +
          'Nearest first with near (each with distance_km), else newest first.',
        security: secured,
        querystring: postSearchQuerySchema,
        response: { 200: listOf(solutionSchema), ...errors },
      },
    },
    async (request) => solutions.postSearch(request.query, claim(request)),
  );

  app.get(
    '/api/solution/getUserSolutions/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['solution'],
        summary: 'My Offers: your own posts, open or taken, newest first',
        security: secured,
        params: userIdParamsSchema,
        querystring: displayQuerySchema,
        response: { 200: listOf(solutionSchema), ...errors },
      },
    },
    async (request) => solutions.mine(caller(request), request.params.userId, request.query),
  );

  app.get(
    '/api/solution/getUserAcceptedSolutions/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['solution'],
        summary: 'My Orders: the posts you accepted and still hold',
        security: secured,
        params: userIdParamsSchema,
        querystring: displayQuerySchema,
        response: { 200: listOf(solutionSchema), ...errors },
      },
    },
    async (request) => solutions.accepted(caller(request), request.params.userId, request.query),
  );

  app.get(
    '/api/solution/getSolutionDetails/:solutionId',
    {
      preHandler: app.requireSessionClaim,
      schema: {
        tags: ['solution'],
        summary: "One post; the owner's e-mail and mobile only for viewers entitled to them (D-14)",
        security: secured,
        params: solutionIdParamsSchema,
        querystring: displayQuerySchema,
        response: { 200: dataOf(solutionSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await cached.details(claim(request), request.params.solutionId, request.query)),
  );

  app.post(
    '/api/solution/solutionClicked',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['solution'],
        summary: 'Record a visit of a post by the caller',
        security: secured,
        body: solutionClickedSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await solutions.clicked(caller(request), request.body.solution_id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/solution/deleteSolution/:userId/:solutionId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['solution'],
        summary: 'Delete (soft) one of your own posts',
        security: secured,
        params: deleteParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await solutions.remove(caller(request), request.params.userId, request.params.solutionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/media/posts/:file',
    {
      schema: {
        tags: ['media'],
        summary: "A post's image or thumbnail",
        params: z.object({ file: z.string().regex(/^[A-Za-z0-9-]+\.webp$/) }),
        response: { 200: fileAnswer('The image', ['image/webp']), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const file = await app.storage.get(`posts/${request.params.file}`);
      if (!file) throw new AppError('NOT_FOUND');
      // Names are random and never reused: a phone keeps the image.
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.body);
    },
  );
};
