// No response carries a field its viewer may not see. Every JSON answer of the
// matrix's calls, and the reads each role makes of the victim's posts, lists and records, is
// searched as raw text for planted values (the victim's password, hash, keys, device and
// verification tokens, provider payment and subscription ids, ID image keys, and everybody's
// e-mail and mobile) and walked for secret-looking field names. Contacts pass only where
// D-11 (admins), D-14 (subscribers on details, parties to a paid deal) or ownership allow.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../databases.js';
import { ROUTE_CASES, headersOf, type Req } from './route-cases.js';
import { ROLES, buildWorld, type Person, type Role, type World } from './world.js';

type Viewer = Role | 'acceptor';
interface Seen {
  route: string;
  viewer: Viewer;
  status: number;
  body: string;
}

/** Calls whose answers legitimately carry the caller's own fresh secret. */
const OWN_SECRET_FIELDS: Record<string, string[]> = {
  'POST /api/user/login': ['auth_key'],
  'POST /api/user/loginVia/{provider}': ['auth_key'],
  'POST /api/user/codeValidation': ['verification_token'],
};
/** Field names that must never appear in an answer (walked at every depth). */
const SECRET_NAME =
  /pass(word)?|hash|secret|salt|auth_?key|access_?token|token|device|verification|provider|order_?id|capture|payer|id_image_key|storage/i;
/** D-11, D-18: admin views list users with their contacts. */
const ADMIN_CONTACT_ROUTES = new Set([
  'GET /api/user/getAllUsers',
  'GET /api/admin/users',
  'PATCH /api/admin/users/{userId}',
  'POST /api/admin/markSubscriptionPaid',
]);
/** D-14: a post's details (also inside an acceptance) carry its owner's contacts for entitled viewers. */
const DETAIL_ROUTES = new Set([
  'GET /api/solution/getSolutionDetails/{solutionId}',
  'PUT /api/solution/solutionAccepted',
]);

let w: World;
const seen: Seen[] = [];
let secrets: { name: string; value: string }[] = [];

const personOf = (viewer: Viewer): Person | undefined => (viewer === 'visitor' ? undefined : w.people[viewer]);
const mobileDigits = (mobile: string) => mobile.replace(/^\+\d{3}/, '');

async function look(route: string, viewer: Viewer, req: Req) {
  const res = await w.app.inject({
    method: req.method,
    url: req.url,
    headers: req.headers ?? {},
    ...(req.payload === undefined ? {} : { payload: req.payload as string }),
  });
  if (String(res.headers['content-type'] ?? '').includes('json')) {
    seen.push({ route, viewer, status: res.statusCode, body: res.body });
  }
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      out.push(key);
      keysOf(inner, out);
    }
  }
  return out;
}

/**
 * D-27: a deal's answers, its moves' included (D-32, D-34), carry the other party's
 * contacts while it has contact access. The owner's list of requests shows requesters without them.
 */
const DEAL_ROUTES = new Set([
  'GET /api/deals',
  'GET /api/deals/{dealId}',
  'POST /api/deals/{dealId}/confirm',
  'POST /api/deals/{dealId}/decline',
  'POST /api/deals/{dealId}/withdraw',
  'POST /api/deals/{dealId}/cancel',
  'POST /api/deals/{dealId}/complete',
  'POST /api/deals/{dealId}/dispute',
  'GET /api/solution/{solutionId}/requests',
]);

/** May `viewer` see `person`'s contacts in this answer? */
function mayShowContacts(s: Seen, viewer: Viewer, person: Exclude<Viewer, 'visitor'>): boolean {
  if (viewer === person) return true;
  if (viewer === 'admin' && ADMIN_CONTACT_ROUTES.has(s.route)) return true;
  const owner = (JSON.parse(s.body) as { data?: { user?: { _id?: string }; solution?: { user?: { _id?: string } } } })
    .data;
  const postOwner = owner?.user?._id ?? owner?.solution?.user?._id;
  // D-14 (a): a running subscription or trial sees a post owner's contacts on its details.
  if (viewer === 'subscriber' && DETAIL_ROUTES.has(s.route) && postOwner === w.people[person].id) return true;
  // D-27: the two parties of a deal with contact access see each other's on the deal.
  const parties = new Set([viewer, person]);
  if (DEAL_ROUTES.has(s.route) && parties.has('owner') && parties.has('acceptor')) {
    if (s.body.includes('"contact_access":true')) return true;
  }
  // D-14 (b): the payer of a deal gets the other party's contacts once paid.
  return s.route === 'POST /api/payment/success' && viewer === 'owner' && person === 'acceptor';
}

