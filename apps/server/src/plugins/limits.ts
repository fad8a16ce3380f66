// Abuse limits and upload bounds. Rate limits are per route (see each route's preHandler);
// exceeding one answers 429 RATE_LIMITED. Uploads: at most 8 MB a file and a few parts.
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const MAX_FILE_BYTES = 8 * 1024 * 1024;

export const limitsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 5, parts: 12, fields: 6, fieldSize: 32 * 1024 },
  });
});
