// Reports and moderation (D-29): POST /api/reports, the admin's list, closing a report, hiding a
// post and blocking a user. Runs on PGlite (project server) and PostgreSQL (server-postgres).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proveEmail, signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { publish, tractor } from '../../../test/posts.js';

type Account = Awaited<ReturnType<typeof signedUp>>;
const ADMIN_EMAIL = 'moderator@example.org';

let t: TestApp;
let admin: Account;
let owner: Account;
let reader: Account;

/** The admin of these tests: one named in ADMIN_EMAILS (the one place to change how admins are made). */
async function signedUpAdmin(app: TestApp['app']): Promise<Account> {
  const account = await signedUp(app, { firstName: 'Mod', email: ADMIN_EMAIL });
  // An ADMIN_EMAILS address gives rights once proven.
  expect((await proveEmail(app, account.headers)).admin).toBe(true);
  return account;
}

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100', ADMIN_EMAILS: ADMIN_EMAIL });
  await t.app.ready();
  admin = await signedUpAdmin(t.app);
  owner = await signedUp(t.app, { firstName: 'Awa' });
  reader = await signedUp(t.app, { firstName: 'Moussa' });
});
afterAll(() => t.close());

let spot = 0;
/** An offer alone at its own place, so the map around it shows it alone. */
async function lonePost(who: Account) {
  spot += 1;
  const lng = 2 + spot * 0.5;
  const lat = 10 + spot * 0.5;
  const post = await publish(t.app, who, {
    ...tractor(),
    title: `Lone tractor ${spot}`,
    pickup_lat: lat,
    pickup_lng: lng,
    pickup_city: 'Zinder',
  });
  return { ...post, lng, lat };
}

const report = (who: Account, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/reports', headers: who.headers, payload });
const reports = (who: Account) => t.app.inject({ url: '/api/admin/reports', headers: who.headers });
const hide = (who: Account, id: string, hidden: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/solutions/${id}/hide`,
    headers: who.headers,
    payload: { hidden },
  });
const block = (who: Account, id: string, blocked: boolean) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/block`, headers: who.headers, payload: { blocked } });

const mapAround = async (p: { lng: number; lat: number }, zoom = 15) =>
  (
    await t.app.inject(
      `/api/solution/map?bbox=${p.lng - 0.01},${p.lat - 0.01},${p.lng + 0.01},${p.lat + 0.01}&zoom=${zoom}`,
    )
  ).json().data as { points: { _id: string }[]; clusters: { count: number }[] };
const worldCount = async (zoom: number) => {
  const map = (await t.app.inject(`/api/solution/map?bbox=-180,-85,180,85&zoom=${zoom}`)).json().data as {
    points: unknown[];
    clusters: { count: number }[];
  };
  return map.points.length + map.clusters.reduce((n, c) => n + c.count, 0);
};
const listed = async (who: Account) =>
  (await t.app.inject({ url: '/api/solution/getAllSolutions/provideSolution?limit=100', headers: who.headers })).json()
    .data as { _id: string }[];
const searched = async (who: Account, q: string) =>
  (await t.app.inject({ url: `/api/solution/search?q=${encodeURIComponent(q)}`, headers: who.headers })).json()
    .data as { _id: string }[];
const searchedByCountry = async (who: Account) =>
  (
    await t.app.inject({
      url: '/api/solution/searchSolution/provideSolution/pickup_country/senegal',
      headers: who.headers,
    })
  ).json().data as { _id: string }[];
const details = (who: Account, id: string) =>
  t.app.inject({ url: `/api/solution/getSolutionDetails/${id}`, headers: who.headers });

