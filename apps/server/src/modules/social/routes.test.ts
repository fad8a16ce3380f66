import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { startOAuthStub, type FacebookProfile, type GoogleProfile, type OAuthStub } from '../../../test/oauth-stub.js';
import { loginCodes, oauthStates, socialIdentities, subscriptions, users } from '../../db/schema.js';

const PUBLIC_URL = 'https://app.example.test';

let stub: OAuthStub;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  stub = await startOAuthStub();
  t = await buildTestApp({ ...stub.env, PUBLIC_URL, RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

/** A fresh subject and e-mail per test: the suite shares one database. */
const unique = (prefix: string) => `${prefix}-${++seq}-${Date.now()}`;

async function start(provider: string): Promise<URL> {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}` });
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

const loginVia = (provider: string, code: string) =>
  t.app.inject({ method: 'POST', url: `/api/user/loginVia/${provider}`, payload: { code } });

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
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
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
    expect((await complete(me.id, undefined, { mobile_no: '+221771000001', country: 'SN' })).statusCode).toBe(401);
    const res = await complete(other.id, me.key, { email: 'x@example.org', mobile_no: '+221771000001', country: 'SN' });
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
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ code: 'USER_EXISTS', message: 'User already exists.' });

    // The same number written another way is the same number.
    const mobile = await complete(me.id, me.key, {
      email: `${unique('free')}@example.org`,
      mobile_no: '00221 77 123 45 67',
      country: 'SN',
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
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', fields: { mobile_no: expect.any(String) } });

    const noEmail = await complete(me.id, me.key, { mobile_no: '+221 77 555 00 01', country: 'SN' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 'VALIDATION', fields: { email: 'Required' } });
  });

  it('stores the number in E.164, and the next sign-in no longer needs completion', async () => {
    const me = await newSocialUser();
    const email = `${unique('done')}@example.org`;
    const digits = String(Date.now()).slice(-7);
    const mobile = `+221 76 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
    const res = await complete(me.id, me.key, { email: ` ${email.toUpperCase()} `, mobile_no: mobile, country: 'sn' });
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
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Already set' });
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
