import { afterAll, beforeAll } from 'vitest';
import { proveEmail, signedUp } from './accounts.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { requested } from './deals.js';
import { tractor } from './posts.js';

// Shared by the deal lifecycle suites (bookings.routes, lifecycle.routes): each file calls
// lifecycleTestApp() once and so builds its own app, with its own proven admin, in its beforeAll.

export type Account = Awaited<ReturnType<typeof signedUp>>;

/** Registers the file's beforeAll/afterAll (one app per file) and returns its helpers. */
export function lifecycleTestApp() {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_SCALE: '100', ADMIN_EMAILS: 'referee@example.org' });
    await t.app.ready();
    admin = await signedUp(t.app, { firstName: 'Referee', email: 'referee@example.org' });
    // An ADMIN_EMAILS address gives rights once proven.
    await proveEmail(t.app, admin.headers);
  });
  afterAll(() => t.close());

  /** A $15.00 villa: its sub-category names no unit, so one confirmed deal takes it (D-32). */
  const villa = (role: 'needSolution' | 'provideSolution' = 'provideSolution') => ({
    ...tractor(role),
    category: 'Space',
    sub_category_id: 'space-villa',
    description: 'Villa by the sea',
  });

  /** A request without dates (a single-use post needs none). */
  const ask = (who: Account, solutionId: string, extra: { note?: string } = {}) =>
    requested(t.app, who, solutionId, { from: undefined, to: undefined, ...extra });

  const post = (who: Account, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });

  /** One signed-up account per first name, in order. */
  const people = async <N extends string[]>(...names: N) => {
    const out: Account[] = [];
    for (const firstName of names) out.push(await signedUp(t.app, { firstName }));
    return out as { [K in keyof N]: Account };
  };

  return {
    get t() {
      return t;
    },
    get admin() {
      return admin;
    },
    villa,
    ask,
    post,
    people,
  };
}
