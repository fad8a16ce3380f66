// The contract, checked on every answer the API tests produce: each answer's status must be one its
// route declares, its content type one declared for that status, and a JSON body must match the
// declared schema. A route can then never answer what the OpenAPI document does not say, even on
// paths (errors, limits, redirects, files) that the serializer does not see.
import type { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodType, safeParse } from 'zod/v4/core';

interface ContentResponse {
  content: Record<string, { schema: unknown }>;
}

const isContentResponse = (value: unknown): value is ContentResponse =>
  typeof value === 'object' && value !== null && 'content' in value && typeof value.content === 'object';

/** The declaration for a status: exact (`404`), a range (`4XX`), or `default`. */
function declaredFor(responses: Record<string, unknown>, status: number): unknown {
  const range = `${String(status)[0]}XX`;
  for (const key of [String(status), range, range.toLowerCase(), 'default']) {
    if (key in responses) return responses[key];
  }
  return undefined;
}

const mediaType = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

function checkBody(schema: unknown, payload: unknown, type: string): string | undefined {
  if (!(schema instanceof $ZodType)) return undefined;
  const empty = payload === undefined || payload === null || payload === '';
  if (empty) return safeParse(schema, undefined).success ? undefined : 'an empty body where one is declared';
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  if (type !== 'application/json' && !type.endsWith('+json')) {
    // A text answer (HTML, plain text) against a string schema; binary answers are not parsed.
    return typeof payload === 'string' && !safeParse(schema, payload).success
      ? 'a text body off its schema'
      : undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(String(payload));
  } catch {
    return 'a body that is not JSON';
  }
  const result = safeParse(schema, body);
  return result.success ? undefined : `a body off its schema: ${JSON.stringify(result.error.issues).slice(0, 600)}`;
}

function decoded<T>(encoding: unknown, payload: T): T | Buffer {
  if (!Buffer.isBuffer(payload)) return payload;
  if (encoding === 'br') return brotliDecompressSync(payload);
  if (encoding === 'gzip') return gunzipSync(payload);
  return payload;
}

/** What is wrong with this answer against its route's declaration, or undefined. */
export function contractMismatch(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: string | Buffer | Readable | null | undefined,
): string | undefined {
  const route = request.routeOptions;
  const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
  // Not the API's (the web app, unmatched URLs) or not documented (the OpenAPI document itself).
  if (!route.url?.startsWith('/api/') || schema?.hide) return undefined;
  const responses = schema?.response;
  if (!responses) return 'no responses declared';
  const declared = declaredFor(responses, reply.statusCode);
  if (declared === undefined) return `status ${reply.statusCode} is not declared`;
  const type = mediaType(reply.getHeader('content-type'));
  // Kept answers go out compressed already (lib/send-kept.ts): their JSON is checked decoded.
  payload = decoded(reply.getHeader('content-encoding'), payload);
  if (isContentResponse(declared)) {
    const entry = declared.content[type] ?? declared.content[`${type.split('/')[0]}/*`] ?? declared.content['*/*'];
    if (!entry) return `content type "${type}" is not declared for ${reply.statusCode}`;
    return checkBody(entry.schema, payload, type);
  }
  // A plain schema is JSON, or nothing at all (204, a redirect).
  const empty = payload === undefined || payload === null || payload === '';
  if (!empty && type !== 'application/json') return `content type "${type}" where JSON is declared`;
  return checkBody(declared, payload, type || 'application/json');
}

/** Adds the check to an app; every mismatch is pushed to `failures` (the suite then fails). */
export function checkAnswersAgainstContract(app: FastifyInstance, failures: string[]): void {
  app.addHook('onSend', async (request, reply, payload: string | Buffer | Readable | null | undefined) => {
    const why = contractMismatch(request, reply, payload);
    if (why) failures.push(`${request.method} ${request.routeOptions.url} → ${reply.statusCode}: ${why}`);
    return payload;
  });
}
