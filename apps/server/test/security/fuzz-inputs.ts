// Issue 8 part 3: requests derived from the OpenAPI document (the shared zod schemas), then broken.
// A route's schema yields a valid-looking request; one mutation then breaks it: a wrong type, a
// missing or extra field, a huge string, control characters, unicode edge cases, extreme numbers,
// injection strings, a wrong content type, malformed JSON or multipart, or a bad access token.
import fc from 'fast-check';
import { multipart, type FormPart } from '../accounts.js';

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
export const HUGE_CHAR = 'x';
export const HUGE_PROBE = HUGE_CHAR.repeat(5_000);

const injections = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(0) --',
  '" OR ""="',
  "admin'--",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '/etc/passwd\u0000.webp',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '$where',
  '{"$gt":""}',
];
const controls = [
  '\u0000',
  'a\u0000b',
  '\r\n\r\n',
  '\t\v\f\b',
  '\u001b[31mred',
  '\u007f',
  '\u0085\u2028\u2029',
  '\u0001\u0002\u0003',
];
const unicodes = [
  '\ud800',
  'a\udfffb',
  '\u202eevil',
  'zero\u200bwidth',
  '\ufeffbom',
  '🧑‍🌾'.repeat(40),
  'e\u0301\u0301\u0301',
  '\uffff\ufffe',
  'İıſ',
  'Ａｄｍｉｎ',
  '\u{10ffff}',
  'ＳＥＬＥＣＴ',
];
const numbers = [
  -1,
  -0,
  0.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -(2 ** 63),
  2 ** 63,
  1e21,
  Number.MIN_VALUE,
  -2147483649,
  2147483648,
];
const numericStrings = ['NaN', 'Infinity', '-Infinity', '1e999', '-1', '0x10', '1_000', ' 1 ', '١٢٣'];

/** A huge string, built only when sent: counterexamples print `HugeString(n)`, not n letters. */
export class HugeString {
  constructor(readonly length: number) {}
  toString() {
    return HUGE_CHAR.repeat(this.length);
  }
  [fc.toStringMethod]() {
    return `HugeString(${this.length})`;
  }
}
const materialize = (value: unknown) => (value instanceof HugeString ? value.toString() : value);

export interface Weird {
  label: string;
  value: unknown;
  huge?: boolean;
}

/** A value to put where a field was: the mutations of the issue, each labelled. */
export const weirdValue: fc.Arbitrary<Weird> = fc.oneof(
  fc
    .oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
      fc.string({ maxLength: 10 }),
    )
    .map((value) => ({ label: 'wrong type', value })),
  fc
    .constantFrom(10_000, 70_000, 300_000)
    .map((n) => ({ label: `huge string (${n})`, value: new HugeString(n), huge: true })),
  fc
    .tuple(fc.constantFrom(...controls), fc.string({ maxLength: 8 }))
    .map(([c, s]) => ({ label: 'control characters', value: s + c + s })),
  fc
    .oneof(fc.constantFrom(...unicodes), fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }))
    .map((value) => ({ label: 'unicode edge case', value })),
  fc
    .oneof(fc.constantFrom(...numbers), fc.constantFrom(...numericStrings), fc.double())
    .map((value) => ({ label: 'extreme number', value })),
  fc.constantFrom(...injections).map((value) => ({ label: 'injection string', value })),
);

/** The string mutations alone, for fields that hold a string: they reach deepest (to the SQL). */
export const weirdString: fc.Arbitrary<Weird> = fc.oneof(
  fc.constantFrom(10_000, 300_000).map((n) => ({ label: `huge string (${n})`, value: new HugeString(n), huge: true })),
  fc
    .tuple(fc.constantFrom(...controls), fc.string({ maxLength: 8 }))
    .map(([c, s]) => ({ label: 'control characters', value: `a${s}${c}${s}` })),
  fc
    .oneof(fc.constantFrom(...unicodes), fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }))
    .map((value) => ({ label: 'unicode edge case', value })),
  fc.constantFrom(...numericStrings).map((value) => ({ label: 'numeric string', value })),
  fc.constantFrom(...injections).map((value) => ({ label: 'injection string', value })),
);

