import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedToken } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { startOAuthStub, type FacebookProfile, type GoogleProfile, type OAuthStub } from '../../../test/oauth-stub.js';
import { loginCodes, oauthStates, socialIdentities, subscriptions, users } from '../../db/schema.js';

const PUBLIC_URL = 'https://app.example.test';
/** Issue 14: admins by e-mail (proven only by its own code) and by phone (proven by SMS). */
const ADMIN_EMAIL = 'social-boss@example.org';
const ADMIN_PHONE = '+221701112233';
/** A verification token that the completion never reaches: a field or a taken contact stops it first. */
const NOT_REACHED = 'not-reached';

let stub: OAuthStub;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  stub = await startOAuthStub();
  t = await buildTestApp({
    ...stub.env,
    PUBLIC_URL,
    RATE_LIMIT_SCALE: '100',
    ADMIN_EMAILS: ADMIN_EMAIL,
    ADMIN_PHONES: ADMIN_PHONE,
  });
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

/**
 * The starting tab's verifier and the hash it sends as `binding` (issue 14): the suite plays one
 * tab, except where a test says otherwise.
 */
const VERIFIER = 'tab-verifier-0123456789abcdefghijklmnopqrstuvwxyz';
const BINDING = createHash('sha256').update(VERIFIER).digest('hex');

/** A fresh subject and e-mail per test: the suite shares one database. */
const unique = (prefix: string) => `${prefix}-${++seq}-${Date.now()}`;

async function start(provider: string, binding = BINDING): Promise<URL> {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}?binding=${binding}` });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), PUBLIC_URL);
}

async function callback(provider: string, query: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: `/api/auth/${provider}/callback?${new URLSearchParams(query)}` });
}

/** The one-time code of a `/middleware?code=...` redirect. */
function middlewareCode(location: unknown): string {
  expect(String(location)).toMatch(/^\/middleware\?code=[A-Za-z0-9_-]{43}$/);
  return new URL(String(location), PUBLIC_URL).searchParams.get('code') ?? '';
}

async function googleSignIn(profile: GoogleProfile): Promise<string> {
  const url = await start('google');
  const code = stub.authorize('google', url, profile);
  const res = await callback('google', { code, state: url.searchParams.get('state') ?? '', scope: 'openid' });
  if (String(res.headers.location).startsWith('/login'))
    console.log('DEBUG', t.logs.filter((l) => l.includes('refused')).slice(-1)[0]);
  expect(res.statusCode).toBe(302);
  return middlewareCode(res.headers.location);
}

async function facebookSignIn(profile: FacebookProfile): Promise<string> {
  const url = await start('facebook');
  const code = stub.authorize('facebook', url, profile);
  const res = await callback('facebook', { code, state: url.searchParams.get('state') ?? '' });
  expect(res.statusCode).toBe(302);
  return middlewareCode(res.headers.location);
}

async function localSignIn(fields: Record<string, string>): Promise<string> {
  const state = (await start('local')).searchParams.get('state') ?? '';
  const res = await postLocal({ state, ...fields });
  expect(res.statusCode).toBe(302);
  return middlewareCode(res.headers.location);
}

const postLocal = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/local/page',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** `verifier: null` sends none, as a tab that did not start the sign-in. */
const loginVia = (provider: string, code: string, verifier: string | null = VERIFIER) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user/loginVia/${provider}`,
    payload: verifier === null ? { code } : { code, verifier },
  });

