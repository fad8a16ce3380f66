// The CSP's script-src is exactly 'self' (no 'unsafe-eval'). Zod probes for eval with
// `Function('')` when it builds its first object schema, to compile fast parsers, and the browser
// reports that probe as a CSP violation. Jitless, zod parses without compiling and never probes.
// main.tsx imports this module first, so it runs before any schema is built.
//
// Zod keeps its config on `globalThis.__zod_globalConfig` and adopts one set before it loads
// (zod's own test "pre-set globalThis.__zod_globalConfig is preserved on import": the same as
// `config({ jitless: true })`). Setting it here keeps zod out of the entry chunk: it loads with
// the screens that parse (zod-jitless.test.ts checks zod still sees it).
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
