// Read-your-writes (plugins/public-caches.ts): a write's answer waits until this instance has heard
// its own marker on public_changes, after every change committed before it; a sign-in, which
// changes no post, answers without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { PUBLIC_CHANGES_CHANNEL } from './public-caches.js';

describe('the public caches marker', () => {
  let t: TestApp;
  const heard: string[] = [];
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    t = await buildTestApp();
    stop = await t.app.database.listen!(
      PUBLIC_CHANGES_CHANNEL,
      (payload) => heard.push(payload),
      () => undefined,
    );
  });
  afterAll(async () => {
    await stop?.();
    await t?.close();
  });

  it('is sent after a signed-in write, naming the writer, but not after a sign-in', async () => {
    const { account, user } = await signedUp(t.app);
    heard.length = 0;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'access-token': login.json().data.auth_key },
    });
    expect(logout.statusCode).toBe(204);
    // Notifications reach a listener in the order they were sent: once the logout's marker is
    // here, a marker of the sign-in would be too.
    const logoutMarker = new RegExp(`^heard:[0-9a-f-]{36}:${user._id}$`);
    await expect.poll(() => heard.some((payload) => logoutMarker.test(payload))).toBe(true);
    expect(heard).toEqual([expect.stringMatching(logoutMarker)]);
  });
});
