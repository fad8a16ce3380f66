// Draining before a shutdown. Once `app.drain()` is called the instance stops being
// ready (/api/health answers 503) but keeps answering every request normally, each with
// `connection: close`, so keep-alive clients and the load balancer take their next request
// elsewhere; server.ts then waits SHUTDOWN_DRAIN_MS and closes the app.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once drain() was called. */
    readonly draining: boolean;
    /** Stop being ready; every response from now on (and those not yet sent) closes its connection. */
    drain(): void;
  }
}

export const drainPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  // Responses in progress when draining starts still get their header if not written yet.
  const inFlight = new Set<ServerResponse>();

  app.decorate('draining', {
    getter: () => draining,
  });
  app.decorate('drain', () => {
    if (draining) return;
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
  });

  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) {
      reply.header('connection', 'close');
      return done();
    }
    const res = reply.raw;
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    done();
  });
});
