// The admin views of users (D-11): the list, badges and ID images.
import { adminUpdateUserBodySchema, adminUserSchema, dataOf, errorSchema, userListItemSchema } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { fileAnswer } from '../../plugins/openapi.js';

import type { SessionUser as Caller } from '../sessions/service.js';

import type { UsersService } from './service.js';

const secured = [{ accessToken: [] }];
const caller = (request: FastifyRequest): Caller => request.user!;

/** Registered by routes.ts, in its context, with its users service. */
export function adminUserRoutes(app: Parameters<FastifyPluginAsyncZod>[0], users: UsersService) {
  app.get(
    '/api/user/getAllUsers',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: 'All users (admins only, D-11)',
        security: secured,
        response: { 200: dataOf(z.array(userListItemSchema)), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => ({
      data: (await users.listForAdmin(caller(request))).map(({ _id, firstName, email, mobile_no }) => ({
        _id,
        firstName,
        email,
        mobile_no,
      })),
    }),
  );

  app.get(
    '/api/admin/users',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: 'Users with their ID images and badges (admins only)',
        security: secured,
        response: { 200: dataOf(z.array(adminUserSchema)), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => ({ data: await users.listForAdmin(caller(request)) }),
  );

  app.patch(
    '/api/admin/users/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: "Set a user's verified ('+ID') and vip badges (admins only, never their own)",
        security: secured,
        // Ids are uuids: anything else is a 400 here, not a database error.
        params: z.object({ userId: z.uuid() }),
        body: adminUpdateUserBodySchema,
        response: { 200: dataOf(adminUserSchema), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await users.setFlags(caller(request), request.params.userId, request.body) }),
  );

  app.get(
    '/api/admin/users/:userId/id-images/:index',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: 'An ID image of a withID account (admins only)',
        security: secured,
        params: z.object({ userId: z.uuid(), index: z.coerce.number().int().min(0).max(3) }),
        response: {
          200: fileAnswer('The image, never cached', ['image/*']),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await users.idImage(caller(request), request.params.userId, request.params.index);
      return reply.type(file.contentType).header('cache-control', 'private, no-store').send(file.body);
    },
  );
}
