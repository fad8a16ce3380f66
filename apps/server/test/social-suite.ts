import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { startOAuthStub, type FacebookProfile, type GoogleProfile, type OAuthStub } from './oauth-stub.js';
import { loginCodes, socialIdentities, users } from '../src/db/schema.js';

// Shared by the social sign-in route suites (routes, providers.routes, register.routes): each
// file calls socialTestApp() once and so builds its own app and OAuth stub in its beforeAll.

export const PUBLIC_URL = 'https://app.example.test';
/** Admins by e-mail (proven only by its own code) and by phone (proven by SMS). */
export const ADMIN_EMAIL = 'social-boss@example.org';
export const ADMIN_PHONE = '+221701112233';

/**
 * The starting tab's verifier and the hash it sends as `binding`: the suite plays one
 * tab, except where a test says otherwise.
 */
export const VERIFIER = 'tab-verifier-0123456789abcdefghijklmnopqrstuvwxyz';
export const BINDING = createHash('sha256').update(VERIFIER).digest('hex');

/** Registers the file's beforeAll/afterAll (one app and one stub per file) and returns its helpers. */
export function socialTestApp() {
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

  const complete = (userId: string, authKey: string | undefined, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/register-via-fb/${userId}`,
      headers: authKey ? { 'access-token': authKey } : {},
      payload: body,
    });

  const logout = (authKey: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'access-token': authKey } });

  return {
    get t() {
      return t;
    },
    get stub() {
      return stub;
    },
    unique,
    start,
    callback,
    middlewareCode,
    googleSignIn,
    facebookSignIn,
    localSignIn,
    postLocal,
    loginVia,
    rowCounts,
    passwordUser,
    complete,
    logout,
  };
}
