// Every documented route (method × path of the OpenAPI document) gets requests
// generated from its schema and then broken (fuzz-inputs.ts), sent as a user, an admin and a
// visitor. Whatever the input: never a 5xx; every 4xx is API.md's envelope with a code of
// errors.ts; a refused request changes no table row and stores no file; a huge string is never
// stored, and refused when it fills a declared field. Seeded: FUZZ_SEED and FUZZ_RUNS vary it.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorCode } from '@app/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, photoWithGps, proveEmail, signedUp } from '../accounts.js';
import { buildTestApp } from '../build-test-app.js';
import { queryRows, throwawayDatabaseUrl } from '../databases.js';
import { confirmedDeal } from '../deals.js';
import { publish, tractor } from '../posts.js';
import { baseRequestOf, routesOf } from './fuzz-inputs.js';
import { HUGE_PROBE, mutation } from './fuzz-mutations.js';
import { render } from './fuzz-render.js';
import { MULTIPART, PAGES, STREAM, allowedWrites, expectEnvelope, hint } from './fuzz-rules.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** Admins by e-mail (D-11); a fuzzed delete of the admin's account is replaced by the next one. */
const adminEmail = (n: number) => `fuzz-admin${n}@example.org`;
const ADMIN_EMAILS = Array.from({ length: 20 }, (_, n) => adminEmail(n)).join(',');
let adminCount = 0;

