import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';

// Shared by the user/* route suites (accounts, profile-admin): each file calls usersTestApp() once
// and so builds its own app in its beforeAll.

/** Registers the file's beforeAll/afterAll (one app per file) and returns its helpers. */
export function usersTestApp() {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: 'boss@example.org', RATE_LIMIT_SCALE: '100' });
    await t.app.ready();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  return {
    get t() {
      return t;
    },
    post,
  };
}
