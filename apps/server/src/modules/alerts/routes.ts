// D-36, API.md "Added in the third round": POST/GET /api/alerts and DELETE /api/alerts/:alertId,
// each on the caller's own alerts only; PATCH /api/alerts/:alertId (the screen's SMS switch) and
// POST /api/alerts/stop (its "STOP"); GET /s/:solutionId, the SMS's short link to a post.
import {
  alertIdParamsSchema,
  alertSchema,
  alertSmsBodySchema,
  dataOf,
  errorSchema,
  newAlertBodySchema,
  solutionIdParamsSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser as Caller } from '../sessions/service.js';

const secured = [{ accessToken: [] }];
const caller = (request: FastifyRequest): Caller => request.user!;
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = app.alerts;

  app.post(
    '/api/alerts',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['alert'],
        summary: 'Create an alert: posts of a type, category or sub-category and words, near a point (D-36)',
        security: secured,
        body: newAlertBodySchema,
        response: { 201: dataOf(alertSchema), ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await alerts.create(caller(request), request.body) }),
  );

  app.get(
    '/api/alerts',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['alert'],
        summary: "The caller's alerts, newest first, each with its last match",
        security: secured,
        response: { 200: dataOf(z.array(alertSchema)), 401: errorSchema },
      },
    },
    async (request) => ({ data: await alerts.list(caller(request)) }),
  );

  app.delete(
    '/api/alerts/:alertId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['alert'],
        summary: "Delete one of the caller's alerts; another's answers 404",
        security: secured,
        params: alertIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await alerts.remove(caller(request), request.params.alertId);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/alerts/:alertId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['alert'],
        summary: "Turn one of the caller's alerts' SMS on or off",
        security: secured,
        params: alertIdParamsSchema,
        body: alertSmsBodySchema,
        response: { 200: dataOf(alertSchema), ...errors },
      },
    },
    async (request) => ({ data: await alerts.setSms(caller(request), request.params.alertId, request.body.sms) }),
  );

  app.post(
    '/api/alerts/stop',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['alert'],
        summary: '"STOP": every SMS alert of the caller off (D-36)',
        security: secured,
        response: { 200: dataOf(z.object({ stopped: z.number() })), 401: errorSchema },
      },
    },
    async (request) => ({ data: { stopped: await alerts.stopSmsAlerts(caller(request).userId) } }),
  );

  // The SMS's short link: to the post's page, as the mailbox opens it.
  app.get(
    '/s/:solutionId',
    {
      schema: { hide: true, params: solutionIdParamsSchema },
    },
    async (request, reply) => {
      const post = await alerts.postLink(request.params.solutionId);
      if (!post) return reply.redirect('/dashboard');
      const base = post.user_role === 'provideSolution' ? '/supplierdetails' : '/clientsdetails';
      return reply.redirect(`${base}/${post.id}/${post.user_id}`);
    },
  );
};