const contentTypes = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/vnd.api+json',
  'text/html',
  ';;;',
];
const deep = (open: string, close: string, n: number) => open.repeat(n) + close.repeat(n);
const malformedBodies: (string | Buffer)[] = [
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '1e999999',
  '\ufeff{}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  deep('[', ']', 20_000),
  deep('{"a":', '}', 20_000).replace(/}$/, '1}'),
  `${'{"constructor":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
];
const tokens = ['', ' ', 'x'.repeat(8_000), "' OR 1=1 --", '../../etc/passwd', 'null', 'undefined', '\u00e9t\u00e9'];

/** One way to break a request. `pick` chooses among the request's fields. */
export type Mutation =
  | { kind: 'replace'; pick: number; weird: Weird }
  | { kind: 'replace string'; pick: number; weird: Weird }
  | { kind: 'remove'; pick: number }
  | { kind: 'extra'; where: 'query' | 'body'; key: string; weird: Weird }
  | { kind: 'duplicate query'; pick: number }
  | { kind: 'content type'; type: string }
  | { kind: 'malformed body'; text: string | Buffer }
  | { kind: 'malformed multipart'; variant: number }
  | { kind: 'raw path'; pick: number; text: string }
  | { kind: 'access token'; token: string }
  | { kind: 'unbroken' };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('replace string' as const), pick: fc.nat(), weird: weirdString }),
  },
  // Now and then the valid-looking request as generated, so the fuzz also reaches the handlers.
  { weight: 1, arbitrary: fc.constant({ kind: 'unbroken' as const }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), weird: weirdValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      where: fc.constantFrom('query' as const, 'body' as const),
      key: fc.oneof(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'prototype',
          'admin',
          'verified',
          'vip',
          'user_id',
          'status',
          '$where',
        ),
        fc.string({ minLength: 1, maxLength: 12 }),
      ),
      weird: weirdValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate query' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('content type' as const), type: fc.constantFrom(...contentTypes) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('malformed body' as const), text: fc.constantFrom(...malformedBodies) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('malformed multipart' as const), variant: fc.nat({ max: 5 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raw path' as const),
      pick: fc.nat(),
      text: fc.constantFrom('..', '../..', '%2e%2e', '..%2f..%2fetc%2fpasswd', '%00', '%', '%ff', '.%2e/%2e.', '~'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('access token' as const), token: fc.constantFrom(...tokens) }),
  },
);

/** What is sent: an inject() request plus what the assertions need to know about it. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  label: string;
  /** A huge string went into a field the schema declares (it must be refused). */
  hugeInDeclaredField: boolean;
  /** A huge string went anywhere (it must never be stored). */
  huge: boolean;
}

/** A field of the request; `text` when it holds a string. */
type Slot = { where: 'path' | 'query' | 'body'; keys: string[]; text?: boolean };

/** Every field of the request a mutation can hit: parameters, and every node of the body. */
function slotsOf(base: BaseRequest): Slot[] {
  const slots: Slot[] = [];
  for (const [key, value] of Object.entries(base.path))
    slots.push({ where: 'path', keys: [key], text: typeof value === 'string' });
  for (const [key, value] of Object.entries(base.query)) {
    slots.push({ where: 'query', keys: [key], text: typeof value === 'string' });
  }
  const walk = (value: unknown, keys: string[]) => {
    slots.push({ where: 'body', keys, text: typeof value === 'string' });
    if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...keys, k]);
  };
  if (base.body !== undefined) walk(base.body, []);
  return slots;
}

function setIn(target: Record<string, unknown>, keys: string[], value: unknown, remove = false) {
  let node: Record<string, unknown> = target;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
}

/** Turns a base request and a mutation into what is sent; refs are resolved by `resolve`. */
export function render(
  route: RouteSpec,
  base: BaseRequest,
  mut: Mutation,
  resolve: (value: unknown) => unknown,
  token: string | undefined,
): WireRequest {
  const req = structuredClone({ path: base.path, query: base.query, body: { root: base.body } });
  const slots = slotsOf(base);
  const rawPath: Record<string, string> = {};
  let label: string = mut.kind;
  let huge = false;
  let hugeInDeclaredField = false;
  let contentType: string | undefined;
  let payloadOverride: string | Buffer | undefined;
  const headers: Record<string, string> = {};
  if (token !== undefined) headers['access-token'] = token;

  const container = (where: Slot['where']) => (where === 'body' ? req.body : req[where]) as Record<string, unknown>;
  const keysOf = (slot: Slot) => (slot.where === 'body' ? ['root', ...slot.keys] : slot.keys);
  switch (mut.kind) {
    case 'replace':
    case 'replace string': {
      const candidates =
        mut.kind === 'replace string' && slots.some((s) => s.text) ? slots.filter((s) => s.text) : slots;
      const slot = candidates[mut.pick % Math.max(candidates.length, 1)] ?? { where: 'body' as const, keys: [] };
      setIn(container(slot.where), keysOf(slot), materialize(mut.weird.value));
      label = `${mut.weird.label} in ${slot.where}:${slot.keys.join('.') || '(root)'}`;
      huge = Boolean(mut.weird.huge);
      hugeInDeclaredField = huge && declares(route, slot);
      break;
    }
    case 'remove': {
      const slot = slots[mut.pick % Math.max(slots.length, 1)];
      if (slot) {
        if (slot.where === 'path') req.path[slot.keys[0]!] = '';
        else setIn(container(slot.where), keysOf(slot), undefined, true);
        label = `missing ${slot.where}:${slot.keys.join('.') || '(root)'}`;
      }
      break;
    }
    case 'extra': {
      const value = materialize(mut.weird.value);
      if (mut.where === 'query') req.query[mut.key] = value;
      else {
        const root = req.body.root;
        if (root && typeof root === 'object' && !Array.isArray(root))
          (root as Record<string, unknown>)[mut.key] = value;
        else req.body.root = { [mut.key]: value };
      }
      label = `extra ${mut.where}:${mut.key} (${mut.weird.label})`;
      huge = Boolean(mut.weird.huge);
      break;
    }
    case 'duplicate query': {
      const keys = Object.keys(req.query);
      const key = keys[mut.pick % Math.max(keys.length, 1)] ?? 'q';
      req.query[key] = [req.query[key] ?? '1', req.query[key] ?? '2'];
      label = `duplicate query:${key}`;
      break;
    }
    case 'content type':
      contentType = mut.type;
      label = `content type ${mut.type}`;
      break;
    case 'malformed body':
      payloadOverride = mut.text;
      contentType = route.body?.encoding === 'multipart' ? multipartType('b0undary') : 'application/json';
      label = `malformed body ${JSON.stringify(String(mut.text).slice(0, 30))}`;
      break;
    case 'malformed multipart':
      label = `malformed multipart #${mut.variant}`;
      break;
    case 'raw path': {
      const keys = Object.keys(req.path);
      const key = keys[mut.pick % Math.max(keys.length, 1)];
      if (key) rawPath[key] = mut.text;
      label = `raw path ${key}=${mut.text}`;
      break;
    }
    case 'access token':
      headers['access-token'] = mut.token;
      label = `access token ${JSON.stringify(mut.token.slice(0, 20))}`;
      break;
  }

  const url =
    route.path.replace(
      /\{(\w+)\}/g,
      (_, name: string) => rawPath[name] ?? encodeComponent(text(resolve(req.path[name]))),
    ) + queryString(req.query, resolve);
  let payload: string | Buffer | undefined;
  const body = resolveDeep(req.body.root, resolve);
  if (route.body?.encoding === 'multipart' && !base.multipartAsJson) {
    const form = multipartOf(route.body, body, base.files, mut.kind === 'malformed multipart' ? mut.variant : -1);
    payload = form.payload;
    contentType ??= form.contentType;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    contentType ??= 'application/json';
  }
  if (payloadOverride !== undefined) payload = payloadOverride;
  if (payload !== undefined && contentType) headers['content-type'] = contentType;
  return { method: route.method, url, headers, payload, label, huge, hugeInDeclaredField };
}

