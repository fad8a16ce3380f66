import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DEMO_DATA: 'true' });
  await t.app.ready();
});
afterAll(() => t.close());

describe('GET /api/solution/map', () => {
  it('is public, and clusters the demo posts of the whole world at zoom 2 in a small response', async () => {
    const res = await t.app.inject('/api/solution/map?bbox=-180,-85,180,85&zoom=2');
    expect(res.statusCode).toBe(200);
    const { points, clusters } = res.json().data;
    expect(points).toEqual([]);
    expect(clusters.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(320);
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
