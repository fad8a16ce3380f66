// D-23: the instance's Redis (a private redis-server) stops. The app keeps serving reads
// and writes, health says redis down yet 200, rate limits still hold from the in-memory fallback
// (repeated wrong sign-ins end in 429); when Redis returns on the same port the instance counts
// there again, without a restart.
import { afterAll, describe, expect, it } from 'vitest';
import { newAccount } from '../accounts.js';
import { throwawayDatabaseUrl } from '../databases.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { publishOverHttp, publishStep, readSteps, signIn, signUpOverHttp } from './http-client.js';
import { countKinds, sleep, startLoad, summary } from './load.js';
import { startPrivateRedis, type PrivateRedis } from './redis-server.js';

const PORT = 25240;
const REDIS_PORT = 25241;
/** Wrong sign-ins an account may make in 15 minutes (users/routes.ts). */
const LOGIN_ATTEMPTS = 10;

let database: { url: string; drop(): Promise<void> } | undefined;
let redis: PrivateRedis | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  await redis?.dispose();
  await database?.drop();
});

interface Health {
  status: string;
  data: { redis: string };
}

async function health(url: string): Promise<{ status: number; body: Health }> {
  const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
  return { status: res.status, body: (await res.json()) as Health };
}

async function until<T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await sleep(200);
  }
}

describe('Redis stopped', () => {
  it('the app keeps serving and limiting, reports redis down, and uses Redis again once it returns', async () => {
    database = await throwawayDatabaseUrl();
    redis = await startPrivateRedis(REDIS_PORT);
    server = await startServerProcess({
      port: PORT,
      env: { DATABASE_URL: database.url, REDIS_URL: redis.url, RATE_LIMIT_SCALE: '1000' },
    });
    const url = server.url;
    const user = await signUpOverHttp(server);
    const postId = await publishOverHttp(url, user);
    expect((await health(url)).body.data.redis).toBe('ok');
    // The counters live in Redis while it is up.
    expect((await signIn(url, user.email, 'wrong password 1')).status).toBe(401);
    expect(await redis.client.keys('rl:*')).not.toEqual([]);

    await redis.stop();
    const down = await until(
      () => health(url),
      (h) => h.body.data.redis === 'down',
      'health reporting redis down',
    );
    expect(down.status).toBe(200);
    expect(down.body.status).toBe('degraded');

    // Reads and writes carry on while Redis is away...
    const reads = readSteps(user, () => postId);
    const load = startLoad([
      { target: url, steps: reads },
      { target: url, steps: reads },
      { target: url, steps: [publishStep(user), ...reads] },
    ]);
    // ...and so do the limits, counted in memory: wrong passwords end in 429.
    const attempts: number[] = [];
    for (let n = 0; n <= LOGIN_ATTEMPTS + 1 && !attempts.includes(429); n += 1) {
      attempts.push((await signIn(url, user.email, `wrong password ${n}`)).status);
    }
    await load.until((o) => o.length >= 60, 30_000, '60 requests during the outage');
    const outcomes = await load.stop();
    const counts = countKinds(outcomes);
    console.info(`Redis down: load ${JSON.stringify(counts)}; wrong sign-ins answered ${attempts.join(',')}`);
    expect(counts.ok, summary(outcomes)).toBe(counts.total);
    expect(outcomes.some((o) => o.step === 'publish')).toBe(true);
    expect(attempts.at(-1)).toBe(429);
    expect(attempts.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(attempts.length).toBeGreaterThan(1);

    // Redis returns (empty: nothing was saved) on the same port: the same process uses it again.
    const restartedAt = Date.now();
    await redis.start();
    await until(
      () => health(url),
      (h) => h.status === 200 && h.body.data.redis === 'ok',
      'health reporting redis ok again',
    );
    const stranger = newAccount();
    const keys = await until(
      async () => {
        expect((await signIn(url, stranger.email, 'wrong password')).status).toBe(401);
        return redis!.client.keys('rl:*');
      },
      (found) => found.length > 0,
      'rate-limit counters back in Redis',
    );
    console.info(
      `Redis back: counters in Redis again ${Date.now() - restartedAt} ms after the restart (${keys.length} keys)`,
    );
    expect(await Promise.race([server.exited.then(() => 'exited'), sleep(0).then(() => 'running')])).toBe('running');
  }, 90_000);
});