describe('field exposure on the raw JSON of every answer', () => {
  beforeAll(async () => {
    w = await buildWorld();
    const { owner, other, subscriber } = w.people;
    // Visits of the open post record the visitors' names and mobiles, which the owner must not get.
    for (const visitor of [other, subscriber]) {
      await w.app.inject({
        method: 'POST',
        url: '/api/solution/solutionClicked',
        headers: visitor.headers,
        payload: { solution_id: w.posts.open },
      });
    }
    const [stored] = await queryRows<{ password_hash: string }>(
      w.app.database.db,
      sql`select password_hash from users where id = ${owner.id}`,
    );
    const [session] = await queryRows<{ auth_key_hash: string }>(
      w.app.database.db,
      sql`select auth_key_hash from sessions where user_id = ${owner.id}`,
    );
    secrets = [
      { name: "the victim's password", value: owner.password },
      { name: 'a password hash', value: '$argon2' },
      { name: "the victim's password hash", value: stored!.password_hash },
      { name: "the victim's auth key", value: owner.key },
      { name: "the victim's stored key hash", value: session!.auth_key_hash },
      { name: "the victim's device token", value: w.deviceToken },
      { name: "the victim's verification token", value: w.verificationToken },
      { name: "the victim's provider order id", value: w.orderId },
      { name: "the victim's second provider order id", value: w.checkoutOrderId },
      { name: "the victim's provider subscription id", value: w.subscriptionId },
      ...w.idImageKeys.map((key) => ({ name: "a storage key of the victim's ID image", value: key })),
    ];
    expect(secrets.every((s) => s.value.length >= 7)).toBe(true);

    const viewers: Viewer[] = [...ROLES, 'acceptor'];
    const reads = (viewer: Viewer): Req[] => {
      const headers = viewer === 'acceptor' ? w.people.acceptor.headers : headersOf(w, viewer);
      const me = personOf(viewer)?.id ?? owner.id;
      const get = (url: string): Req => ({ method: 'GET', url, headers });
      return [
        ...[w.posts.open, w.posts.need, w.posts.taken].map((id) => get(`/api/solution/getSolutionDetails/${id}`)),
        get('/api/solution/getAllSolutions/provideSolution'),
        get('/api/solution/getAllSolutions/needSolution?near=-17.45,14.7'),
        get('/api/solution/getCategorySolutions/Equipments/needSolution'),
        get('/api/solution/searchSolution/provideSolution/category/equipments'),
        get('/api/solution/search?q=tractor'),
        get('/api/solution/search?near=-17.45,14.7&category=Equipments'),
        get('/api/solution/map?bbox=-17.5,14.65,-17.4,14.75&zoom=16'),
        get('/api/places?q=Dakar'),
        get('/api/places/reverse?lat=14.7&lng=-17.45'),
        get('/api/places/labels?bbox=-17.6,14.5,-16.8,14.95&zoom=10'),
        get(`/api/solution/getUserSolutions/${me}`),
        get(`/api/solution/getUserAcceptedSolutions/${me}`),
        get(`/api/notify/getUserNotif/${me}`),
        get(`/api/payment/getUserPayments/${me}`),
        get('/api/user/me'),
        get('/api/deals'),
        get(`/api/deals/${w.dealId}`),
        get(`/api/deals/${w.requestId}`),
        get(`/api/solution/${w.posts.open}/requests`),
        get('/api/admin/deals/disputed'),
        get(`/api/users/${owner.id}/card`),
      ];
    };
    const routeOf = (url: string) =>
      Object.keys(ROUTE_CASES).find((key) => {
        const [method, path] = key.split(' ');
        const pattern = new RegExp(`^${path!.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?.*)?$`);
        return method === 'GET' && pattern.test(url);
      }) ?? url;
    for (const viewer of viewers) for (const req of reads(viewer)) await look(routeOf(req.url), viewer, req);
    // Every call of the matrix, as every role (logout last: it ends the session).
    const routes = Object.keys(ROUTE_CASES).sort(
      (a, b) => Number(!!ROUTE_CASES[a]!.last) - Number(!!ROUTE_CASES[b]!.last),
    );
    for (const route of routes) {
      for (const role of ROLES) {
        for (const req of await ROUTE_CASES[route]!.fixed(w, role)) if (!req.stream) await look(route, role, req);
      }
    }
  }, 120_000);
  afterAll(() => w?.t.close(), 60_000);

  it('searches enough answers, and finds planted contacts where they are due (the search works)', () => {
    const ok = seen.filter((s) => s.status < 300);
    console.info(`field exposure: ${seen.length} JSON answers (${ok.length} successful) searched`);
    expect(ok.length).toBeGreaterThan(100);
    const { owner } = w.people;
    const details = (viewer: Viewer) =>
      seen.find(
        (s) =>
          s.viewer === viewer &&
          s.route === 'GET /api/solution/getSolutionDetails/{solutionId}' &&
          s.status === 200 &&
          s.body.includes(w.posts.open),
      )!.body;
    // D-14: a subscriber sees the owner's contacts on details; another user does not.
    expect(details('subscriber')).toContain(owner.email);
    expect(details('subscriber')).toContain(owner.mobile);
    expect(details('other')).not.toContain(owner.email);
    expect(
      seen.some((s) => s.viewer === 'admin' && s.route === 'GET /api/admin/users' && s.body.includes(owner.mobile)),
    ).toBe(true);
  });

  it('never sends a password, hash, key, device or verification token, provider id or ID image key', () => {
    const leaks: string[] = [];
    for (const s of seen) {
      for (const secret of secrets) {
        if (s.body.includes(secret.value)) leaks.push(`${s.route} as ${s.viewer} (${s.status}): ${secret.name}`);
      }
      const allowedNames = OWN_SECRET_FIELDS[s.route] ?? [];
      for (const key of keysOf(JSON.parse(s.body))) {
        if (SECRET_NAME.test(key) && !allowedNames.includes(key))
          leaks.push(`${s.route} as ${s.viewer}: field "${key}"`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("sends nobody another user's e-mail or mobile unless D-11 or D-14 entitles the viewer", () => {
    const leaks: string[] = [];
    const people = ['owner', 'acceptor', 'other', 'subscriber', 'admin'] as const;
    for (const s of seen) {
      const text = s.body.toLowerCase();
      for (const person of people) {
        const { email, mobile } = w.people[person];
        const shown = text.includes(email.toLowerCase()) || text.includes(mobileDigits(mobile));
        if (shown && !mayShowContacts(s, s.viewer, person)) {
          leaks.push(`${s.route} as ${s.viewer} (${s.status}): contacts of ${person}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it("keeps the acceptor of the victim's offer from the victim's contacts until the supplier side has access (D-14, D-15)", () => {
    const taken = seen.find(
      (s) =>
        s.viewer === 'acceptor' &&
        s.route === 'GET /api/solution/getSolutionDetails/{solutionId}' &&
        s.body.includes(w.posts.taken),
    )!;
    expect(taken.status).toBe(200);
    expect(taken.body).not.toContain(w.people.owner.email);
    expect(taken.body).not.toContain(mobileDigits(w.people.owner.mobile));
  });

  it("keeps the parties of the victim's unpaid deal from each other's contacts on the deal page (D-27)", () => {
    for (const viewer of ['owner', 'acceptor'] as const) {
      const page = seen.find(
        (s) => s.viewer === viewer && s.route === 'GET /api/deals/{dealId}' && s.body.includes(w.dealId),
      )!;
      expect(page.status).toBe(200);
      const other = w.people[viewer === 'owner' ? 'acceptor' : 'owner'];
      expect(page.body).toContain('"contact_access":false');
      expect(page.body).not.toContain(other.email);
      expect(page.body).not.toContain(mobileDigits(other.mobile));
    }
  });

  it("shows the owner who asked for the open offer without the requester's contacts (D-32)", () => {
    const list = seen.find(
      (s) => s.viewer === 'owner' && s.route === 'GET /api/solution/{solutionId}/requests' && s.status === 200,
    )!;
    expect(list.body).toContain(w.requestId);
    expect(list.body).not.toContain(w.people.acceptor.email);
    expect(list.body).not.toContain(mobileDigits(w.people.acceptor.mobile));
    for (const viewer of ['other', 'subscriber', 'admin'] as const) {
      const refused = seen.find((s) => s.viewer === viewer && s.route === 'GET /api/solution/{solutionId}/requests');
      expect(refused?.status, viewer).toBe(403);
    }
  });
});
