// The Redis server of the fan-out tests (.ci/run sets TEST_REDIS_URL). A missing server is a
// failure with a clear message, never a skip.
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function assertRedisReachable(): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${TEST_REDIS_URL} (${(error as Error).message}). The notification fan-out ` +
        'tests need it: start a server, or set TEST_REDIS_URL.',
      { cause: error },
    );
  } finally {
    client.disconnect();
  }
}
