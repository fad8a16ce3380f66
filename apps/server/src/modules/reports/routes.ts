// POST /api/reports and the admin's moderation calls (D-29, API.md "Added in the second round"):
// GET /api/admin/reports, PATCH /api/admin/reports/:reportId, POST /api/admin/solutions/:id/hide,
// POST /api/admin/users/:userId/block. Every admin call answers 403 FORBIDDEN to anyone else.
import {
  adminBlockBodySchema,
  adminHideBodySchema,
  adminReportUpdateBodySchema,
  dataOf,
  errorSchema,
  newReportBodySchema,
  reportIdParamsSchema,
  reportSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import { buildReportsService } from './service.js';

const secured = [{ accessToken: [] }];
const caller = (request: FastifyRequest): Caller => request.user!;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const HOUR = 60 * 60 * 1000;

export const reportRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const reports = buildReportsService({ db: app.database.db, sessions: app.sessions });
  // Reports reach a person (an admin reads each): a few an hour per account is plenty.
  const perUser = app.limiter('reports:user', {
    max: 20 * config.rateLimitScale,
    timeWindow: HOUR,
    key: (request) => caller(request).userId,
  });

  app.post(
    '/api/reports',
    {
      preHandler: [app.requireUser, perUser],
      schema: {
        tags: ['report'],
        summary: 'Report a post or a user with a reason (D-29); admins see the reports',
        security: secured,
        body: newReportBodySchema,
        response: { 201: dataOf(z.object({ _id: z.string() })), ...errors, 429: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await reports.create(caller(request), request.body) }),
  );

  app.get(
    '/api/admin/reports',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: 'Reports, open first then newest (admins only, D-29)',
        security: secured,
        response: { 200: dataOf(z.array(reportSchema)), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => ({ data: await reports.list(caller(request)) }),
  );

  app.patch(
    '/api/admin/reports/:reportId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: 'Close or reopen a report (admins only, D-29)',
        security: secured,
        params: reportIdParamsSchema,
        body: adminReportUpdateBodySchema,
        response: { 200: dataOf(reportSchema), ...errors },
      },
    },
    async (request) => ({
      data: await reports.setStatus(caller(request), request.params.reportId, request.body.status),
    }),
  );

  app.post(
    '/api/admin/solutions/:solutionId/hide',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: 'Hide a post from everyone but its owner, or show it again (admins only, D-29)',
        security: secured,
        params: z.object({ solutionId: z.uuid() }),
        body: adminHideBodySchema,
        response: { 200: dataOf(z.object({ _id: z.string(), hidden: z.boolean() })), ...errors },
      },
    },
    async (request) => ({
      data: await reports.hide(caller(request), request.params.solutionId, request.body.hidden),
    }),
  );

  app.post(
    '/api/admin/users/:userId/block',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: 'Block a user (no sign-in, sessions ended, posts off the map) or unblock them (admins only, D-29)',
        security: secured,
        params: z.object({ userId: z.uuid() }),
        body: adminBlockBodySchema,
        response: { 200: dataOf(z.object({ _id: z.string(), blocked: z.boolean() })), ...errors },
      },
    },
    async (request) => ({
      data: await reports.block(caller(request), request.params.userId, request.body.blocked),
    }),
  );
};
