// The OpenAPI document, generated from the route schemas (the shared zod schemas) at /api/docs.
// What a route need not write by hand is filled in here, the same way for every route: an
// operationId from its method and path, `security: []` on public calls (an `access-token` one on
// routes guarded by requireUser), a request body for the multipart calls (`requestContent`), and
// only the components some operation uses. `npx redocly lint` runs on it in the tests.
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@app/shared';
import type { Config } from '../config.js';
import { isLimiter } from './limits.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The request body by media type, for calls whose body the handler reads itself (multipart):
     * documented only; the handler validates each part with the same schemas.
     */
    requestContent?: Record<string, z.ZodType | JsonSchema>;
  }
}

type JsonSchema = Record<string, unknown>;

export const SECURED = [{ accessToken: [] }];

/** `GET /api/deals/:dealId/messages` → `getDealsByDealIdMessages`. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part === '*') return 'Any';
      const name = part
        .replace(/^:/, '')
        .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase());
      const word = name.charAt(0).toUpperCase() + name.slice(1);
      return part.startsWith(':') ? `By${word}` : word;
    });
  return method.toLowerCase() + words.join('');
}

/** Components no operation reaches, directly or through another component, are left out. */
export function withoutUnusedComponents<T extends object>(document: T): T {
  const doc = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return document;
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
  const { components, ...rest } = doc;
  const used = new Set(refsIn(rest));
  const queue = [...used];
  while (queue.length > 0) {
    for (const name of refsIn(schemas[queue.pop()!])) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...rest, components: { ...components, schemas: kept } } as T;
}

/** A request body's JSON schema, inlined (an empty registry: no `$defs` outside components). */
function partSchema(zod: z.ZodType | JsonSchema): JsonSchema {
  if (!(zod instanceof z.ZodType)) return zod;
  const schema: JsonSchema = z.toJSONSchema(zod, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
    metadata: z.registry<Record<string, unknown>>(),
  });
  // Inside an OpenAPI document the dialect is the document's.
  delete schema.$schema;
  return schema;
}

/** A multipart form part that holds JSON (`new_user`, `new_solution`, `update_data`). */
export const jsonPart = (zod: z.ZodType, description: string): JsonSchema => ({
  type: 'string',
  description,
  contentMediaType: 'application/json',
  contentSchema: partSchema(zod),
});

/** Repeated file parts of one name (`files`). */
export const fileParts = (description: string, maxItems: number): JsonSchema => ({
  type: 'array',
  description,
  maxItems,
  items: { type: 'string', format: 'binary', contentMediaType: 'image/*' },
});

/** A multipart/form-data body: its parts and which are required. */
export const multipartForm = (parts: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties: parts,
  required,
});

/** A file answer (an image) of the given media types. */
export const fileAnswer = (description: string, types: string[]) => {
  // Bytes are sent as they are, never serialized: the schema documents them, the type lets a
  // handler send its Buffer.
  const bytes = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Buffer>;
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema: bytes }])) };
};

/** A text answer of one media type (an HTML page, a server-sent event stream, USSD text). */
export const textAnswer = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

/** A redirect: no body, the target in `Location`. */
export const redirectAnswer = z.undefined().meta({ description: 'Redirect (Location header)' });

export const openapiPlugin = fp(async (app: FastifyInstance, opts: { config: Pick<Config, 'publicUrl'> }) => {
  const handlersOf = (route: Pick<RouteOptions, 'preHandler' | 'onRequest'>) =>
    [route.preHandler, route.onRequest].flat().filter(Boolean);
  const guardedByUser = (route: Pick<RouteOptions, 'preHandler' | 'onRequest'>) =>
    handlersOf(route).some((h) => h === app.requireUser || h === app.requireSessionClaim);
  // The failures any route of the API can answer, declared on each so that the document lists
  // every status a client may see: 400 (a malformed request, a NUL character, a bad
  // Idempotency-Key), 500 and 503 (the database away, the instance draining); 401 behind
  // requireUser, 429 behind a limiter, 413 and 415 where a body is taken. A route's own
  // declaration of a status wins.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.schema || route.schema.hide) return;
    const common: Record<number, unknown> = { 400: errorSchema, 500: errorSchema, 503: errorSchema };
    if (guardedByUser(route)) common[401] = errorSchema;
    // A call that takes a body may be sent one too large (413) or of a type it does not read (415).
    const methods = [route.method].flat();
    if (methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')) {
      common[413] = errorSchema;
      common[415] = errorSchema;
    }
    if (handlersOf(route).some(isLimiter)) common[429] = errorSchema;
    route.schema = { ...route.schema, response: { ...common, ...(route.schema.response as object | undefined) } };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Needs & Offers API',
        description: 'The HTTP API of the needs-and-offers marketplace (API.md).',
        version: '1.0.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // The configured public address, else relative to wherever the document was fetched:
      // never the request's Host.
      servers: [{ url: opts.config.publicUrl ?? '/', description: 'This instance' }],
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'access-token' } },
      },
    },
    transform: (document) => {
      const { requestContent, ...schema } = document.schema ?? {};
      const { schema: transformed, url } = jsonSchemaTransform({ ...document, schema });
      if (transformed.hide) return { schema: transformed, url };
      const method = Array.isArray(document.route.method) ? document.route.method[0]! : document.route.method;
      const out: Record<string, unknown> = {
        ...transformed,
        operationId: transformed.operationId ?? operationId(method, url),
        security: transformed.security ?? (guardedByUser(document.route) ? SECURED : []),
      };
      if (requestContent) {
        out.body = {
          content: Object.fromEntries(
            Object.entries(requestContent).map(([type, zod]) => [type, { schema: partSchema(zod) }]),
          ),
        };
      }
      return { schema: out, url };
    },
    transformObject: (document) => withoutUnusedComponents(jsonSchemaTransformObject(document)),
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
});