const complete = (userId: string, authKey: string | undefined, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/user/register-via-fb/${userId}`,
    headers: authKey ? { 'access-token': authKey } : {},
    payload: body,
  });

const logout = (authKey: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'access-token': authKey } });

async function rowCounts() {
  const db = t.app.database.db;
  const [u] = await db.select({ n: count() }).from(users);
  const [i] = await db.select({ n: count() }).from(socialIdentities);
  const [c] = await db.select({ n: count() }).from(loginCodes);
  return { users: u?.n, identities: i?.n, codes: c?.n };
}

async function passwordUser(email: string, mobileNo: string) {
  const [row] = await t.app.database.db
    .insert(users)
    .values({ firstName: 'Owner', email, mobileNo, country: 'SN', passwordHash: '$argon2id$not-a-real-hash' })
    .returning();
  return row!;
}

describe('GET /api/auth/google', () => {
  it('sends the browser to Google with a state, an S256 PKCE challenge and the openid email profile scopes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/google?binding=${BINDING}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${stub.url}/google/authorize`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(stub.google.clientId);
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = q.get('state') ?? '';
    expect(state.length).toBeGreaterThanOrEqual(43);

    // Stored for 10 minutes with its verifier; the verifier never leaves the server.
    const [row] = await t.app.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
    expect(row?.provider).toBe('google');
    expect(url.toString()).not.toContain(row?.codeVerifier);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(9.5 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });
});

