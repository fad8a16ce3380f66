// D-9 with the session cache (session-cache.ts): a session is remembered for a few seconds per
// instance, yet one that ends on one instance (a logout, a sign-in on another device) is refused
// by the other within a second, well inside the cache's lifetime, so the refusal comes from the
// announced end through Redis and not from the entry ageing out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { twoInstances, within, type TwoInstances } from '../../../test/two-instances.js';
import { SESSION_CACHE_TTL_MS } from './session-cache.js';

let both: TwoInstances;
beforeAll(async () => {
  both = await twoInstances();
}, 400_000);
afterAll(() => both?.close());

const me = (t: TwoInstances['one'], key: string) =>
  t.app.inject({ url: '/api/user/me', headers: { 'access-token': key } }).then((r) => r.statusCode);
const list = (t: TwoInstances['one'], key: string) =>
  t.app
    .inject({ url: '/api/solution/getAllSolutions/needSolution?limit=1', headers: { 'access-token': key } })
    .then((r) => r.statusCode);

describe('the session cache, over two instances', () => {
  it('keeps the bound it is tested against well above one second', () => {
    expect(SESSION_CACHE_TTL_MS).toBeGreaterThanOrEqual(3_000);
  });

  it('refuses on instance two, within a second, a session logged out on instance one', async () => {
    const who = await signedUp(both.one.app);
    // Remembered by instance two, through both kinds of check.
    expect(await me(both.two, who.key)).toBe(200);
    expect(await list(both.two, who.key)).toBe(200);
    expect(await me(both.two, who.key)).toBe(200);
    const out = await both.one.app.inject({ method: 'POST', url: '/api/user/logout', headers: who.headers });
    expect(out.statusCode).toBe(204);
    const took = await within(1_000, async () => (await me(both.two, who.key)) === 401);
    expect(took, 'refused within a second').not.toBeNull();
    expect(await list(both.two, who.key)).toBe(401);
  });

  it('refuses on instance two, within a second, a session replaced by a sign-in on another device', async () => {
    const who = await signedUp(both.one.app);
    expect(await list(both.two, who.key)).toBe(200);
    expect(await me(both.two, who.key)).toBe(200);
    const again = await both.one.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: who.account.email, password: who.account.password },
    });
    expect(again.statusCode).toBe(200);
    const took = await within(1_000, async () => (await list(both.two, who.key)) === 401);
    expect(took, 'refused within a second').not.toBeNull();
    expect(await me(both.two, who.key)).toBe(401);
    expect(await me(both.two, again.json().data.auth_key)).toBe(200);
  });
});
