// D-23: rate limits are counted in Redis, shared by every instance, and still hold from each
// instance's memory while Redis is unreachable.
import { randomUUID } from 'node:crypto';
import argon2 from '@node-rs/argon2';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { assertRedisReachable, TEST_REDIS_URL } from '../../test/redis.js';

const attempt = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'not the password' } });

describe('rate limits with Redis', () => {
  const prefix = `limits-test-${randomUUID()}:`;
  let one: TestApp;
  let two: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    await assertRedisReachable();
    redis = new Redis(TEST_REDIS_URL);
    // Two instances of one deployment: same Redis, same key prefix.
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
    [one, two] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await Promise.all([one?.close(), two?.close()]);
  });

  it('counts the sign-in attempts on one account across instances: the 11th is refused on either', async () => {
    const email = `nobody-${randomUUID()}@example.org`;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 ? two : one, email)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await attempt(one, email);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await attempt(two, email)).statusCode).toBe(429);
    // Another account is not affected.
    expect((await attempt(two, `other-${randomUUID()}@example.org`)).statusCode).toBe(401);
  });

  it('counts sign-in attempts sent at once across instances: of 16 in flight together, 10 are checked', async () => {
    const email = `nobody-${randomUUID()}@example.org`;
    // Each attempt counts before its password is checked, so none passes a count the others have not
    // yet added to. From an address of its own: the address limit of the test below is left alone.
    const at = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '198.51.100.16',
        payload: { email, password: 'not the password' },
      });
    const statuses = await Promise.all(Array.from({ length: 16 }, (_, i) => at(i % 2 ? two : one)));
    const codes = statuses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(10).fill(401), ...Array(6).fill(429)]);
  });

  it("refuses sign-ins past the address's limit, each naming a new account, before any password is hashed", async () => {
    const verify = vi.spyOn(argon2, 'verify');
    let refused: { at: number; code: string } | undefined;
    for (let i = 0; i < 61 && !refused; i++) {
      const res = await attempt(i % 2 ? two : one, `new-${randomUUID()}@example.org`);
      if (res.statusCode === 429) refused = { at: i, code: res.json().code };
      else expect(res.statusCode).toBe(401);
    }
    // 60 a minute from one address, the attempts of the test above included.
    expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused!.at).toBeLessThan(60);
    // The refused attempt cost no hash: a flood past the limit costs a count in Redis each. A check
    // started before the limit would begin once its account was read, maybe after the 429: wait.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(verify).toHaveBeenCalledTimes(refused!.at);
    verify.mockRestore();
  });

  it("counts the public map's views in leases across instances, and lets none through past 300 a minute", async () => {
    const address = '10.9.8.7';
    const view = (t: TestApp) =>
      t.app.inject({ url: '/api/solution/map?bbox=-4.03,5.3,-4,5.33&zoom=15', remoteAddress: address });
    expect([(await view(one)).statusCode, (await view(two)).statusCode]).toEqual([200, 200]);
    // One round trip each reserved a lease of 6 counts (300 / 50); the next five are counted here.
    expect(await redis.get(`${prefix}rl:map:${address}`)).toBe('12');
    const statuses: number[] = [];
    for (let i = 0; i < 310; i++) statuses.push((await view(i % 2 ? two : one)).statusCode);
    const passed = 2 + statuses.filter((s) => s === 200).length;
    // Counts another instance reserved and has not used make a refusal come at most a lease early.
    expect(passed).toBeLessThanOrEqual(300);
    expect(passed).toBeGreaterThanOrEqual(300 - 2 * 5);
    expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
  });

  it('keeps its counters under the deployment prefix, one namespace per limiter', async () => {
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.some((k) => k.startsWith(`${prefix}rl:login:account:`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${prefix}rl:login:address:`))).toBe(true);
  });
});

describe('rate limits while Redis is unreachable', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    t = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  });

  afterAll(async () => t?.close());

  it('still answers, and still refuses the 11th attempt from this instance’s own count', async () => {
    const email = `nobody-${randomUUID()}@example.org`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(t, email)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('reports Redis as down on /api/health while serving', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(JSON.stringify(health.json())).toContain('"redis":"down"');
  });
});
