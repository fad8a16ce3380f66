// One place turns every failure into API.md's envelope `{code, message, fields?}`.
// 5xx details stay in the log; the client gets a fixed message and no stack trace. A lost or
// unreachable database is 503 SERVICE_UNAVAILABLE with `retry-after: 1`: the pool reconnects by
// itself, so a retry soon succeeds.
import type { Duplex } from 'node:stream';
import { ERRORS, type ApiError, type ErrorCode } from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/database-unavailable.js';
import { AppError } from '../lib/app-error.js';

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'AUTH_FAILED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Maps any thrown error to the envelope and its status. */
export function toApiError(error: FastifyError | Error): { status: number; body: ApiError } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: envelope(error.code, error.message, error.fields) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
      fields[path] ??= issue.message ?? 'invalid';
    }
    return { status: 400, body: envelope('VALIDATION', ERRORS.VALIDATION.message, fields) };
  }
  if (isResponseSerializationError(error)) return internal();
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  // Only unexpected failures: a client that hung up mid-upload (ECONNRESET, a 4xx) stays a 4xx.
  if (status >= 500 && isDatabaseUnavailable(error)) {
    return { status: 503, body: envelope('SERVICE_UNAVAILABLE', ERRORS.SERVICE_UNAVAILABLE.message) };
  }
  if (status >= 500) return internal();
  const code = BY_STATUS[status] ?? 'VALIDATION';
  // Fastify's own 4xx messages (bad JSON, wrong content type) are safe and useful.
  const message = 'code' in error && String(error.code).startsWith('FST_') ? error.message : ERRORS[code].message;
  return { status, body: envelope(code, message) };
}

function envelope(code: ErrorCode, message: string, fields?: Record<string, string>): ApiError {
  return fields ? { code, message, fields } : { code, message };
}

const internal = () => ({ status: 500, body: envelope('INTERNAL', ERRORS.INTERNAL.message) });

export function sendError(reply: FastifyReply, code: ErrorCode): FastifyReply {
  return reply.code(ERRORS[code].status).send(envelope(code, ERRORS[code].message));
}

/**
 * Fastify's router refuses some URLs before any route or error handler runs (a bad percent
 * encoding, a path parameter over maxParamLength) with its own body; they get the envelope too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    request.log.info({ code: 'VALIDATION', status: 400, reason: error.code }, 'request refused');
    void sendError(reply, 'VALIDATION');
    return;
  }
  const { status, body } = toApiError(error);
  void reply.code(status).send(body);
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over the 16 KB
 * limit: 431; a malformed request: 400) is answered in the envelope too, then the socket closes.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', envelope('PAYLOAD_TOO_LARGE', 'Request headers too large')]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', envelope('VALIDATION', 'Request timeout')]
        : [400, 'Bad Request', envelope('VALIDATION', ERRORS.VALIDATION.message)];
  this.log.info({ status, reason: error.code }, 'request refused by the HTTP parser');
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toApiError(error);
    if (body.code === 'SERVICE_UNAVAILABLE') void reply.header('retry-after', '1');
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
    if (status >= 500) request.log.error({ err: error, status }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request refused');
    return reply.code(status).send(body);
  });
}
