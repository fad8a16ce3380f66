import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginCodes, oauthStates, subscriptions } from '../../db/schema.js';
import { PUBLIC_URL, BINDING, socialTestApp } from '../../../test/social-suite.js';

const suite = socialTestApp();
const { unique, start, callback, middlewareCode, googleSignIn, loginVia, rowCounts, logout } = suite;

describe('GET /api/auth/google', () => {
  it('sends the browser to Google with a state, an S256 PKCE challenge and the openid email profile scopes', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: `/api/auth/google?binding=${BINDING}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${suite.stub.url}/google/authorize`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(suite.stub.google.clientId);
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = q.get('state') ?? '';
    expect(state.length).toBeGreaterThanOrEqual(43);

    // Stored for 10 minutes with its verifier; the verifier never leaves the server.
    const [row] = await suite.t.app.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
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
    const [stored] = await suite.t.app.database.db
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
    expect(await suite.t.app.sessions.authenticate(data.auth_key)).toEqual({ userId: data.user._id, admin: false });
    expect((await logout(data.auth_key)).statusCode).toBe(204);

    // The code went to Google's token endpoint with the client's credentials (the stub also
    // checked the PKCE verifier against the challenge), then the token to userinfo.
    const paths = suite.stub.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(expect.arrayContaining(['POST /google/token', 'GET /google/userinfo']));
    const tokenCall = suite.stub.requests.findLast((r) => r.path === '/google/token');
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
    await suite.t.app.database.db
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
    await suite.t.app.database.db
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
    expect(await suite.t.app.database.db.select().from(oauthStates).where(eq(oauthStates.state, state))).toEqual([]);
  });

  it('sends a bad state to /login?error=social and creates nothing', async () => {
    const url = await start('google');
    const code = suite.stub.authorize('google', url, { sub: unique('g'), given_name: 'Fanta' });
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
    const ok = await callback('google', { code: suite.stub.authorize('google', url, profile), state });
    middlewareCode(ok.headers.location);
    const replay = await callback('google', { code: suite.stub.authorize('google', url, profile), state });
    expect(replay.headers.location).toBe('/login?error=social');
  });

  it('refuses a state issued for another provider', async () => {
    const fbState = (await start('facebook')).searchParams.get('state') ?? '';
    const url = await start('google');
    const code = suite.stub.authorize('google', url, { sub: unique('g'), given_name: 'Hawa' });
    expect((await callback('google', { code, state: fbState })).headers.location).toBe('/login?error=social');
  });

  it('sends a failed token exchange to /login?error=social', async () => {
    const url = await start('google');
    const before = await rowCounts();
    const res = await callback('google', { code: 'never-issued', state: url.searchParams.get('state') ?? '' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=social');
    expect(await rowCounts()).toEqual(before);
    expect(suite.t.logs.join('')).toContain('social sign-in refused');
  });
});
