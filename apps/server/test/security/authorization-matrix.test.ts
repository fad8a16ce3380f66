// Every route of the OpenAPI document, called as visitor, owner, another user, a
// subscriber and an admin, with the owner's objects (fixed cases) and with generated ids
// (fast-check), compared with the table in expected-access.ts. No unexpected success, no 5xx, and
// the victims' stored data unchanged by everything the others tried.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_ACCESS, allowed, type Expected } from './expected-access.js';
import { ROUTE_CASES, type Req, type Slot } from './route-cases.js';
import { throwawayDatabaseUrl } from '../databases.js';
import { ROLES, buildWorld, victimSnapshot, type Role, type World } from './world.js';

const ATTACKERS = ROLES.filter((r) => r !== 'owner');
/** fast-check runs per route and role: enough variety, bounded for a loaded two-core machine. */
const RUNS = 8;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Outcome {
  route: string;
  role: Role;
  req: Req;
  status: number;
  body: string;
}

/** The status of a request; a server-sent event stream is opened over a real socket and dropped. */
async function call(w: World, req: Req, base: () => Promise<string>): Promise<{ status: number; body: string }> {
  if (req.stream) {
    const abort = new AbortController();
    const res = await fetch(`${await base()}${req.url}`, { headers: req.headers ?? {}, signal: abort.signal });
    const body = res.status === 200 ? '' : await res.text();
    abort.abort();
    return { status: res.status, body };
  }
  const res = await w.app.inject({
    method: req.method,
    url: req.url,
    headers: req.headers ?? {},
    ...(req.payload === undefined ? {} : { payload: req.payload as string }),
  });
  return { status: res.statusCode, body: res.body };
}

/**
 * Random and hostile ids. A bare `.` or `..` is left out: in a path every URL parser resolves it
 * (even as `%2E`) to another route, so no client can send it as an id.
 */
function junk(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 80 }).filter((s) => !/^\.{1,2}$/.test(s)),
    fc.constantFrom(
      "' or '1'='1",
      '../../etc/passwd',
      '%00',
      'null',
      '0',
      '-1',
      '00000000-0000-0000-0000-000000000000',
    ),
  );
}

function arbitrary(w: World, slot: Slot): fc.Arbitrary<string> {
  const { owner, acceptor } = w.people;
  switch (slot) {
    case 'user':
      return fc.oneof(fc.constantFrom(owner.id, acceptor.id), fc.uuid(), junk());
    case 'nobody':
      return fc.oneof(fc.uuid(), junk());
    case 'post':
      return fc.oneof(fc.constantFrom(w.posts.taken, w.posts.deleted), fc.uuid(), junk());
    case 'notification':
      return fc.oneof(fc.constantFrom(w.notificationId, w.dealId, w.paymentId), fc.uuid(), junk());
    case 'order':
      return fc.oneof(fc.constantFrom(w.orderId, w.checkoutOrderId, w.subscriptionId, w.paymentId), junk());
    case 'subscription':
      return fc.oneof(fc.constantFrom(w.subscriptionId, w.orderId, w.paymentId), junk());
    case 'text':
      return junk();
    case 'file':
      return fc.oneof(fc.stringMatching(/^[A-Za-z0-9-]{1,40}\.webp$/), fc.constant(`../${w.avatar}`), junk());
    case 'index':
      return fc.oneof(fc.integer({ min: -2, max: 6 }).map(String), junk());
  }
}

