// user/* calls. Issue 2 has logout; registration and sign-in come with accounts (issue 3).
import { errorSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessToken } from '../../plugins/auth.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'End the current session on the server',
        security: [{ accessToken: [] }],
        response: { 204: z.undefined(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      await app.sessions.end(accessToken(request) ?? '');
      return reply.code(204).send();
    },
  );
};
