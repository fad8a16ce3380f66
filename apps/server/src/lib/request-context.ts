// The request being handled, for code that runs during a request but was wired once at start-up
// with the app's logger (SMS and push adapters, the notifier, rate-limit warnings). The logger
// reads it so every line written while handling a request carries the request id.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  /** Fastify's request id (request.id), also sent back as x-request-id. */
  reqId: string;
  /** The request's own logger, which already binds reqId. */
  log: object;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();
