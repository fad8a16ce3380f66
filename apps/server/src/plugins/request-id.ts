// Request ids: every request gets one (a sane incoming x-request-id, so a proxy's id follows the
// request across instances, else a new UUID); the response carries it as x-request-id and every
// log line written while handling the request carries it as reqId (logger.ts reads the context).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestContext } from '../lib/request-context.js';

/** Short and free of spaces, quotes and control characters: safe in a log line and a header. */
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's genReqId: reuses a sane incoming x-request-id, otherwise a new UUID. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response so hijacked replies (the notification stream) carry it too.
    reply.raw.setHeader('x-request-id', request.id);
    // Everything after this hook, the handler included, runs inside the context (Fastify keeps
    // it across body parsing).
    requestContext.run({ reqId: request.id, log: request.log }, done);
  });
});
