// What a client is told beside the body: no cache keeps a session key or personal data, every 429
// says when to come back, one frame policy; and signing in limits wrong passwords, not the owner.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { lastCode, newAccount, signedUp } from '../accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress, payload: { email, password } });

describe('Cache-Control', () => {
  it('is no-store on the sign-in (it returns the session key) and on the signed-in user', async () => {
    const { account } = await signedUp(t.app);
    const signIn = await login(account.email, account.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    // Signing in ends the previous session (D-9): the new key is the one to use.
    const headers = { 'access-token': signIn.json().data.auth_key as string };
    const me = await t.app.inject({ url: '/api/user/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const notifications = await t.app.inject({ url: `/api/notify/getUserNotif/${me.json().data._id}`, headers });
    expect(notifications.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ url: '/api/user/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('keeps the public caching of public reads', async () => {
    const catalogue = await t.app.inject({ url: '/api/catalogue' });
    expect(catalogue.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('frames', () => {
  it('are refused one way: CSP frame-ancestors none and X-Frame-Options DENY', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('Retry-After', () => {
  const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

  it('comes with the 429 of the sign-in limit, in seconds up to its window', async () => {
    const email = `nobody-${randomUUID()}@example.org`;
    for (let i = 0; i < 10; i++) expect((await login(email, 'nope nope', '198.51.100.30')).statusCode).toBe(401);
    const refused = await login(email, 'nope nope', '198.51.100.30');
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect(retryAfter(refused)).toBeLessThanOrEqual(15 * 60);
  });

  it('comes with the 429 of a per-address limiter (SMS codes checked)', async () => {
    const mobile = newAccount().mobile_no;
    let last;
    for (let i = 0; i < 61; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/user/codeValidation',
        remoteAddress: '198.51.100.31',
        payload: { mobile_no: mobile, code: '000000', forget_password: false },
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().code).toBe('RATE_LIMITED');
    expect(retryAfter(last!)).toBeGreaterThan(0);
  });

  it('comes with the 429 of the SMS sends per number, which a service counts', async () => {
    const mobile = newAccount().mobile_no;
    const send = () => t.app.inject({ method: 'POST', url: '/api/user/sendMessage', payload: { mobile_no: mobile } });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
    lastCode(t.app, mobile);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBe(15 * 60);
  });
});

describe('sign-in limits', () => {
  it('lets the owner sign in 11 times in a row: right passwords never count', async () => {
    const { account } = await signedUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await login(account.email, account.password, '198.51.100.40')).statusCode);
    expect(statuses).toEqual(Array(11).fill(200));
  });

  it('still refuses the 11th attempt after 10 wrong passwords, and a right one clears the count', async () => {
    const { account } = await signedUp(t.app);
    const from = '198.51.100.41';
    for (let i = 0; i < 9; i++) expect((await login(account.email, 'nope nope', from)).statusCode).toBe(401);
    // The 10th attempt is right: the 9 wrong ones are forgotten.
    expect((await login(account.email, account.password, from)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(account.email, 'nope nope', from)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await login(account.email, account.password, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });
});