const dataDir = mkdtempSync(join(tmpdir(), 'fuzz-data-'));
/** FUZZ_DATABASE=postgres runs against a throwaway PostgreSQL database instead of PGlite. */
const postgres = process.env.FUZZ_DATABASE === 'postgres' ? await throwawayDatabaseUrl() : undefined;
const t = await buildTestApp({
  RATE_LIMIT_SCALE: '1000',
  ADMIN_EMAILS,
  DATA_DIR: dataDir,
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
await t.app.ready();

const routes = routesOf(t.app.swagger() as never, MULTIPART);
type Account = Awaited<ReturnType<typeof signedUp>>;
type Identity = 'user' | 'admin' | 'visitor';
const who = {} as Record<'user' | 'other' | 'admin', Account>;
/** Values the `@ref:` placeholders stand for; refreshed when an account is recreated. */
const pool: Record<string, string> = {};
let images: Buffer[] = [];
let tables: string[] = [];
let cases = 0;
const statuses = new Map<number, number>();
/** Accepted (2xx/3xx) and refused cases per route: a route never accepted is fuzzed only at its door. */
const outcomes = new Map<string, { accepted: number; refused: number }>();

const resolve = (value: unknown) =>
  typeof value === 'string' && value.startsWith('@ref:') ? (pool[value.slice(5)] ?? value) : value;

function remember(role: 'user' | 'other' | 'admin', account: Account) {
  who[role] = account;
  pool[role] = account.user._id;
  if (role === 'user') {
    pool.email = account.account.email;
    pool.mobile = account.account.mobile_no;
    pool.password = account.account.password;
  }
}

/**
 * A fuzzed logout or login may end a session, a fuzzed delete an account: get a working key back.
 * The session is started directly: the sign-in route's per-account limit (10 in 15 minutes, not
 * scaled for tests) would soon refuse the fuzz's repeated sign-ins.
 */
async function ensureSignedIn(role: 'user' | 'other' | 'admin') {
  const me = await t.app.inject({ url: '/api/user/me', headers: who[role].headers });
  if (me.statusCode === 200) return;
  const [row] = await queryRows<{ id: string }>(
    t.app.database.db,
    // A fuzzed block (D-29) locks an account out like a delete: make a new one.
    sql`select id from users where id = ${who[role].user._id} and deleted_at is null and blocked_at is null`,
  );
  if (row) {
    const { auth_key: key } = await t.app.sessions.start(row.id);
    who[role] = { ...who[role], key, headers: { 'access-token': key } };
  } else {
    adminCount += role === 'admin' ? 1 : 0;
    remember(role, role === 'admin' ? await signedUpAdmin() : await signedUp(t.app));
  }
}

/** The next admin: an ADMIN_EMAILS address, proven by the code mailed to it (D-11). */
async function signedUpAdmin(): Promise<Account> {
  const admin = await signedUp(t.app, { email: adminEmail(adminCount) });
  return { ...admin, user: { ...admin.user, ...(await proveEmail(t.app, admin.headers)) } };
}

/** One hash per table, and the files under the storage folder: what a refused request must not change. */
async function snapshot(): Promise<Record<string, string>> {
  const query = tables
    .map(
      (name) =>
        `select '${name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
    )
    .join(' union all ');
  const rows = await queryRows<{ t: string; h: string }>(t.app.database.db, sql.raw(query));
  const uploads = join(dataDir, 'uploads');
  const files = existsSync(uploads) ? readdirSync(uploads, { recursive: true }).length : 0;
  return { ...Object.fromEntries(rows.map((r) => [r.t, r.h])), files: String(files) };
}

async function hugeStored(): Promise<string[]> {
  const found: string[] = [];
  for (const name of tables) {
    const rows = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from ${sql.identifier(name)} x where strpos(x::text, ${HUGE_PROBE}) > 0`,
    );
    if (rows[0]!.n > 0) found.push(name);
  }
  return found;
}

beforeAll(async () => {
  tables = (
    await queryRows<{ table_name: string }>(
      t.app.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((r) => r.table_name);
  remember('user', await signedUp(t.app));
  remember('other', await signedUp(t.app));
  remember('admin', await signedUpAdmin());
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
  images = [png, await photoWithGps()];
  pool.post = (await publish(t.app, who.user, tractor()))._id;
  pool.otherPost = (await publish(t.app, who.other, tractor('provideSolution')))._id;
  // D-32, D-33: a request for the other's tractor on two days, which its owner confirms.
  pool.deal = await confirmedDeal(t.app, who.other, who.user, pool.otherPost);
  const mailbox = await t.app.inject({
    url: `/api/notify/getUserNotif/${who.other.user._id}`,
    headers: who.other.headers,
  });
  pool.notification = mailbox.json().data[0]._id;
  pool.postFile = 'no-such-image.webp';
});

afterAll(async () => {
  const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  const perRoute = [...outcomes].map(([key, o]) => `  ${key}: ${o.accepted} accepted, ${o.refused} refused`);
  if (process.env.FUZZ_VERBOSE) console.log(perRoute.join('\n'));
  console.log(
    `fuzz: ${cases} cases over ${routes.length} routes (seed ${SEED}, ${RUNS} runs each): ${byStatus.join(' ')}`,
  );
  await t.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('fuzzed requests to every documented route', () => {
  it('finds every documented route, the multipart ones with their parts', () => {
    expect(routes.length).toBeGreaterThanOrEqual(50);
    for (const key of Object.keys(MULTIPART)) {
      expect(routes.find((r) => `${r.method} ${r.path}` === key)?.body?.encoding, key).toBe('multipart');
    }
  });

  it('sees a changed row and a stored huge string (the checks below can fail)', async () => {
    const before = await snapshot();
    const id = who.other.user._id;
    const db = t.app.database.db;
    await db.execute(sql`update users set physical_address = ${HUGE_PROBE} where id = ${id}`);
    try {
      expect(await snapshot()).not.toEqual(before);
      expect(await hugeStored()).toEqual(['users']);
    } finally {
      await db.execute(sql`update users set physical_address = null where id = ${id}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  routes.forEach((route, index) => {
    const key = `${route.method} ${route.path}`;
    const identities: Identity[] =
      key === STREAM ? ['visitor'] : route.secured ? ['user', 'admin', 'visitor'] : ['user', 'visitor'];
    it(`${key}: no 5xx, the envelope, no partial write`, { timeout: 120_000 }, async () => {
      let before = await snapshot();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...identities),
          baseRequestOf(route, hint, images),
          mutation,
          async (identity, base, mut) => {
            const wire = render(route, base, mut, resolve, identity === 'visitor' ? undefined : who[identity].key);
            const res = await t.app.inject({
              method: wire.method as 'GET',
              url: wire.url,
              headers: wire.headers,
              ...(wire.payload !== undefined ? { payload: wire.payload } : {}),
            });
            cases += 1;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const outcome = outcomes.get(key) ?? { accepted: 0, refused: 0 };
            outcome[res.statusCode < 400 ? 'accepted' : 'refused'] += 1;
            outcomes.set(key, outcome);
            const label = `${key} as ${identity}, ${wire.label} → ${res.statusCode}`;
            expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const page = PAGES.has(key) && String(res.headers['content-type']).startsWith('text/html');
              if (!page) expectEnvelope(res.statusCode, res.body, label);
              const code = page ? undefined : (JSON.parse(res.body) as { code: ErrorCode }).code;
              const after = await snapshot();
              const allowed = allowedWrites(key, code);
              const changed = Object.keys(after).filter(
                (table) => after[table] !== before[table] && !allowed.includes(table),
              );
              // Updated first: fast-check's shrinking runs go on from here, failed or not.
              before = after;
              expect(changed, `${label}: a refused request changed stored data`).toEqual([]);
            } else {
              for (const role of ['user', 'other', 'admin'] as const) await ensureSignedIn(role);
              before = await snapshot();
            }
            if (wire.huge) expect(await hugeStored(), `${label}: a huge string was stored`).toEqual([]);
            if (wire.hugeInDeclaredField)
              expect(res.statusCode, `${label}: a huge field was accepted`).toBeGreaterThanOrEqual(400);
          },
        ),
        { seed: SEED + index, numRuns: RUNS },
      );
    });
  });
});

/** What the fuzz found, pinned: each was a 500 (or Fastify's own body) before its fix. */
describe('inputs the fuzz found, refused with the envelope and no write', () => {
  const nul = 'a\u0000b';
  const form = (parts: Parameters<typeof multipart>[0]) => multipart(parts);
  const cases: { name: string; status: number; code?: ErrorCode; request: () => InjectOptions }[] = [
    {
      name: 'a multipart body cut short (busboy: "Unexpected end of multipart data")',
      status: 400,
      code: 'VALIDATION',
      request: () => ({
        method: 'POST',
        url: '/api/solution/addSolution',
        headers: { ...who.user.headers, 'content-type': 'multipart/form-data; boundary=b0undary' },
        payload: "{'a':1}",
      }),
    },
    {
      name: 'a path parameter over the router limit (Fastify answered 414 with its own body)',
      status: 400,
      code: 'VALIDATION',
      request: () => ({ url: `/api/auth/${'x'.repeat(10_000)}` }),
    },
    {
      name: 'a bad percent-encoding in the path',
      status: 400,
      code: 'VALIDATION',
      request: () => ({ url: '/api/solution/getSolutionDetails/%E0%A4%A', headers: who.user.headers }),
    },
    {
      name: 'a NUL in the sign-in e-mail (PostgreSQL refuses NUL in text)',
      status: 400,
      code: 'VALIDATION',
      request: () => ({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: `${nul}@x.org`, password: 'xxxxxxxx' },
      }),
    },
    {
      name: 'a NUL in a search text',
      status: 400,
      code: 'VALIDATION',
      request: () => ({
        url: '/api/solution/searchSolution/needSolution/pickup_country/a%00b',
        headers: who.user.headers,
      }),
    },
    {
      name: "a NUL in a post's description (escaped in the JSON part)",
      status: 400,
      code: 'VALIDATION',
      request: () => {
        const body = form([{ name: 'new_solution', value: JSON.stringify({ ...tractor(), description: nul }) }]);
        return {
          method: 'POST',
          url: '/api/solution/addSolution',
          headers: { ...who.user.headers, ...body.headers },
          payload: body.payload,
        };
      },
    },
    {
      name: 'a raw NUL in a multipart field',
      status: 400,
      code: 'VALIDATION',
      request: () => {
        const body = form([{ name: 'user_id', value: `${who.user.user._id}\u0000` }]);
        return {
          method: 'PUT',
          url: '/api/user/updateUser',
          headers: { ...who.user.headers, ...body.headers },
          payload: body.payload,
        };
      },
    },
    {
      name: 'a NUL in the profile address',
      status: 400,
      code: 'VALIDATION',
      request: () => {
        const body = form([
          { name: 'user_id', value: who.user.user._id },
          { name: 'update_data', value: JSON.stringify({ physical_address: nul }) },
        ]);
        return {
          method: 'PUT',
          url: '/api/user/updateUser',
          headers: { ...who.user.headers, ...body.headers },
          payload: body.payload,
        };
      },
    },
    {
      name: 'a profile update with a good avatar and an unknown country (the avatar was stored)',
      status: 400,
      code: 'VALIDATION',
      request: () => {
        const body = form([
          { name: 'user_id', value: who.user.user._id },
          { name: 'update_data', value: JSON.stringify({ country: 'DA' }) },
          { name: 'files', value: images[0]!, filename: 'me.png', type: 'image/png' },
        ]);
        return {
          method: 'PUT',
          url: '/api/user/updateUser',
          headers: { ...who.user.headers, ...body.headers },
          payload: body.payload,
        };
      },
    },
    {
      name: 'a NUL in the local sign-in state',
      status: 400,
      code: 'VALIDATION',
      request: () => ({
        method: 'POST',
        url: '/api/auth/local/page',
        payload: { state: nul, first_name: 'A', email: 'a@b.co' },
      }),
    },
    {
      name: 'a JSON body nested 20000 levels deep',
      status: 400,
      code: 'VALIDATION',
      request: () => ({
        method: 'POST',
        url: '/api/solution/solutionClicked',
        headers: { ...who.user.headers, 'content-type': 'application/json' },
        payload: '['.repeat(20_000) + ']'.repeat(20_000),
      }),
    },
    {
      name: 'an admin PATCH that sets no badge (SQL has no empty SET)',
      status: 200,
      request: () => ({
        method: 'PATCH',
        url: `/api/admin/users/${who.other.user._id}`,
        headers: who.admin.headers,
        payload: {},
      }),
    },
  ];
  for (const c of cases) {
    it(`answers ${c.status} to ${c.name}`, async () => {
      for (const role of ['user', 'other', 'admin'] as const) await ensureSignedIn(role);
      const before = await snapshot();
      const res = await t.app.inject(c.request());
      expect(res.statusCode, res.body).toBe(c.status);
      if (c.code) {
        expectEnvelope(res.statusCode, res.body, c.name);
        expect(res.json().code).toBe(c.code);
      }
      expect(await snapshot()).toEqual(before);
    });
  }
});
