// D-31 over the real API, on PGlite and on PostgreSQL, then two instances on one PostgreSQL with a
// client whose connection drops mid-request.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { databases, DB_TIMEOUT_MS, queryRows, throwawayDatabaseUrl } from '../../../test/databases.js';
import { inDays } from '../../../test/deals.js';
import { tractor } from '../../../test/posts.js';

type Account = Awaited<ReturnType<typeof signedUp>>;
const DAY = 24 * 60 * 60 * 1000;
let serial = 0;
const newKey = () => `key-${Date.now()}-${++serial}`;

function postRequest(who: Account, key?: string, description = 'Tractor for a day') {
  const body = multipart([{ name: 'new_solution', value: JSON.stringify({ ...tractor(), description }) }]);
  return {
    method: 'POST' as const,
    url: '/api/solution/addSolution',
    headers: { ...who.headers, ...body.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body.payload,
  };
}

const acceptRequest = (who: Account, solutionId: string, key?: string) => ({
  method: 'PUT' as const,
  url: '/api/solution/solutionAccepted',
  headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
  // The tractor is booked by the day (D-33): a request names its dates.
  payload: {
    user_id: who.user._id,
    accepted_by: who.user._id,
    solution_id: solutionId,
    from: inDays(2),
    to: inDays(3),
  },
});

async function count(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(app.database.db, query);
  return Number(row?.n);
}
const postsOf = (app: FastifyInstance, who: Account) =>
  count(app, sql`select count(*)::int as n from solutions where user_id = ${who.user._id}`);
const dealsOf = (app: FastifyInstance, who: Account) =>
  count(app, sql`select count(*)::int as n from deals where acceptor_id = ${who.user._id}`);

async function publish(app: FastifyInstance, who: Account): Promise<string> {
  const res = await app.inject(postRequest(who));
  if (res.statusCode !== 201) throw new Error(`addSolution ${res.statusCode}: ${res.body}`);
  return res.json().data._id;
}

for (const kind of databases) {
  describe(`Idempotency-Key on creating calls (D-31) [${kind}]`, { timeout: DB_TIMEOUT_MS }, () => {
    let t: TestApp;
    let drop: (() => Promise<void>) | undefined;
    let awa: Account;
    let moussa: Account;
    beforeAll(async () => {
      const env: Record<string, string> = { RATE_LIMIT_SCALE: '100' };
      if (kind === 'postgres') {
        const db = await throwawayDatabaseUrl();
        env.DATABASE_URL = db.url;
        drop = db.drop;
      }
      t = await buildTestApp(env);
      await t.app.ready();
      awa = await signedUp(t.app, { firstName: 'Awa' });
      moussa = await signedUp(t.app, { firstName: 'Moussa' });
    }, DB_TIMEOUT_MS);
    afterAll(async () => {
      await t?.close();
      await drop?.();
    });

    it('answers a repeated post with the first answer and publishes it once', async () => {
      const key = newKey();
      const first = await t.app.inject(postRequest(awa, key));
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const before = await postsOf(t.app, awa);

      const again = await t.app.inject(postRequest(awa, key));
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toContain('application/json');
      expect(again.json()).toEqual(first.json());
      expect(await postsOf(t.app, awa)).toBe(before);
    });

    it('answers a repeated request with the first deal; without a key the repeat is refused', async () => {
      const offer = await publish(t.app, awa);
      const key = newKey();
      const first = await t.app.inject(acceptRequest(moussa, offer, key));
      expect(first.statusCode).toBe(200);
      const again = await t.app.inject(acceptRequest(moussa, offer, key));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(again.json().data.deal.solution_id).toBe(offer);
      // The owner was told once.
      const mailbox = await t.app.inject({ url: `/api/notify/getUserNotif/${awa.user._id}`, headers: awa.headers });
      expect(mailbox.json().data.filter((n: { solution_id?: string }) => n.solution_id === offer)).toHaveLength(1);
      // What a retry without a key gets: the request was already sent (D-32).
      const bare = await t.app.inject(acceptRequest(moussa, offer));
      expect(bare.statusCode).toBe(409);
      expect(bare.json().code).toBe('NOT_AVAILABLE');
    });

    it('refuses a key used again for a different request, creating nothing', async () => {
      const key = newKey();
      expect((await t.app.inject(postRequest(awa, key, 'A plough'))).statusCode).toBe(201);
      const before = await postsOf(t.app, awa);
      const offer = await publish(t.app, awa);
      const other = await t.app.inject(acceptRequest(awa, offer, key));
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ code: 'VALIDATION', fields: { 'idempotency-key': expect.any(String) } });

      // An accept keeps its key: the same key for another post's accept is refused too.
      const acceptKey = newKey();
      const offer2 = await publish(t.app, awa);
      expect((await t.app.inject(acceptRequest(moussa, offer, acceptKey))).statusCode).toBe(200);
      const deals = await dealsOf(t.app, moussa);
      const changed = await t.app.inject(acceptRequest(moussa, offer2, acceptKey));
      expect(changed.statusCode).toBe(400);
      expect(changed.json().code).toBe('VALIDATION');
      expect(await dealsOf(t.app, moussa)).toBe(deals);
      const details = await t.app.inject({
        url: `/api/solution/getSolutionDetails/${offer2}`,
        headers: moussa.headers,
      });
      expect(details.json().data.status).not.toBe('Accepted');
      expect(await postsOf(t.app, awa)).toBe(before + 2);
    });

    it('keeps keys apart per user', async () => {
      const key = newKey();
      const awasPost = await t.app.inject(postRequest(awa, key));
      const moussasPost = await t.app.inject(postRequest(moussa, key));
      expect(moussasPost.statusCode).toBe(201);
      expect(moussasPost.headers['idempotent-replayed']).toBeUndefined();
      expect(moussasPost.json().data._id).not.toBe(awasPost.json().data._id);
      expect(moussasPost.json().data.user._id).toBe(moussa.user._id);
    });

    it('gives the key back when the request is refused, so a corrected retry runs', async () => {
      const key = newKey();
      const own = await publish(t.app, moussa);
      // Accepting one's own post is refused: nothing was created, the key is free again.
      const refused = await t.app.inject(acceptRequest(moussa, own, key));
      expect(refused.statusCode).toBe(409);
      const offer = await publish(t.app, awa);
      const retried = await t.app.inject(acceptRequest(moussa, offer, key));
      expect(retried.statusCode).toBe(200);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
    });

    it('refuses a malformed key before anything runs', async () => {
      const before = await postsOf(t.app, awa);
      const res = await t.app.inject(postRequest(awa, 'x'.repeat(256)));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { 'idempotency-key': expect.any(String) } });
      expect(await postsOf(t.app, awa)).toBe(before);
    });

    it('forgets a key after 24 hours, and sweeps expired keys', async () => {
      const key = newKey();
      const first = await t.app.inject(postRequest(awa, key));
      expect(first.statusCode).toBe(201);
      t.app.clock.advance(DAY + 1000);
      try {
        const later = await t.app.inject(postRequest(awa, key));
        expect(later.statusCode).toBe(201);
        expect(later.headers['idempotent-replayed']).toBeUndefined();
        expect(later.json().data._id).not.toBe(first.json().data._id);
        // Every key made before the jump has expired; the claim above swept them.
        const expired = await count(
          t.app,
          sql`select count(*)::int as n from idempotency_keys where expires_at < ${t.app.clock.now().toISOString()}::timestamptz`,
        );
        expect(expired).toBe(0);
      } finally {
        t.app.clock.advance(-(DAY + 1000));
      }
    });
  });
}

