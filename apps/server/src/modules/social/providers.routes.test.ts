import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { PUBLIC_URL, VERIFIER, BINDING, socialTestApp } from '../../../test/social-suite.js';

const suite = socialTestApp();
const {
  unique,
  start,
  middlewareCode,
  googleSignIn,
  facebookSignIn,
  localSignIn,
  postLocal,
  loginVia,
  rowCounts,
  passwordUser,
} = suite;

describe('a sign-in is bound to the tab that started it (login CSRF)', () => {
  it('does not start without the tab binding: back to /login?error=social, and no state is kept', async () => {
    const [before] = await suite.t.app.database.db.select({ n: count() }).from(oauthStates);
    for (const query of ['', '?binding=', '?binding=not-a-hash', `?binding=${BINDING.toUpperCase()}`]) {
      const res = await suite.t.app.inject({ method: 'GET', url: `/api/auth/google${query}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=social');
    }
    const local = await suite.t.app.inject({ method: 'GET', url: '/api/auth/local' });
    expect(local.headers.location).toBe('/login?error=social');
    const [after] = await suite.t.app.database.db.select({ n: count() }).from(oauthStates);
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
    expect(suite.t.logs.some((l) => l.includes('code from another browser tab'))).toBe(true);
  });

  it('signs in the tab that started, with its own verifier', async () => {
    const verifier = 'a-fresh-tab-verifier-abcdefghijklmnopqrstuvwxyz01';
    const binding = createHash('sha256').update(verifier).digest('hex');
    const state = (await start('local', binding)).searchParams.get('state') ?? '';
    const [stored] = await suite.t.app.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
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
    expect(`${url.origin}${url.pathname}`).toBe(`${suite.stub.url}/facebook/authorize`);
    expect(url.searchParams.get('client_id')).toBe(suite.stub.facebook.clientId);
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
    const me = suite.stub.requests.filter((r) => r.path === '/facebook/graph/me').at(-1);
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

    const page = await suite.t.app.inject({ method: 'GET', url: `/api/auth/local/page?state=${state}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain(`name="state" value="${state}"`);
    expect(page.body).toContain('<label for="first_name">');
    expect(page.body).toContain('<label for="email">');
    expect(page.body).toContain('<button type="submit">');
  });

  it('sends the page without a state back to the start', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/auth/local/page' });
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
    expect((await suite.t.app.inject({ method: 'GET', url: '/api/auth/twitter' })).statusCode).toBe(404);
    expect((await suite.t.app.inject({ method: 'GET', url: '/api/auth/local/callback' })).statusCode).toBe(404);
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
    const [still] = await suite.t.app.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(still).toMatchObject({ email, firstName: 'Owner', googleAuth: false });
  });
});
