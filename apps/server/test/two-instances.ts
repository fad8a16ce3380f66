// Two instances of the app over one throwaway PostgreSQL database and one Redis, as production
// runs them (D-23): what one instance does must be seen by the other (fan-out, session ends, cache
// invalidation). Redis missing is a failure with a clear message, never a skip.
import { randomUUID } from 'node:crypto';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { throwawayDatabaseUrl } from './databases.js';
import { assertRedisReachable, TEST_REDIS_URL } from './redis.js';

export interface TwoInstances {
  one: TestApp;
  two: TestApp;
  close(): Promise<void>;
}

/** Builds both (call it in a beforeAll with a long timeout: migrating takes a while). */
export async function twoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  await assertRedisReachable();
  const db = await throwawayDatabaseUrl();
  // One deployment: the same database, and the same Redis keys (shared caches, limits), as in production.
  const shared = {
    DATABASE_URL: db.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
    RATE_LIMIT_SCALE: '100',
    ...env,
  };
  const one = await buildTestApp(shared);
  const two = await buildTestApp(shared);
  await Promise.all([one.app.ready(), two.app.ready()]);
  return {
    one,
    two,
    async close() {
      await one.close();
      await two.close();
      await db.drop();
    },
  };
}

/** Polls `check` every 20 ms until it holds or `withinMs` has passed; resolves to the time it took, or null. */
export async function within(withinMs: number, check: () => Promise<boolean>): Promise<number | null> {
  const start = performance.now();
  for (;;) {
    if (await check()) return performance.now() - start;
    if (performance.now() - start > withinMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