describe('POST /api/reports (D-29)', () => {
  it('records a report of a post with a reason, which the admin sees open first', async () => {
    const post = await lonePost(owner);
    const res = await report(reader, { solution_id: post._id, reason: 'scam', text: 'Asks for money first' });
    expect(res.statusCode).toBe(201);
    const list = await reports(admin);
    expect(list.statusCode).toBe(200);
    const mine = list.json().data.find((r: { _id: string }) => r._id === res.json().data._id);
    expect(mine).toEqual({
      _id: res.json().data._id,
      reason: 'scam',
      text: 'Asks for money first',
      status: 'open',
      created_at: expect.any(String),
      reporter: { _id: reader.user._id, firstName: 'Moussa' },
      solution: {
        _id: post._id,
        // D-30: the admin sees the post's own title.
        title: expect.stringMatching(/^Lone tractor \d+$/),
        sub_category: { en: 'Tractor (per day)', fr: 'Tracteur (par jour)' },
        hidden: false,
        user_id: owner.user._id,
      },
      // The post's owner, to block, when only the post was reported.
      user: { _id: owner.user._id, firstName: 'Awa', blocked: false },
    });
    // Never a contact or anything private of either person.
    expect(JSON.stringify(mine)).not.toMatch(/mobile|email|@/);
  });

  it('records a report of a user', async () => {
    const res = await report(reader, { user_id: owner.user._id, reason: 'offensive' });
    expect(res.statusCode).toBe(201);
    const mine = (await reports(admin)).json().data.find((r: { _id: string }) => r._id === res.json().data._id);
    expect(mine).toMatchObject({ solution: null, user: { _id: owner.user._id }, text: null });
  });

  it('refuses a report with no post and no user, or an unknown reason, and records nothing', async () => {
    const before = (await reports(admin)).json().data.length;
    const none = await report(reader, { reason: 'spam' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION', fields: { solution_id: expect.any(String) } });
    const reason = await report(reader, { user_id: owner.user._id, reason: 'boring' });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().code).toBe('VALIDATION');
    const long = await report(reader, { user_id: owner.user._id, reason: 'other', text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    const self = await report(reader, { user_id: reader.user._id, reason: 'other' });
    expect(self.statusCode).toBe(400);
    expect((await reports(admin)).json().data.length).toBe(before);
  });

  it('answers 404 for an unknown post or user', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await report(reader, { solution_id: ghost, reason: 'spam' })).json().code).toBe('NOT_FOUND');
    expect((await report(reader, { user_id: ghost, reason: 'spam' })).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { user_id: owner.user._id, reason: 'spam' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_FAILED');
  });
});

describe('admin moderation (D-29)', () => {
  it('answers 403 to anyone but an admin, and changes nothing', async () => {
    const post = await lonePost(owner);
    expect((await reports(reader)).statusCode).toBe(403);
    expect((await hide(reader, post._id, true)).json().code).toBe('FORBIDDEN');
    expect((await block(reader, owner.user._id, true)).statusCode).toBe(403);
    const created = await report(reader, { solution_id: post._id, reason: 'spam' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${created.json().data._id}`,
      headers: owner.headers,
      payload: { status: 'closed' },
    });
    expect(patch.statusCode).toBe(403);
    expect((await mapAround(post)).points.map((p) => p._id)).toEqual([post._id]);
    const mine = (await reports(admin)).json().data.find((r: { _id: string }) => r._id === created.json().data._id);
    expect(mine.status).toBe('open');
  });

  it('closes and reopens a report; closed ones come after open ones', async () => {
    const post = await lonePost(owner);
    const created = (await report(reader, { solution_id: post._id, reason: 'wrong_info' })).json().data._id;
    const close = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${created}`,
      headers: admin.headers,
      payload: { status: 'closed' },
    });
    expect(close.statusCode).toBe(200);
    expect(close.json().data).toMatchObject({ _id: created, status: 'closed' });
    const list = (await reports(admin)).json().data as { _id: string; status: string }[];
    const statuses = list.map((r) => r.status);
    expect(statuses.indexOf('closed')).toBeGreaterThan(statuses.lastIndexOf('open'));
    const reopen = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${created}`,
      headers: admin.headers,
      payload: { status: 'open' },
    });
    expect(reopen.json().data.status).toBe('open');
  });

  it('hides a post from the map, the lists, search and details for others; the owner still sees it', async () => {
    const post = await lonePost(owner);
    const zoomedOut = await worldCount(2);
    expect((await mapAround(post)).points.map((p) => p._id)).toEqual([post._id]);
    expect((await listed(reader)).map((p) => p._id)).toContain(post._id);
    expect((await searched(reader, `Lone tractor ${spot}`)).map((p) => p._id)).toContain(post._id);

    const res = await hide(admin, post._id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: post._id, hidden: true });

    expect((await mapAround(post)).points).toEqual([]);
    // The kept cell counts of the zoomed-out map lose it too.
    expect(await worldCount(2)).toBe(zoomedOut - 1);
    expect((await listed(reader)).map((p) => p._id)).not.toContain(post._id);
    expect((await searched(reader, `Lone tractor ${spot}`)).map((p) => p._id)).not.toContain(post._id);
    expect((await details(reader, post._id)).statusCode).toBe(404);
    expect((await report(reader, { solution_id: post._id, reason: 'spam' })).statusCode).toBe(404);
    const accept = await t.app.inject({
      method: 'PUT',
      url: '/api/solution/solutionAccepted',
      headers: reader.headers,
      payload: { user_id: reader.user._id, solution_id: post._id },
    });
    expect(accept.statusCode).toBe(404);
    expect((await details(owner, post._id)).statusCode).toBe(200);
    const mine = await t.app.inject({
      url: `/api/solution/getUserSolutions/${owner.user._id}`,
      headers: owner.headers,
    });
    expect(mine.json().data.map((p: { _id: string }) => p._id)).toContain(post._id);
    expect(
      (await reports(admin))
        .json()
        .data.find((r: { solution: { _id: string } | null }) => r.solution?._id === post._id),
    ).toBeUndefined();

    // Shown again, it is back everywhere.
    expect((await hide(admin, post._id, false)).json().data.hidden).toBe(false);
    expect((await mapAround(post)).points.map((p) => p._id)).toEqual([post._id]);
    expect(await worldCount(2)).toBe(zoomedOut);
    expect((await details(reader, post._id)).statusCode).toBe(200);
  });

  it('takes a hidden post off the cached map at once on the instance that hid it, every time', async () => {
    const post = await lonePost(owner);
    for (let round = 0; round < 20; round += 1) {
      expect((await mapAround(post)).points.map((p) => p._id)).toEqual([post._id]);
      await hide(admin, post._id, true);
      expect((await mapAround(post)).points, `round ${round}`).toEqual([]);
      await hide(admin, post._id, false);
    }
  });

  it('answers 404 when hiding an unknown post or blocking an unknown user', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await hide(admin, ghost, true)).statusCode).toBe(404);
    expect((await block(admin, ghost, true)).statusCode).toBe(404);
    expect((await hide(admin, 'not-a-uuid', true)).statusCode).toBe(400);
  });

  it('refuses to block an admin, the caller included', async () => {
    expect((await block(admin, admin.user._id, true)).statusCode).toBe(403);
  });

  it('blocks a user: no sign-in, sessions ended, posts off the map and lists; unblocking restores them', async () => {
    const bad = await signedUp(t.app, { firstName: 'Spam' });
    const post = await lonePost(bad);
    const countryBefore = (await searchedByCountry(reader)).length;
    expect((await searchedByCountry(reader)).map((p) => p._id)).toContain(post._id);
    const res = await block(admin, bad.user._id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: bad.user._id, blocked: true });

    // The session they had stops working at once.
    const me = await t.app.inject({ url: '/api/user/me', headers: bad.headers });
    expect(me.statusCode).toBe(401);
    // Signing in again is refused with a code the app explains, only once the password is right.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: bad.account.email, password: bad.account.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ code: 'ACCOUNT_BLOCKED', message: 'This account has been blocked' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: bad.account.email, password: 'not the password' },
    });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

    expect((await mapAround(post)).points).toEqual([]);
    expect((await listed(reader)).map((p) => p._id)).not.toContain(post._id);
    expect((await searchedByCountry(reader)).length).toBe(countryBefore - 1);
    expect((await details(reader, post._id)).statusCode).toBe(404);
    const flagged = await report(reader, { user_id: bad.user._id, reason: 'spam' });
    const shown = (await reports(admin)).json().data.find((r: { _id: string }) => r._id === flagged.json().data._id);
    expect(shown.user).toEqual({ _id: bad.user._id, firstName: 'Spam', blocked: true });

    expect((await block(admin, bad.user._id, false)).json().data.blocked).toBe(false);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: bad.account.email, password: bad.account.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await mapAround(post)).points.map((p) => p._id)).toEqual([post._id]);
  });
});