/**
 * Whether the route's schema declares the field, so a huge string there must be refused. Body
 * paths walk `properties` (through anyOf/oneOf); a multipart JSON part's fields sit under the part.
 */
function declares(route: RouteSpec, slot: Slot): boolean {
  if (slot.where !== 'body') return route.params.some((p) => p.in === slot.where && p.name === slot.keys[0]);
  let schema: JsonSchema | undefined = route.body?.schema;
  for (const key of slot.keys) {
    const alternatives: JsonSchema[] = schema ? [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])] : [];
    schema = alternatives.map((s) => s.properties?.[key]).find(Boolean);
  }
  return schema !== undefined && slot.keys.length > 0;
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its three
 * WTF-8 bytes: invalid UTF-8 the server must refuse cleanly.
 */
export function encodeComponent(value: string): string {
  return value.replace(/[\s\S]/gu, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  });
}

function resolveDeep(value: unknown, resolve: (value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveDeep(v, resolve));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveDeep(v, resolve)]));
  }
  return resolve(value);
}

function queryString(query: Record<string, unknown>, resolve: (value: unknown) => unknown): string {
  const pairs: string[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      pairs.push(`${encodeComponent(key)}=${encodeComponent(value === null ? '' : text(resolve(value)))}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const multipartType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** The form a browser would send, or one of several broken ones (`variant` ≥ 0). */
function multipartOf(spec: MultipartBody, body: unknown, files: Buffer[], variant: number) {
  const parts: FormPart[] = [];
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      if (value === undefined) continue;
      parts.push({
        name,
        value: spec.jsonParts.includes(name) && typeof value !== 'string' ? JSON.stringify(value) : text(value),
      });
    }
  } else if (body !== undefined) {
    parts.push({ name: spec.jsonParts[0] ?? 'data', value: text(body) });
  }
  for (const file of files) parts.push({ name: spec.files, value: file, filename: 'photo.jpg', type: 'image/jpeg' });
  if (variant === 3) for (let i = 0; i < 40; i++) parts.push({ name: `f${i}`, value: 'v' });
  if (variant === 4)
    parts.push({
      name: spec.files,
      value: Buffer.from('<?php echo 1;'),
      filename: '../../../etc/passwd',
      type: 'image/png',
    });
  if (variant === 5) parts.push({ name: 'x'.repeat(5_000), value: 'v' });
  const built = multipart(parts);
  let payload = built.payload;
  let contentType = built.headers['content-type'];
  if (variant === 0) contentType = 'multipart/form-data';
  if (variant === 1) payload = payload.subarray(0, Math.floor(payload.length / 2));
  if (variant === 2) contentType = multipartType('not-the-boundary');
  return { payload, contentType };
}
