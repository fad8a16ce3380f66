import { mapSpanLimit } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { publish, tractor } from '../../../test/posts.js';
import { assertRedisReachable, TEST_REDIS_URL } from '../../../test/redis.js';
import { MAP_VIEWS_PER_MINUTE } from './routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DEMO_DATA: 'true' });
  await t.app.ready();
});
afterAll(() => t.close());

describe('GET /api/solution/map', () => {
  it('is public, and shows every demo post of the whole world at zoom 2, clustered per busy tile, in a small response', async () => {
    const res = await t.app.inject('/api/solution/map?bbox=-180,-85,180,85&zoom=2');
    expect(res.statusCode).toBe(200);
    const { points, clusters } = res.json().data;
    expect(clusters.length).toBeGreaterThan(0);
    expect(points.length + clusters.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(320);
    expect(res.body.length).toBeLessThan(100 * 1024);
  });

  it('returns points for a city at zoom 13', async () => {
    const res = await t.app.inject('/api/solution/map?bbox=-17.6,14.6,-17.3,14.8&zoom=13&type=provideSolution');
    const { points } = res.json().data;
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((p: { user_role: string }) => p.user_role === 'provideSolution')).toBe(true);
  });

  it.each([
    ['a malformed bbox', 'bbox=abc&zoom=3'],
    ['south above north', 'bbox=0,10,5,5&zoom=3'],
    ['a latitude out of range', 'bbox=0,-95,5,5&zoom=3'],
    ['a zoom out of range', 'bbox=0,0,5,5&zoom=40'],
    ['an unknown category', 'bbox=0,0,5,5&zoom=3&category=Gold'],
    ['no zoom', 'bbox=0,0,5,5'],
  ])('refuses %s with VALIDATION', async (_name, qs) => {
    const res = await t.app.inject(`/api/solution/map?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('GET /api/solution/map for a signed-in viewer', () => {
  it('is the shared view with their own post at its exact point, which the shared tiles never keep for others', async () => {
    const at = { lat: 12.34567, lng: 1.23456 };
    const owner = await signedUp(t.app, { firstName: 'Owner' });
    const other = await signedUp(t.app, { firstName: 'Other' });
    const post = await publish(t.app, owner, { ...tractor(), pickup_lat: at.lat, pickup_lng: at.lng });
    const url = `/api/solution/map?bbox=${at.lng - 0.05},${at.lat - 0.05},${at.lng + 0.05},${at.lat + 0.05}&zoom=13`;
    const seen = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      return res.json().data.points.find((p: { _id: string }) => p._id === post._id);
    };
    const visitor = await seen({});
    expect(visitor).toMatchObject({ location_exact: false });
    expect([visitor.lat, visitor.lng]).not.toEqual([at.lat, at.lng]);
    const publicPoint = { lat: visitor.lat, lng: visitor.lng, location_exact: false };
    expect(await seen(owner.headers)).toMatchObject({ ...at, location_exact: true });
    // Asked right after the owner, from the same kept tiles: still the public point.
    expect(await seen(other.headers)).toMatchObject(publicPoint);
    expect(await seen({})).toMatchObject(publicPoint);
    expect(await seen(owner.headers)).toMatchObject({ ...at, location_exact: true });
    // Asked right after the owner, from the same kept tiles: still the public point.
    expect(await seen(other.headers)).toMatchObject(publicPoint);
    expect(await seen({})).toMatchObject(publicPoint);
  });
});

describe('GET /api/solution/map bounds the work of one view', () => {
  it('refuses the whole world at street zoom 15 with VALIDATION on bbox, as it would count every post', async () => {
    const res = await t.app.inject('/api/solution/map?bbox=-180,-85,180,85&zoom=15');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { bbox: expect.stringMatching(/at most/) } });
    // Too tall is refused too, and across the antimeridian the width is what crosses it.
    expect((await t.app.inject('/api/solution/map?bbox=-17.5,0,-17.4,60&zoom=15')).statusCode).toBe(400);
    expect((await t.app.inject('/api/solution/map?bbox=179,-18,-179,-17.9&zoom=15')).statusCode).toBe(400);
  });

  it('answers the widest view a screen can show at each zoom, up to street level', async () => {
    for (const zoom of [0, 2, 5, 8, 12, 15, 18, 22]) {
      const half = (Math.min(mapSpanLimit(zoom), 170) / 2) * 0.999;
      const bbox = [-17.45 - half, Math.max(-85, 14.7 - half), -17.45 + half, Math.min(85, 14.7 + half)];
      const res = await t.app.inject(`/api/solution/map?bbox=${bbox.map((d) => d.toFixed(6)).join(',')}&zoom=${zoom}`);
      expect(res.statusCode, `zoom ${zoom}`).toBe(200);
    }
  });
});

describe.each([
  ['in memory', {}],
  ['in Redis', { REDIS_URL: TEST_REDIS_URL }],
])('GET /api/solution/map per address, counted %s', (_where, env: Record<string, string>) => {
  let limited: TestApp;
  beforeAll(async () => {
    if (env.REDIS_URL) await assertRedisReachable();
    limited = await buildTestApp(env);
    await limited.app.ready();
  });
  afterAll(() => limited.close());

  it(`answers 429 RATE_LIMITED past ${MAP_VIEWS_PER_MINUTE} views a minute from one address, not to others`, async () => {
    const view = (remoteAddress: string) =>
      limited.app.inject({ url: '/api/solution/map?bbox=-17.6,14.6,-17.3,14.8&zoom=13', remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < MAP_VIEWS_PER_MINUTE; i++) statuses.push((await view('203.0.113.7')).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await view('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(refused.headers['cache-control'] ?? '').not.toMatch(/public/);
    expect((await view('203.0.113.8')).statusCode).toBe(200);
  });
});
