// Kill -9 of one of two instances sharing a database and Redis. The other keeps
// answering every request with success, during and after; requests to the killed one fail only
// with connection errors (refused, or cut while in flight), never with a wrong answer.
import { afterAll, describe, expect, it } from 'vitest';
import { throwawayDatabaseUrl } from '../databases.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { publishOverHttp, publishStep, readSteps, signUpOverHttp } from './http-client.js';
import { countKinds, startLoad, summary, type Outcome } from './load.js';
import { startPrivateRedis, type PrivateRedis } from './redis-server.js';

const PORT_A = 25210;
const PORT_B = 25211;
const REDIS_PORT = 25212;

let database: { url: string; drop(): Promise<void> } | undefined;
let redis: PrivateRedis | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  await redis?.dispose();
  await database?.drop();
});

describe('kill -9 of one instance', () => {
  it('the other answers every request with success; the killed one fails only with connection errors', async () => {
    database = await throwawayDatabaseUrl();
    redis = await startPrivateRedis(REDIS_PORT);
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, RATE_LIMIT_SCALE: '1000' };
    // One after the other: the first start migrates the empty database.
    const a = await startServerProcess({ port: PORT_A, env });
    servers.push(a);
    const b = await startServerProcess({ port: PORT_B, env });
    servers.push(b);
    const user = await signUpOverHttp(a);
    const postId = await publishOverHttp(a.url, user);
    const reads = readSteps(user, () => postId);
    const loops = (url: string) => [
      { target: url, steps: reads },
      { target: url, steps: reads },
      { target: url, steps: [publishStep(user), ...reads] },
    ];
    const load = startLoad([...loops(a.url), ...loops(b.url)]);
    const okFrom = (o: readonly Outcome[], url: string, after = 0) =>
      o.filter((x) => x.target === url && x.kind === 'ok' && x.sentAt >= after).length;
    await load.until((o) => okFrom(o, a.url) >= 30 && okFrom(o, b.url) >= 30, 30_000, '30 successes on each');

    const killedAt = Date.now();
    await a.kill();
    const goneAt = Date.now();
    expect(await a.exited).toBeNull();
    await load.until(
      (o) =>
        okFrom(o, b.url, killedAt) >= 60 && o.filter((x) => x.target === a.url && x.kind === 'refused').length >= 3,
      30_000,
      '60 successes on the survivor and refusals from the killed one',
    );
    const outcomes = await load.stop();

    const survivor = outcomes.filter((o) => o.target === b.url);
    const killed = outcomes.filter((o) => o.target === a.url);
    console.info(
      `kill -9: survivor ${JSON.stringify(countKinds(survivor))}, ` +
        `${okFrom(survivor, b.url, killedAt)} of them after the kill; killed ${JSON.stringify(countKinds(killed))}`,
    );
    expect(
      survivor.every((o) => o.kind === 'ok'),
      summary(survivor),
    ).toBe(true);
    const failedOnKilled = killed.filter((o) => o.kind !== 'ok');
    expect(
      failedOnKilled.every((o) => (o.kind === 'refused' || o.kind === 'reset') && o.doneAt >= killedAt),
      summary(failedOnKilled),
    ).toBe(true);
    // Nothing sent once the process was gone got an answer (no stale socket answered for it).
    expect(killed.filter((o) => o.kind === 'ok' && o.sentAt > goneAt)).toEqual([]);
    // The survivor is still ready.
    const health = await fetch(`${b.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
    expect(health.status).toBe(200);
  }, 90_000);
});
