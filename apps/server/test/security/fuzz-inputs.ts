// Requests derived from the OpenAPI document (the shared zod schemas), then broken.
// A route's schema yields a valid-looking request; one mutation then breaks it: a wrong type, a
// missing or extra field, a huge string, control characters, unicode edge cases, extreme numbers,
// injection strings, a wrong content type, malformed JSON or multipart, or a bad access token.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** A body sent as multipart: each property of `schema` is a part; `jsonParts` hold a JSON string. */
export interface MultipartBody {
  schema: JsonSchema;
  jsonParts: string[];
  /** The name of the repeated file part. */
  files: string;
  /** The route also takes the same object as a JSON body (register). */
  alsoJson?: boolean;
}

export interface RouteSpec {
  method: string;
  /** The OpenAPI path, `{name}` for path parameters. */
  path: string;
  secured: boolean;
  params: { in: 'path' | 'query'; name: string; required: boolean; schema: JsonSchema }[];
  body?: { encoding: 'json'; schema: JsonSchema } | ({ encoding: 'multipart' } & MultipartBody);
}

/** Every documented method × path, with multipart bodies (undocumented in OpenAPI) given by the caller. */
export function routesOf(
  doc: { paths: Record<string, Record<string, OpenApiOperation>> },
  multipart: Record<string, MultipartBody>,
) {
  const routes: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path}`;
      const json = op.requestBody?.content['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        secured: Boolean(op.security?.length),
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({
            in: p.in as 'path' | 'query',
            name: p.name,
            required: p.required ?? false,
            schema: p.schema,
          })),
        body: multipart[key]
          ? { encoding: 'multipart', ...multipart[key] }
          : json
            ? { encoding: 'json', schema: json }
            : undefined,
      });
    }
  }
  return routes;
}

/** A placeholder resolved when the request is sent (ids change when an account is recreated). */
export const REF = (name: string) => `@ref:${name}`;

/** Field names that take an id of a row that exists, so requests reach past "not found". */
export type Hint = (name: string) => fc.Arbitrary<unknown> | undefined;

const date = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString());

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  if (schema.format === 'date') return date(-30, 60).map((d) => d.slice(0, 10));
  if (schema.format === 'date-time') return date(-30, 60);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? 1e6));
  }
  return fc.string({ minLength: min, maxLength: max });
}

/** Values that fit a JSON schema (with hints for ids); the start of every fuzz case. */
export function arbitraryOf(schema: JsonSchema, hint: Hint, name = ''): fc.Arbitrary<unknown> {
  const hinted = name ? hint(name) : undefined;
  const plain = schemaArbitrary(schema, hint);
  return hinted ? fc.oneof({ arbitrary: hinted, weight: 3 }, { arbitrary: plain, weight: 1 }) : plain;
}

function schemaArbitrary(schema: JsonSchema, hint: Hint): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => schemaArbitrary(s, hint)));
  if (schema.allOf) return schemaArbitrary(Object.assign({}, ...schema.allOf) as JsonSchema, hint);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'string')];
  if (types.length > 1) return fc.oneof(...types.map((type) => schemaArbitrary({ ...schema, type }, hint)));
  const bound = (value: number | undefined, exclusive: number | undefined, fallback: number) =>
    value ?? exclusive ?? fallback;
  switch (types[0]) {
    case 'integer':
      return fc.integer({
        min: Math.ceil(bound(schema.minimum, schema.exclusiveMinimum, -1000)),
        max: Math.floor(bound(schema.maximum, schema.exclusiveMaximum, 1000)),
      });
    case 'number':
      return fc.double({
        min: bound(schema.minimum, schema.exclusiveMinimum, -1e6),
        max: bound(schema.maximum, schema.exclusiveMaximum, 1e6),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schemaArbitrary(schema.items ?? {}, hint), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, arbitraryOf(s, hint, key)]),
      );
      return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return stringOf(schema);
  }
}

/** A request before it is broken: path and query parameters, and a body (JSON or multipart parts). */
export interface BaseRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  files: Buffer[];
  multipartAsJson: boolean;
}

export function baseRequestOf(route: RouteSpec, hint: Hint, images: Buffer[]): fc.Arbitrary<BaseRequest> {
  const params = (where: 'path' | 'query') =>
    fc.record(
      Object.fromEntries(
        route.params.filter((p) => p.in === where).map((p) => [p.name, arbitraryOf(p.schema, hint, p.name)]),
      ),
      {
        requiredKeys: route.params.filter((p) => p.in === where && (p.required || where === 'path')).map((p) => p.name),
      },
    );
  const multipart = route.body?.encoding === 'multipart';
  return fc.record({
    path: params('path'),
    query: params('query'),
    body: route.body ? arbitraryOf(route.body.schema, hint) : fc.constant(undefined),
    files: multipart
      ? fc.array(
          fc.oneof(
            fc.constantFrom(...images),
            fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)),
          ),
          {
            maxLength: 2,
          },
        )
      : fc.constant([]),
    multipartAsJson: route.body?.encoding === 'multipart' && route.body.alsoJson ? fc.boolean() : fc.constant(false),
  });
}

/** A marker long run of one letter: a huge string must never be found in a table. */