describe('Idempotency-Key across two instances on one PostgreSQL (D-31, D-23)', { timeout: 120_000 }, () => {
  let db: Awaited<ReturnType<typeof throwawayDatabaseUrl>>;
  let one: TestApp;
  let two: TestApp;
  let awa: Account;
  let moussa: Account;
  beforeAll(async () => {
    db = await throwawayDatabaseUrl();
    const env = { DATABASE_URL: db.url, RATE_LIMIT_SCALE: '100' };
    one = await buildTestApp(env);
    await one.app.ready();
    two = await buildTestApp(env);
    await two.app.ready();
    awa = await signedUp(one.app, { firstName: 'Awa' });
    moussa = await signedUp(one.app, { firstName: 'Moussa' });
  }, 120_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await db?.drop();
  });

  it('answers a retry sent to the other instance with the first answer', async () => {
    const key = newKey();
    const first = await one.app.inject(postRequest(awa, key));
    const retry = await two.app.inject(postRequest(awa, key));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('creates one post when the same request reaches both instances at once', async () => {
    const key = newKey();
    const before = await postsOf(one.app, moussa);
    const answers = await Promise.all([
      one.app.inject(postRequest(moussa, key)),
      two.app.inject(postRequest(moussa, key)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json().data._id).toBe(answers[1]!.json().data._id);
    expect(await postsOf(one.app, moussa)).toBe(before + 1);
  });

  describe('while the database holds posts back', () => {
    let locker: pg.Client;
    beforeAll(async () => {
      locker = new pg.Client({ connectionString: db.url });
      await locker.connect();
    });
    afterAll(() => locker.end());

    /** Blocks every insert into solutions until `release` (reads go on). */
    async function holdPosts() {
      await locker.query('begin');
      await locker.query('lock table solutions in share row exclusive mode');
      return () => locker.query('commit');
    }

    /**
     * Resolves once a request's insert into solutions waits on the lock, so its body was read.
     * (pg_locks, not pg_stat_activity: a statement waiting at parse time still shows as idle.)
     */
    async function insertWaiting(): Promise<void> {
      for (;;) {
        const { rows } = await locker.query(
          `select count(*)::int as n from pg_locks where relation = 'solutions'::regclass and not granted`,
        );
        if (rows[0].n > 0) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    it('a client that gave up mid-request and retries on another instance gets the post made once', async () => {
      const address = await one.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = one.app.server.address() as AddressInfo;
      expect(address).toContain(String(port));
      const key = newKey();
      const before = await postsOf(one.app, awa);
      const release = await holdPosts();
      let released = false;
      try {
        // The phone sends the post, then its signal drops: the connection is torn down.
        const request = postRequest(awa, key, 'Sent as the signal dropped');
        const sent = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: request.url,
          headers: { ...request.headers, 'content-length': String(request.payload.length) },
        });
        const lost = new Promise<string>((resolve) => {
          sent.on('error', (error) => resolve(error.message));
          sent.on('response', () => resolve('answered'));
        });
        sent.end(request.payload);
        await insertWaiting();
        sent.destroy();
        expect(await lost).not.toBe('answered');

        // Back online, the phone retries on whichever instance; it waits for the first answer.
        const retry = two.app.inject(postRequest(awa, key, 'Sent as the signal dropped'));
        while (!two.logs.some((line) => line.includes('waiting for the first request'))) {
          await new Promise((r) => setTimeout(r, 20));
        }
        await release();
        released = true;
        const answer = await retry;
        expect(answer.statusCode).toBe(201);
        expect(answer.headers['idempotent-replayed']).toBe('true');
        expect(answer.json().data.description).toBe('Sent as the signal dropped');
        expect(await postsOf(one.app, awa)).toBe(before + 1);
        const [row] = await queryRows<{ id: string }>(
          one.app.database.db,
          sql`select id::text as id from solutions where user_id = ${awa.user._id} and description = 'Sent as the signal dropped'`,
        );
        expect(answer.json().data._id).toBe(row?.id);
      } finally {
        if (!released) await release();
      }
    });

    it('tells a retry to come back later when the first request is still held after the wait', async () => {
      const key = newKey();
      const release = await holdPosts();
      try {
        const first = one.app.inject(postRequest(moussa, key));
        await insertWaiting();
        const retry = await two.app.inject(postRequest(moussa, key));
        expect(retry.statusCode).toBe(503);
        expect(retry.json().code).toBe('SERVICE_UNAVAILABLE');
        expect(retry.headers['retry-after']).toBeDefined();
        await release();
        expect((await first).statusCode).toBe(201);
      } catch (error) {
        await release().catch(() => undefined);
        throw error;
      }
    });
  });
});
