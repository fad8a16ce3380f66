// SIGTERM under a steady keep-alive load. The instance drains (health 503, every
// response closes its connection), then closes: every request it read got a complete success,
// it exits 0, and every post it acknowledged is in the database. A second signal exits at once.
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { throwawayDatabaseUrl } from '../databases.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { publishOverHttp, publishStep, readSteps, signUpOverHttp } from './http-client.js';
import { countKinds, startLoad, summary } from './load.js';

const PORT = 25201;
// Long enough for the health probe below to land inside the drain on a loaded machine.
const DRAIN_MS = 3_000;

const databases: { drop(): Promise<void> }[] = [];
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.kill();
});
afterAll(async () => {
  for (const database of databases) await database.drop();
});

describe('SIGTERM', () => {
  it('under load: every request the instance read gets a complete success, it exits 0 and keeps every acknowledged post', async () => {
    const database = await throwawayDatabaseUrl();
    databases.push(database);
    server = await startServerProcess({
      port: PORT,
      env: { DATABASE_URL: database.url, SHUTDOWN_DRAIN_MS: String(DRAIN_MS), RATE_LIMIT_SCALE: '1000' },
    });
    const user = await signUpOverHttp(server);
    const postId = await publishOverHttp(server.url, user);
    const reads = readSteps(user, () => postId);
    const load = startLoad([
      ...[0, 1, 2, 3].map(() => ({ target: server!.url, steps: reads })),
      { target: server.url, steps: [publishStep(user), ...reads] },
      { target: server.url, steps: [publishStep(user)] },
    ]);
    await load.until((o) => o.filter((x) => x.kind === 'ok').length >= 60, 30_000, '60 successes before SIGTERM');

    const signalledAt = Date.now();
    const exited = server.stop('SIGTERM');
    // Draining: the first response that closes its connection, then health says not ready.
    await load.until((o) => o.some((x) => x.closed), 10_000, 'a response with connection: close');
    const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
    expect(health.status).toBe(503);
    expect(health.headers.get('connection')).toBe('close');
    expect(((await health.json()) as { status: string }).status).toBe('draining');
    await load.until((o) => o.some((x) => x.kind === 'refused'), 30_000, 'a refused connection after the close');
    expect(await exited).toBe(0);
    const outcomes = await load.stop();
    const counts = countKinds(outcomes);
    console.info('SIGTERM under load:', JSON.stringify(counts));

    // What the server read: the access log's request ids (the load sends its own x-request-id).
    const read = new Set(
      server
        .logs()
        .filter((line) => line.msg === 'incoming request')
        .map((line) => line.reqId),
    );
    const readButNotAnswered = outcomes.filter((o) => read.has(o.id) && o.kind !== 'ok');
    expect(readButNotAnswered, summary(readButNotAnswered)).toEqual([]);
    // No 5xx, no malformed answer, no hang, whether read or not.
    expect(counts.failed + counts.unavailable, summary(outcomes)).toBe(0);
    // Connection errors only once the instance was told to stop; a reset only on a connection the
    // server never read a request from (accepted by the kernel just as the listener closed).
    const connectionErrors = outcomes.filter((o) => o.kind === 'refused' || o.kind === 'reset');
    expect(connectionErrors.every((o) => o.sentAt >= signalledAt)).toBe(true);
    expect(connectionErrors.every((o) => !read.has(o.id))).toBe(true);

    // Requests kept being served while draining, and once one response closed its connection,
    // every later one did.
    const firstClosed = Math.min(...outcomes.filter((o) => o.closed).map((o) => o.doneAt));
    const servedWhileDraining = outcomes.filter((o) => o.kind === 'ok' && o.sentAt > firstClosed);
    expect(servedWhileDraining.length).toBeGreaterThan(0);
    expect(servedWhileDraining.every((o) => o.closed)).toBe(true);
    console.info(
      `SIGTERM: ${servedWhileDraining.length} served while draining, ${connectionErrors.length} connection errors ` +
        `(${counts.refused} refused, ${counts.reset} reset before being read)`,
    );

    // Every acknowledged post is in the database.
    const acknowledged = outcomes
      .filter((o) => o.step === 'publish' && o.kind === 'ok')
      .map((o) => (o.json as { data: { _id: string } }).data._id);
    expect(acknowledged.length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from solutions where id = any($1)',
        [acknowledged],
      );
      expect(rows[0]?.n).toBe(acknowledged.length);
    } finally {
      await client.end();
    }
    console.info(`SIGTERM: ${acknowledged.length} acknowledged posts, all in the database`);
  }, 90_000);

  it('a second signal while draining exits at once', async () => {
    const database = await throwawayDatabaseUrl();
    databases.push(database);
    // A drain far longer than the stop timeout below: only the second signal can end it in time.
    server = await startServerProcess({
      port: PORT + 1,
      env: { DATABASE_URL: database.url, SHUTDOWN_DRAIN_MS: '60000' },
    });
    process.kill(server.pid, 'SIGTERM');
    await server.waitForOutput(/draining, then shutting down/);
    expect(await server.stop('SIGTERM', 10_000)).toBe(1);
  }, 90_000);
});