for (const kind of ['pglite', 'postgres'] as const) {
  describe(`authorization matrix of every documented route [${kind}]`, () => {
    let w: World;
    let drop: (() => Promise<void>) | undefined;
    let listening: string | undefined;
    let before: string;
    const outcomes: Outcome[] = [];
    const unexpected: string[] = [];
    let fuzzed = 0;

    const base = async () => {
      listening ??= await w.app.listen({ host: '127.0.0.1', port: kind === 'pglite' ? 25301 : 25302 });
      return listening;
    };

    const record = (route: string, role: Role, req: Req, got: { status: number; body: string }, expected: Expected) => {
      outcomes.push({ route, role, req, ...got });
      const ok = allowed(expected).includes(got.status);
      if (!ok || got.status >= 500) {
        unexpected.push(
          `${route} as ${role}: ${got.status}, expected ${JSON.stringify(expected)}: ${req.method} ${req.url} ${got.body.slice(0, 160)}`,
        );
      }
      return ok;
    };

    async function runFixed(route: string, role: Role) {
      for (const req of await ROUTE_CASES[route]!.fixed(w, role)) {
        record(route, role, req, await call(w, req, base), EXPECTED_ACCESS[route]!.roles[role]);
      }
    }

    beforeAll(async () => {
      const env: Record<string, string> = {};
      if (kind === 'postgres') {
        const db = await throwawayDatabaseUrl();
        drop = db.drop;
        env.DATABASE_URL = db.url;
      }
      w = await buildWorld(env);
      before = await victimSnapshot(w);
    }, 120_000);

    afterAll(async () => {
      await w?.t.close();
      await drop?.();
      const routes = new Set(outcomes.map((o) => o.route)).size;
      console.info(
        `authorization matrix [${kind}]: ${routes} routes × ${ROLES.length} roles: ${outcomes.length} fixed requests and ` +
          `${fuzzed} generated (fast-check), ${outcomes.length + fuzzed} in all`,
      );
    }, 60_000);

    it('has a row for every documented route and no row for a route that does not exist', () => {
      const doc = w.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => METHODS.includes(m))
          .map((m) => `${m.toUpperCase()} ${path}`),
      );
      expect(documented.length).toBeGreaterThan(40);
      expect(Object.keys(EXPECTED_ACCESS).sort()).toEqual([...documented].sort());
      expect(Object.keys(ROUTE_CASES).sort()).toEqual([...documented].sort());
    });

    it('refuses every other role on the owner’s objects, as the table says', async () => {
      for (const route of Object.keys(EXPECTED_ACCESS)) {
        if (ROUTE_CASES[route]!.last) continue;
        for (const role of ATTACKERS) await runFixed(route, role);
      }
      expect(unexpected).toEqual([]);
    }, 120_000);

    it('answers generated ids (foreign and random) within the table, never with an unexpected success', async () => {
      for (const [route, access] of Object.entries(EXPECTED_ACCESS)) {
        const fuzz = ROUTE_CASES[route]!.fuzz;
        if (!fuzz || !access.generated) continue;
        for (const role of ATTACKERS) {
          const expected = access.generated[role];
          if (expected === undefined) continue;
          await fc.assert(
            fc.asyncProperty(fc.tuple(...fuzz.slots.map((s) => arbitrary(w, s))), async (values) => {
              const req = fuzz.build(w, role, values);
              const got = await call(w, req, base);
              fuzzed += 1;
              if (got.status >= 500 || !allowed(expected).includes(got.status)) {
                const sent = `${req.method} ${req.url} ${JSON.stringify(req.payload ?? '')}`;
                throw new Error(
                  `${route} as ${role}: ${got.status}, expected ${JSON.stringify(expected)}: ${sent} → ${got.body.slice(0, 200)}`,
                );
              }
            }),
            { numRuns: RUNS },
          );
        }
      }
      const fuzzedRoutes = Object.entries(EXPECTED_ACCESS).filter(([r, a]) => ROUTE_CASES[r]!.fuzz && a.generated);
      expect(fuzzedRoutes.length).toBeGreaterThan(25);
    }, 120_000);

    it('left the victims’ stored data unchanged', async () => {
      expect(await victimSnapshot(w)).toBe(before);
    });

    it('lets the owner act on its own objects, as the table says', async () => {
      for (const route of Object.keys(EXPECTED_ACCESS)) if (!ROUTE_CASES[route]!.last) await runFixed(route, 'owner');
      expect(unexpected).toEqual([]);
    }, 120_000);

    it('ends only the caller’s own session on logout', async () => {
      for (const route of Object.keys(EXPECTED_ACCESS)) {
        if (ROUTE_CASES[route]!.last) for (const role of ROLES) await runFixed(route, role);
      }
      expect(unexpected).toEqual([]);
      // Every role was tried on every route, and every failure carried API.md's envelope.
      for (const route of Object.keys(EXPECTED_ACCESS)) {
        expect(new Set(outcomes.filter((o) => o.route === route).map((o) => o.role)).size, route).toBe(ROLES.length);
      }
      for (const o of outcomes.filter((x) => x.status >= 400 && !x.req.stream)) {
        expect(JSON.parse(o.body), `${o.route} as ${o.role}`).toHaveProperty('code');
      }
    }, 60_000);
  });
}
