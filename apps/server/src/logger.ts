// pino with the secrets of a request redacted: the session key, passwords and submitted codes.
import pino, { type DestinationStream, type Logger } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { requestContext } from './lib/request-context.js';

const SECRET_KEYS = ['password', 'new_password', 'code', 'auth_key', 'verification_token', 'device_token'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_KEYS.join('|')}|access-token)=)[^&#]*`, 'gi');

export const REDACT_PATHS = [
  'req.headers["access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `body.${k}`, `req.body.${k}`]),
];

/** Secrets in a query string are replaced too: a code may travel in a redirect URL. */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[Redacted]');

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
      // Lines written during a request through a logger wired at start-up (adapters, notifier)
      // still name the request; request.log binds reqId itself. A new object each time: pino
      // merges the line's fields into it.
      mixin: (_object, _level, logger) => {
        const context = requestContext.getStore();
        return context && context.log !== logger ? { reqId: context.reqId } : {};
      },
      serializers: {
        req: (req: FastifyRequest) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
          headers: req.headers,
        }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}

/**
 * Fastify's request logging without its two info lines for every request ("incoming request",
 * "request completed"), which cost each answer about 25 µs of CPU (docs/performance.md). What goes
 * wrong is still written, with the request's id: a request that ended in an error, a stream cut
 * after its headers, and the error handler's own lines (refusals at info, failures at error:
 * plugins/errors.ts).
 */
export class TroubleOnlyLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

export const logControllerFor = (requestLog: 'all' | 'errors'): LogController | undefined =>
  requestLog === 'errors' ? new TroubleOnlyLogController() : undefined;
