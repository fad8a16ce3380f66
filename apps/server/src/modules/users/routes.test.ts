import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { users } from '../../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

describe('POST /api/user/logout', () => {
  it('ends the session on the server: the same key is refused afterwards', async () => {
    const [user] = await t.app.database.db
      .insert(users)
      .values({ firstName: 'Moussa', email: 'moussa@example.org', mobileNo: '+22790000001' })
      .returning({ id: users.id });
    const { auth_key } = await t.app.sessions.start(user!.id);

    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'access-token': auth_key } });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'access-token': auth_key },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 'AUTH_FAILED', message: 'Authentication failed' });
  });

  it('answers 401 Authentication failed without a key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_FAILED');
  });
});
