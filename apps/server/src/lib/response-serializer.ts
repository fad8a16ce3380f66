// Answers are serialised from what their response schema declares, and nothing else: each object
// keeps only its schema's keys, in the schema's order, so a field a route forgot to remove never
// leaves the server (as z.encode does). Unlike z.encode, the values' types are not checked again on
// every answer: the routes build them with TypeScript's types, and every answer of the API tests is
// checked against its schema (test/contract-check.ts). bench/load: z.encode of a 20-post page cost
// 0.6 ms, four times its JSON.stringify. A schema with a part this walk does not know (a union, a
// record, a default, a codec...) is encoded by zod as before, whole.
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/** Copies `value` down to what the schema declares; null when the schema needs zod itself. */
type Strip = (value: unknown) => unknown;
/** Marks a part whose value goes out as it is (strings, numbers, enums...). */
const AS_IS: Strip = (value) => value;

const SCALARS = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'enum',
  'literal',
  'null',
  'undefined',
  'void',
  'date',
  'any',
  'unknown',
]);

interface Def {
  type: string;
  innerType?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
}

function stripFor(schema: $ZodType): Strip | null {
  const def = schema._zod.def as unknown as Def;
  if (SCALARS.has(def.type)) return AS_IS;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'readonly': {
      const inner = stripFor(def.innerType!);
      if (!inner) return null;
      return inner === AS_IS ? AS_IS : (value) => (value === undefined || value === null ? value : inner(value));
    }
    case 'array': {
      const element = stripFor(def.element!);
      if (!element) return null;
      return element === AS_IS ? AS_IS : (value) => (Array.isArray(value) ? value.map(element) : value);
    }
    case 'object': {
      // z.looseObject passes unknown keys through: left to zod. z.strictObject refuses them: dropped.
      if (def.catchall && def.catchall._zod.def.type !== 'never') return null;
      const keys = Object.keys(def.shape!);
      const strips: Strip[] = [];
      for (const key of keys) {
        const strip = stripFor(def.shape![key]!);
        if (!strip) return null;
        strips.push(strip);
      }
      // Indexed loops, and undefined copied as it is (JSON.stringify leaves it out, as zod does):
      // the walk costs about what JSON.stringify does.
      return (value) => {
        if (value === null || typeof value !== 'object') return value;
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i]!;
          const field = source[key];
          out[key] = field === undefined ? undefined : strips[i]!(field);
        }
        return out;
      };
    }
    case 'record': {
      // Every key is kept, as zod keeps it (the routes' records are keyed by strings).
      if (def.keyType!._zod.def.type !== 'string') return null;
      const strip = stripFor(def.valueType!);
      if (!strip) return null;
      if (strip === AS_IS) return AS_IS;
      return (value) =>
        value === null || typeof value !== 'object'
          ? value
          : Object.fromEntries(Object.entries(value).map(([key, field]) => [key, strip(field)]));
    }
    default:
      return null;
  }
}

const compiled = new WeakMap<$ZodType, (value: unknown) => string>();

/** The JSON of `value` as `schema` declares it (see above); compiled once per schema. */
export function serializerFor(schema: $ZodType): (value: unknown) => string {
  let serialize = compiled.get(schema);
  if (!serialize) {
    const strip = stripFor(schema);
    serialize = strip
      ? (value) => JSON.stringify(strip(value))
      : (value) => JSON.stringify(z.encode(schema as z.ZodType, value));
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** Whether `schema` is serialised by the walk above rather than by zod (for the tests). */
export const servedWithoutZod = (schema: $ZodType): boolean => stripFor(schema) !== null;

/** Fastify's serializer compiler: the walk where it applies, else fastify-type-provider-zod's. */
export const answerSerializerCompiler: typeof zodSerializerCompiler = (route) =>
  route.schema instanceof $ZodType && servedWithoutZod(route.schema)
    ? serializerFor(route.schema)
    : zodSerializerCompiler(route);
