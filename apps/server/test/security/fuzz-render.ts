// Turns a base request and one mutation into the bytes sent: parameters, query, JSON or multipart.
import { multipart, type FormPart } from '../accounts.js';
import type { BaseRequest, JsonSchema, MultipartBody, RouteSpec } from './fuzz-inputs.js';
import { materialize, type Mutation } from './fuzz-mutations.js';

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
