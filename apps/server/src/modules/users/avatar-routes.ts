// The profile update with its avatar, and the avatar files.
import { dataOf, errorSchema, idSchema, updateUserDataSchema, userSchema } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/app-error.js';
import { jsonField, readMultipart } from '../../lib/multipart.js';
import { parseOrFail } from '../../lib/validate.js';

import { fileAnswer, fileParts, jsonPart, multipartForm } from '../../plugins/openapi.js';

import type { SessionUser as Caller } from '../sessions/service.js';

import type { UsersService } from './service.js';

const secured = [{ accessToken: [] }];
const caller = (request: FastifyRequest): Caller => request.user!;

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Registered by routes.ts, in its context, with its users service and the limits' scale. */
export function avatarRoutes(app: Parameters<FastifyPluginAsyncZod>[0], users: UsersService, rateLimitScale: number) {
  // A person edits a profile a few times; each avatar costs an image decode and encode, so a script
  // looping on this call is stopped per account.
  const updateQuota = app.limiter('profile-update', {
    max: 20 * rateLimitScale,
    timeWindow: FIFTEEN_MINUTES,
    // After requireUser: the caller is known.
    key: (request) => caller(request).userId,
  });

  app.put(
    '/api/user/updateUser',
    {
      preHandler: [app.requireUser, updateQuota],
      schema: {
        tags: ['user'],
        summary: 'Update the profile: multipart with files (avatar), user_id and update_data (JSON string)',
        security: secured,
        requestContent: {
          'multipart/form-data': multipartForm(
            {
              user_id: { type: 'string', format: 'uuid', description: "The caller's own id" },
              update_data: jsonPart(updateUserDataSchema, 'The fields to change (JSON)'),
              files: fileParts('A new avatar (the first file)', 1),
            },
            ['user_id'],
          ),
        },
        response: {
          200: dataOf(userSchema),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', 'Send multipart/form-data');
      const { fields, files } = await readMultipart(request);
      const userId = parseOrFail(idSchema, fields.user_id, 'user_id');
      const data = fields.update_data
        ? jsonField(fields, 'update_data', (v) => parseOrFail(updateUserDataSchema, v, 'update_data'))
        : {};
      return { data: await users.updateProfile(caller(request), userId, data, files[0]) };
    },
  );

  app.get(
    '/api/media/avatars/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'An avatar image',
        params: z.object({ file: z.string().regex(/^[A-Za-z0-9-]+\.webp$/) }),
        response: { 200: fileAnswer('The image', ['image/webp']), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const file = await app.storage.get(`avatars/${request.params.file}`);
      if (!file) throw new AppError('NOT_FOUND');
      // Names are random and never reused: a phone keeps the image.
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.body);
    },
  );
}
