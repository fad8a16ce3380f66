import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

it('bounds the social sign-in starts per address: the 31st in 15 minutes answers 429 RATE_LIMITED', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) statuses.push((await t.app.inject('/api/auth/local')).statusCode);
  expect(statuses.slice(0, 30).every((s) => s === 302)).toBe(true);
  const last = await t.app.inject('/api/auth/local');
  expect(last.statusCode).toBe(429);
  expect(last.json().code).toBe('RATE_LIMITED');
});

it('tells the login screen which social sign-ins are enabled: only the local one by default', async () => {
  const res = await t.app.inject('/api/auth/providers');
  expect(res.json()).toEqual({ data: { google: false, facebook: false, local: true } });
  const google = await buildTestApp({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', SOCIAL_LOCAL: 'false' });
  expect((await google.app.inject('/api/auth/providers')).json()).toEqual({
    data: { google: true, facebook: false, local: false },
  });
  await google.close();
});
