// Upload bounds for every multipart route: at most 8 MB a file and a few parts, so a client cannot
// make the server buffer more than one post's photos.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const MAX_FILE_BYTES = 8 * 1024 * 1024;

export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 5, parts: 12, fields: 6, fieldSize: 32 * 1024 },
  });
});