describe('Google sign-in', () => {
  it('ends at /middleware with a one-time code that loginVia trades for a working session', async () => {
    const sub = unique('g');
    const email = `${sub}@gmail.example`;
    const code = await googleSignIn({ sub, email, email_verified: true, given_name: 'Awa', name: 'Awa Diop' });

    // Only a hash of the code is stored.
    const [stored] = await t.app.database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.codeHash, createHash('sha256').update(code).digest('hex')));
    expect(stored?.needsCompletion).toBe(true);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeLessThanOrEqual(2 * 60_000 + 1000);

    const res = await loginVia('google', code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data.needs_completion).toBe(true);
    expect(data.user).toMatchObject({ firstName: 'Awa', email, mobile_no: '', google_auth: true, fb_auth: false });
    expect(data.user).not.toHaveProperty('password_hash');
    expect(data.auth_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await t.app.sessions.authenticate(data.auth_key)).toEqual({ userId: data.user._id, admin: false });
    expect((await logout(data.auth_key)).statusCode).toBe(204);

    // The code went to Google's token endpoint with the client's credentials (the stub also
    // checked the PKCE verifier against the challenge), then the token to userinfo.
    const paths = stub.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(expect.arrayContaining(['POST /google/token', 'GET /google/userinfo']));
    const tokenCall = stub.requests.findLast((r) => r.path === '/google/token');
    expect(tokenCall?.authorization).toMatch(/^Basic /);
  });

  it('refuses the same code a second time with 401 Authentication failed', async () => {
    const code = await googleSignIn({ sub: unique('g'), given_name: 'Binta' });
    expect((await loginVia('google', code)).statusCode).toBe(200);
    const again = await loginVia('google', code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 'AUTH_FAILED', message: 'Authentication failed' });
  });

  it('refuses an unknown or expired code with 401', async () => {
    expect((await loginVia('google', 'x'.repeat(43))).statusCode).toBe(401);

    const code = await googleSignIn({ sub: unique('g'), given_name: 'Coumba' });
    await t.app.database.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.codeHash, createHash('sha256').update(code).digest('hex')));
    expect((await loginVia('google', code)).statusCode).toBe(401);
  });

  it('signs a returning Google user into the same account', async () => {
    const profile = { sub: unique('g'), given_name: 'Dieynaba' };
    const first = (await loginVia('google', await googleSignIn(profile))).json().data.user._id;
    const second = (await loginVia('google', await googleSignIn(profile))).json().data.user._id;
    expect(second).toBe(first);
  });

  it('shows a running free trial on the User record, as every user call does', async () => {
    const profile = { sub: unique('g'), given_name: 'Daba' };
    const first = (await loginVia('google', await googleSignIn(profile))).json().data;
    expect(first.user.subscription).toMatchObject({ subscription_flag: false, subscription_type: null });
    const startAt = new Date();
    const endAt = new Date(startAt.getTime() + 90 * 24 * 3600 * 1000);
    await t.app.database.db
      .insert(subscriptions)
      .values({ userId: first.user._id, kind: 'trial', status: 'active', startAt, endAt });
    const again = (await loginVia('google', await googleSignIn(profile))).json().data;
    expect(again.user.subscription).toMatchObject({
      subscription_type: '90 days trail',
      subscription_flag: true,
      trail_complete: false,
      subscription_end_date: endAt.toISOString(),
    });
  });

  it('does not store an e-mail Google has not verified', async () => {
    const sub = unique('g');
    const code = await googleSignIn({ sub, email: `${sub}@gmail.example`, email_verified: false, given_name: 'Eva' });
    expect((await loginVia('google', code)).json().data.user.email).toBe('');
  });

  it('sends a denied consent to /login?error=social and uses up the state', async () => {
    const url = await start('google');
    const state = url.searchParams.get('state') ?? '';
    const res = await callback('google', { error: 'access_denied', state });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=social');
    expect(await t.app.database.db.select().from(oauthStates).where(eq(oauthStates.state, state))).toEqual([]);
  });

  it('sends a bad state to /login?error=social and creates nothing', async () => {
    const url = await start('google');
    const code = stub.authorize('google', url, { sub: unique('g'), given_name: 'Fanta' });
    const before = await rowCounts();
    const res = await callback('google', { code, state: 'forged-state' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=social');
    expect(await rowCounts()).toEqual(before);
    // Without any state at all, the same.
    expect((await callback('google', { code })).headers.location).toBe('/login?error=social');
  });

  it('accepts a state only once', async () => {
    const url = await start('google');
    const state = url.searchParams.get('state') ?? '';
    const profile = { sub: unique('g'), given_name: 'Gnilane' };
    const ok = await callback('google', { code: stub.authorize('google', url, profile), state });
    middlewareCode(ok.headers.location);
    const replay = await callback('google', { code: stub.authorize('google', url, profile), state });
    expect(replay.headers.location).toBe('/login?error=social');
  });

  it('refuses a state issued for another provider', async () => {
    const fbState = (await start('facebook')).searchParams.get('state') ?? '';
    const url = await start('google');
    const code = stub.authorize('google', url, { sub: unique('g'), given_name: 'Hawa' });
    expect((await callback('google', { code, state: fbState })).headers.location).toBe('/login?error=social');
  });

  it('sends a failed token exchange to /login?error=social', async () => {
    const url = await start('google');
    const before = await rowCounts();
    const res = await callback('google', { code: 'never-issued', state: url.searchParams.get('state') ?? '' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=social');
    expect(await rowCounts()).toEqual(before);
    expect(t.logs.join('')).toContain('social sign-in refused');
  });
});

describe('a sign-in is bound to the tab that started it (issue 14, login CSRF)', () => {
  it('does not start without the tab binding: back to /login?error=social, and no state is kept', async () => {
    const [before] = await t.app.database.db.select({ n: count() }).from(oauthStates);
    for (const query of ['', '?binding=', '?binding=not-a-hash', `?binding=${BINDING.toUpperCase()}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/google${query}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=social');
    }
    const local = await t.app.inject({ method: 'GET', url: '/api/auth/local' });
    expect(local.headers.location).toBe('/login?error=social');
    const [after] = await t.app.database.db.select({ n: count() }).from(oauthStates);
    expect(after?.n).toBe(before?.n);
  });

  it("refuses an attacker's code in a victim's tab: without the verifier, 401, and the code is used up", async () => {
    const code = await googleSignIn({ sub: unique('g'), given_name: 'Mallory' });
    const victim = await loginVia('google', code, null);
    expect(victim.statusCode).toBe(401);
    expect(victim.json()).toEqual({ code: 'AUTH_FAILED', message: 'Authentication failed' });
    expect(victim.json()).not.toHaveProperty('data');
    // Burned: not even the right verifier can use it afterwards.
    expect((await loginVia('google', code)).statusCode).toBe(401);
  });

  it("refuses a code with another tab's verifier, for every provider", async () => {
    const other = 'another-tab-verifier-0123456789abcdefghijklmnop';
    const google = await googleSignIn({ sub: unique('g'), given_name: 'Mallory' });
    expect((await loginVia('google', google, other)).statusCode).toBe(401);
    const facebook = await facebookSignIn({ id: unique('fb'), first_name: 'Mallory' });
    expect((await loginVia('facebook', facebook, other)).statusCode).toBe(401);
    const local = await localSignIn({ first_name: 'Mallory' });
    expect((await loginVia('local', local, other)).statusCode).toBe(401);
    expect(t.logs.some((l) => l.includes('code from another browser tab'))).toBe(true);
  });

  it('signs in the tab that started, with its own verifier', async () => {
    const verifier = 'a-fresh-tab-verifier-abcdefghijklmnopqrstuvwxyz01';
    const binding = createHash('sha256').update(verifier).digest('hex');
    const state = (await start('local', binding)).searchParams.get('state') ?? '';
    const [stored] = await t.app.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
    expect(stored?.bindingHash).toBe(binding);
    const res = await postLocal({ state, first_name: 'Nafi' });
    const code = middlewareCode(res.headers.location);
    expect((await loginVia('local', code, VERIFIER)).statusCode).toBe(401);
    const again = await localSignIn({ first_name: 'Nafi' });
    // The suite's tab cannot use the fresh tab's code, nor the other way round; each its own works.
    const fresh = await start('local', binding);
    const own = middlewareCode(
      (await postLocal({ state: fresh.searchParams.get('state') ?? '', first_name: 'Nafi' })).headers.location,
    );
    expect((await loginVia('local', own, verifier)).json().data.user.firstName).toBe('Nafi');
    expect((await loginVia('local', again)).statusCode).toBe(200);
  });

  it('refuses a malformed verifier with 400 VALIDATION, keeping the code', async () => {
    const code = await localSignIn({ first_name: 'Oumou' });
    const res = await loginVia('local', code, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect((await loginVia('local', code)).statusCode).toBe(200);
  });
});

describe('Facebook sign-in', () => {
  it('sends the browser to Facebook with a state and the email,public_profile scope', async () => {
    const url = await start('facebook');
    expect(`${url.origin}${url.pathname}`).toBe(`${stub.url}/facebook/authorize`);
    expect(url.searchParams.get('client_id')).toBe(stub.facebook.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/facebook/callback`);
    expect(url.searchParams.get('scope')).toBe('email,public_profile');
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('signs a Facebook user in with the first name and e-mail of the profile', async () => {
    const id = unique('fb');
    const code = await facebookSignIn({ id, first_name: 'Ibrahima', name: 'Ibrahima Sarr', email: `${id}@fb.example` });
    const res = await loginVia('facebook', code);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({
      firstName: 'Ibrahima',
      email: `${id}@fb.example`,
      fb_auth: true,
      google_auth: false,
    });
    expect(data.needs_completion).toBe(true);
    // The Graph call carried the access token as a bearer header and an appsecret_proof.
    const me = stub.requests.filter((r) => r.path === '/facebook/graph/me').at(-1);
    expect(me?.authorization).toMatch(/^Bearer /);
    expect(me?.query.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends a Facebook user who declined the e-mail to completion without one', async () => {
    const code = await facebookSignIn({ id: unique('fb'), name: 'Jean Kabila' });
    const { data } = (await loginVia('facebook', code)).json();
    expect(data.user.firstName).toBe('Jean Kabila');
    expect(data.user.email).toBe('');
  });
});

describe('local sign-in', () => {
  it('redirects to a script-free HTML form carrying the state', async () => {
    const url = await start('local');
    expect(url.pathname).toBe('/api/auth/local/page');
    const state = url.searchParams.get('state') ?? '';
    expect(state).not.toBe('');

    const page = await t.app.inject({ method: 'GET', url: `/api/auth/local/page?state=${state}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain(`name="state" value="${state}"`);
    expect(page.body).toContain('<label for="first_name">');
    expect(page.body).toContain('<label for="email">');
    expect(page.body).toContain('<button type="submit">');
  });

  it('sends the page without a state back to the start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/local/page' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/api/auth/local');
  });

  it('signs in a made-up identity, the same account again for the same e-mail', async () => {
    const email = `${unique('local')}@example.org`;
    const first = (await loginVia('local', await localSignIn({ first_name: 'Khady', email }))).json().data;
    expect(first.user).toMatchObject({ firstName: 'Khady', email, google_auth: false, fb_auth: false });
    expect(first.needs_completion).toBe(true);
    const second = (
      await loginVia('local', await localSignIn({ first_name: 'Khady', email: email.toUpperCase() }))
    ).json().data;
    expect(second.user._id).toBe(first.user._id);
  });

  it('gives each sign-in without an e-mail its own account', async () => {
    const a = (await loginVia('local', await localSignIn({ first_name: 'Lamine', email: '' }))).json().data;
    const b = (await loginVia('local', await localSignIn({ first_name: 'Lamine' }))).json().data;
    expect(a.user.email).toBe('');
    expect(b.user._id).not.toBe(a.user._id);
  });

  it('shows the form again with escaped values when a field is wrong, keeping the state usable', async () => {
    const state = (await start('local')).searchParams.get('state') ?? '';
    const res = await postLocal({ state, first_name: '<script>alert(1)</script>', email: '"><img src=x>' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('"><img');
    expect(res.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.body).toContain('value="&quot;&gt;&lt;img src=x&gt;"');
    expect(res.body).toContain('aria-invalid="true"');

    const retry = await postLocal({ state, first_name: 'Mame', email: '' });
    middlewareCode(retry.headers.location);
  });

  it('sends a bad state to /login?error=social and creates nothing', async () => {
    const before = await rowCounts();
    const res = await postLocal({ state: 'forged', first_name: 'Ndeye' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=social');
    expect((await postLocal({ first_name: '' })).headers.location).toBe('/login?error=social');
    expect(await rowCounts()).toEqual(before);
  });
});

describe('providers that are not enabled', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ SOCIAL_LOCAL: 'false' });
    await off.app.ready();
  });
  afterAll(() => off?.close());

  it.each(['/api/auth/google', '/api/auth/facebook', '/api/auth/local', '/api/auth/local/page?state=x'])(
    'answers 404 NOT_FOUND at %s',
    async (url) => {
      const res = await off.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    },
  );

  it('answers 404 at a callback and for a provider that does not exist', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=a&state=b' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/twitter' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/local/callback' })).statusCode).toBe(404);
  });
});

describe('an e-mail that already belongs to an account', () => {
  it('is not linked: the social sign-in gets a new account without e-mail that needs completion', async () => {
    const email = `${unique('owner')}@example.org`;
    const owner = await passwordUser(email, `+2217${String(Date.now()).slice(-8)}`);
    const code = await googleSignIn({ sub: unique('g'), email, email_verified: true, given_name: 'Intruder' });
    const { data } = (await loginVia('google', code)).json();
    expect(data.user._id).not.toBe(owner.id);
    expect(data.user.email).toBe('');
    expect(data.needs_completion).toBe(true);
    const [still] = await t.app.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(still).toMatchObject({ email, firstName: 'Owner', googleAuth: false });
  });
});

describe('PUT /api/user/register-via-fb/:userId', () => {
  async function newSocialUser() {
    const sub = unique('g');
    const { data } = (await loginVia('google', await googleSignIn({ sub, given_name: 'Oumar' }))).json();
    return { id: data.user._id as string, key: data.auth_key as string, sub };
  }

  it('answers 401 without a key and 403 for somebody else’s id', async () => {
    const me = await newSocialUser();
    const other = await newSocialUser();
    expect(
      (await complete(me.id, undefined, { mobile_no: '+221771000001', country: 'SN', verification_token: NOT_REACHED }))
        .statusCode,
    ).toBe(401);
    const res = await complete(other.id, me.key, {
      email: 'x@example.org',
      mobile_no: '+221771000001',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('shows "User already exists." when the e-mail or the number is taken', async () => {
    const ownerEmail = `${unique('taken')}@example.org`;
    await passwordUser(ownerEmail, '+221771234567');
    const me = await newSocialUser();

    const email = await complete(me.id, me.key, {
      email: ownerEmail.toUpperCase(),
      mobile_no: '+221 77 000 11 22',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ code: 'USER_EXISTS', message: 'User already exists.' });

    // The same number written another way is the same number.
    const mobile = await complete(me.id, me.key, {
      email: `${unique('free')}@example.org`,
      mobile_no: '00221 77 123 45 67',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(mobile.statusCode).toBe(409);
    expect(mobile.json()).toEqual({ code: 'USER_EXISTS', message: 'User already exists.' });
  });

  it('answers 400 with fields.mobile_no for an invalid number and fields.email when none is known', async () => {
    const me = await newSocialUser();
    const bad = await complete(me.id, me.key, {
      email: `${unique('v')}@example.org`,
      mobile_no: '+221 12',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', fields: { mobile_no: expect.any(String) } });

    const noEmail = await complete(me.id, me.key, {
      mobile_no: '+221 77 555 00 01',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 'VALIDATION', fields: { email: 'Required' } });
  });

  it('stores the number in E.164, and the next sign-in no longer needs completion', async () => {
    const me = await newSocialUser();
    const email = `${unique('done')}@example.org`;
    const digits = String(Date.now()).slice(-7);
    const mobile = `+221 76 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
    const verification_token = await verifiedToken(t.app, mobile.replaceAll(' ', ''));
    const res = await complete(me.id, me.key, {
      email: ` ${email.toUpperCase()} `,
      mobile_no: mobile,
      country: 'sn',
      verification_token,
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({ _id: me.id, email, country: 'SN', google_auth: true });
    expect(user.mobile_no).toBe(mobile.replaceAll(' ', ''));
    expect(user).not.toHaveProperty('password_hash');

    const next = (await loginVia('google', await googleSignIn({ sub: me.sub, given_name: 'Oumar' }))).json().data;
    expect(next.user._id).toBe(me.id);
    expect(next.needs_completion).toBe(false);
  });

  it('does not let completion change an e-mail the account already has', async () => {
    const sub = unique('g');
    const own = `${sub}@gmail.example`;
    const { data } = (
      await loginVia('google', await googleSignIn({ sub, email: own, email_verified: true, given_name: 'Penda' }))
    ).json();
    const res = await complete(data.user._id, data.auth_key, {
      email: `${unique('other')}@example.org`,
      mobile_no: '+221 77 999 00 01',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Already set' });
  });

  // Issue 14 item 7: before, completion took any number, so anyone could squat a real person's
  // number (who then got USER_EXISTS at registration).
  it('refuses a number without its SMS code with 401 "Invalid number or Email", and the number stays free', async () => {
    const me = await newSocialUser();
    const victim = `+22176${String(Date.now()).slice(-7)}`;
    const body = { email: `${unique('squat')}@example.org`, mobile_no: victim, country: 'SN' };
    for (const verification_token of ['forged-token', await verifiedToken(t.app, '+221701234500')]) {
      const res = await complete(me.id, me.key, { ...body, verification_token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'INVALID_NUMBER_OR_EMAIL', message: 'Invalid number or Email' });
    }
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ mobileNo: null, email: null, country: null });
    // The number's owner still registers with it.
    const sent = await t.app.inject({ method: 'POST', url: '/api/user/sendMessage', payload: { mobile_no: victim } });
    expect(sent.statusCode).toBe(200);
    const again = (await loginVia('google', await googleSignIn({ sub: me.sub, given_name: 'Oumar' }))).json().data;
    expect(again.needs_completion).toBe(true);
  });

  it('takes a proven number once: the same token does not complete a second account', async () => {
    const first = await newSocialUser();
    const second = await newSocialUser();
    const mobile = `+22178${String(Date.now()).slice(-7)}`;
    const verification_token = await verifiedToken(t.app, mobile);
    const body = { mobile_no: mobile, country: 'SN', verification_token };
    const ok = await complete(first.id, first.key, { ...body, email: `${unique('a')}@example.org` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ mobile_no: mobile, admin: false, email_verified: false });
    // The number is now taken (409); a fresh number with the spent token is refused (401).
    const other = `+22178${String(Date.now() + 1).slice(-7)}`;
    const replay = await complete(second.id, second.key, {
      ...body,
      mobile_no: other,
      email: `${unique('b')}@example.org`,
    });
    expect(replay.statusCode).toBe(401);
  });

  it('makes an admin of a proven ADMIN_PHONES number, never of an ADMIN_EMAILS address given here', async () => {
    const byEmail = await newSocialUser();
    const mobile = `+22177${String(Date.now()).slice(-7)}`;
    const res = await complete(byEmail.id, byEmail.key, {
      email: ADMIN_EMAIL,
      mobile_no: mobile,
      country: 'SN',
      verification_token: await verifiedToken(t.app, mobile),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: ADMIN_EMAIL, admin: false, email_verified: false });
    const headers = { 'access-token': byEmail.key };
    expect((await t.app.inject({ url: '/api/user/getAllUsers', headers })).statusCode).toBe(403);

    const byPhone = await newSocialUser();
    const proven = await complete(byPhone.id, byPhone.key, {
      email: `${unique('phone-boss')}@example.org`,
      mobile_no: '+221 70 111 22 33',
      country: 'SN',
      verification_token: await verifiedToken(t.app, ADMIN_PHONE),
    });
    expect(proven.statusCode).toBe(200);
    expect(proven.json().data).toMatchObject({ mobile_no: ADMIN_PHONE, admin: true });
    const list = await t.app.inject({ url: '/api/user/getAllUsers', headers: { 'access-token': byPhone.key } });
    expect(list.statusCode).toBe(200);
    const again = (await loginVia('google', await googleSignIn({ sub: byPhone.sub, given_name: 'Oumar' }))).json();
    expect(again.data.user.admin).toBe(true);
  });

  it('takes back at sign-in the admin flag of an account that proved nothing (rows from before issue 14)', async () => {
    const sub = unique('g');
    const email = ADMIN_EMAIL.replace('@', '+old@');
    const first = (await loginVia('google', await googleSignIn({ sub, email, email_verified: true }))).json().data;
    await t.app.database.db.update(users).set({ admin: true }).where(eq(users.id, first.user._id));
    const next = (await loginVia('google', await googleSignIn({ sub, email, email_verified: true }))).json().data;
    expect(next.user.admin).toBe(false);
    const res = await t.app.inject({ url: '/api/user/getAllUsers', headers: { 'access-token': next.auth_key } });
    expect(res.statusCode).toBe(403);
  });
});

describe('one session per user (D-9)', () => {
  it('ends the first session when loginVia signs the same user in again', async () => {
    const profile = { id: unique('fb'), first_name: 'Rokhaya' };
    const first = (await loginVia('facebook', await facebookSignIn(profile))).json().data;
    const second = (await loginVia('facebook', await facebookSignIn(profile))).json().data;
    expect(second.user._id).toBe(first.user._id);

    const old = await logout(first.auth_key);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ code: 'AUTH_FAILED', message: 'Authentication failed' });
    expect((await logout(second.auth_key)).statusCode).toBe(204);
  });
});

describe('OpenAPI', () => {
  it('documents the social sign-in calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/{provider}',
        '/api/auth/{provider}/callback',
        '/api/user/loginVia/{provider}',
        '/api/user/register-via-fb/{userId}',
      ]),
    );
  });
});
