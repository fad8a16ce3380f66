// The ways a valid request is broken: weird values and strings, wrong content types, malformed
// bodies and tokens, each a fast-check arbitrary.
import fc from 'fast-check';

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
export const materialize = (value: unknown) => (value instanceof HugeString ? value.toString() : value);

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
