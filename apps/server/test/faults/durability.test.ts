// Durability: kill -9 of the server during a burst of posts, requests and confirmations. The
// real server runs as a child process (server-process.ts) on PGlite (a data folder) and on
// PostgreSQL (a throwaway database). Suppliers publish single-use offers (multipart addSolution),
// clients request them (solutionAccepted, D-32) and the suppliers confirm the requests, all
// concurrently; every request answered 2xx is recorded with its id. The server is killed with
// SIGKILL while requests are in flight, restarted on the same data, and then: every acknowledged
// post, request and confirmation is there, no confirmed deal exists without its post Accepted (and
// no Accepted post without its confirmed deal), every deal has its notification (one transaction,
// STYLE 5), and the restarted server publishes, takes a request and confirms it as before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUESTS_PER_DAY } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseKind } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import { buildTestApp } from '../build-test-app.js';
import { queryRows, throwawayDatabaseUrl } from '../databases.js';
import { villa } from '../posts.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';

const PORTS: Record<DatabaseKind, number> = { pglite: 25510, postgres: 25511 };
const SUPPLIERS = 3;
/**
 * D-32 allows 10 requests a day per account: enough clients that the burst never runs out of
 * requests before the kill, each kept below the limit.
 */
const CLIENTS = 12;
/** Requests each client sends in the burst: one is left for the check after the restart. */
const REQUESTS_EACH = REQUESTS_PER_DAY - 1;
/** Concurrent requests per supplier and per client. */
const PUBLISHERS_EACH = 3;
const ACCEPTORS_EACH = 1;
/** Kill once this much is acknowledged (or after KILL_AFTER_MS, whichever comes first). */
const KILL_AT = { posts: 60, accepts: 20, confirms: 10 };
const KILL_AFTER_MS = 25_000;

interface Account {
  id: string;
  key: string;
}

/** What the server acknowledged (2xx with an id) before it died, and what was left unanswered. */
interface Ledger {
  posts: Map<string, Account>;
  /** Requested posts: who asked, and the deal. */
  accepts: Map<string, { who: Account; dealId: string }>;
  /** Confirmed requests: the post and its deal. */
  confirms: Map<string, string>;
  sent: { posts: number; accepts: number; confirms: number };
  unanswered: number;
  refused: string[];
}

/** Where the data lives: the same for the killed server and the restarted one. */
interface Storage {
  env: Record<string, string>;
  open(): ReturnType<typeof openDatabase>;
  dispose(): Promise<void>;
}

async function storageFor(kind: DatabaseKind): Promise<Storage> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'durability-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const db = await throwawayDatabaseUrl();
  return {
    env: { DATABASE_URL: db.url },
    open: () => openDatabase({ databaseUrl: db.url, dataDir: tmpdir(), poolMax: 2 }),
    dispose: () => db.drop(),
  };
}

/** Users and sessions written before the server starts (the app in-process, then closed: PGlite has one owner). */
async function seedAccounts(storage: Storage): Promise<{ suppliers: Account[]; clients: Account[] }> {
  const t = await buildTestApp({ ...storage.env, LOG_LEVEL: 'error' });
  try {
    const make = async (firstName: string, n: number): Promise<Account> => {
      const suffix = String(1_000_000 + n + Math.floor(Math.random() * 8_000_000)).slice(-7);
      const [row] = await t.app.database.db
        .insert(users)
        .values({
          firstName,
          email: `${firstName.toLowerCase()}${suffix}@example.org`,
          mobileNo: `+22177${suffix}`,
          country: 'SN',
        })
        .returning();
      return { id: row!.id, key: (await t.app.sessions.start(row!.id)).auth_key };
    };
    const suppliers = await Promise.all(Array.from({ length: SUPPLIERS }, (_, i) => make('Supplier', i)));
    const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => make('Client', 100 + i)));
    return { suppliers, clients };
  } finally {
    await t.close();
  }
}

const start = (kind: DatabaseKind, storage: Storage) =>
  startServerProcess({
    port: PORTS[kind],
    env: { ...storage.env, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '10000' },
  });

async function publish(server: ServerProcess, who: Account, description: string): Promise<Response> {
  const form = new FormData();
  // A villa is single-use (no unit, D-33): the owner's confirmation takes it.
  form.set('new_solution', JSON.stringify({ ...villa(), description }));
  return fetch(`${server.url}/api/solution/addSolution`, {
    method: 'POST',
    headers: { 'access-token': who.key },
    body: form,
    signal: AbortSignal.timeout(20_000),
  });
}

async function accept(server: ServerProcess, who: Account, solutionId: string): Promise<Response> {
  return fetch(`${server.url}/api/solution/solutionAccepted`, {
    method: 'PUT',
    headers: { 'access-token': who.key, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: who.id, accepted_by: who.id, solution_id: solutionId }),
    signal: AbortSignal.timeout(20_000),
  });
}

async function confirm(server: ServerProcess, owner: Account, dealId: string): Promise<Response> {
  return fetch(`${server.url}/api/deals/${dealId}/confirm`, {
    method: 'POST',
    headers: { 'access-token': owner.key },
    signal: AbortSignal.timeout(20_000),
  });
}

/**
 * Publishes, requests and confirms until the server dies; kills it (SIGKILL) once KILL_AT is
 * acknowledged. Returns when every worker has stopped.
 */
async function burstThenKill(server: ServerProcess, suppliers: Account[], clients: Account[]): Promise<Ledger> {
  const ledger: Ledger = {
    posts: new Map(),
    accepts: new Map(),
    confirms: new Map(),
    sent: { posts: 0, accepts: 0, confirms: 0 },
    unanswered: 0,
    refused: [],
  };
  const open: string[] = [];
  /** Acknowledged requests waiting for their owner's confirmation, per owner. */
  const asked = new Map<string, { post: string; dealId: string }[]>();
  const sentBy = new Map<string, number>();
  // Set just before the kill: no request starts after it, so `unanswered` counts those in flight.
  let killing = false;
  let dead = false;
  const began = Date.now();

  /** One request: acknowledged with a body, refused (a defect unless the server is dying), or unanswered. */
  const attempt = async (send: () => Promise<Response>, ok: number, record: (body: unknown) => void) => {
    try {
      const res = await send();
      const body: unknown = await res.json();
      if (res.status === ok) record(body);
      else if (!dead) ledger.refused.push(`${res.status} ${JSON.stringify(body)}`);
    } catch {
      ledger.unanswered += 1;
    }
  };

  const publisher = async (who: Account, worker: number) => {
    for (let n = 0; !killing; n += 1) {
      ledger.sent.posts += 1;
      await attempt(
        () => publish(server, who, `Burst post ${worker}-${n}`),
        201,
        (body) => {
          const id = (body as { data: { _id: string } }).data._id;
          ledger.posts.set(id, who);
          open.push(id);
        },
      );
    }
  };
  const acceptor = async (who: Account) => {
    while (!killing && (sentBy.get(who.id) ?? 0) < REQUESTS_EACH) {
      const id = open.shift();
      if (!id) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      ledger.sent.accepts += 1;
      sentBy.set(who.id, (sentBy.get(who.id) ?? 0) + 1);
      await attempt(
        () => accept(server, who, id),
        200,
        (body) => {
          const dealId = (body as { data: { deal: { _id: string } } }).data.deal._id;
          ledger.accepts.set(id, { who, dealId });
          const owner = ledger.posts.get(id)!;
          asked.set(owner.id, [...(asked.get(owner.id) ?? []), { post: id, dealId }]);
        },
      );
    }
  };
  const confirmer = async (owner: Account) => {
    while (!killing) {
      const next = asked.get(owner.id)?.shift();
      if (!next) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      ledger.sent.confirms += 1;
      await attempt(
        () => confirm(server, owner, next.dealId),
        200,
        () => ledger.confirms.set(next.post, next.dealId),
      );
    }
  };
  const killer = async () => {
    while (
      (ledger.posts.size < KILL_AT.posts ||
        ledger.accepts.size < KILL_AT.accepts ||
        ledger.confirms.size < KILL_AT.confirms) &&
      Date.now() - began < KILL_AFTER_MS
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    killing = true;
    await server.kill();
    dead = true;
  };

  await Promise.all([
    killer(),
    ...suppliers.flatMap((who, i) => Array.from({ length: PUBLISHERS_EACH }, (_, k) => publisher(who, i * 10 + k))),
    ...clients.flatMap((who) => Array.from({ length: ACCEPTORS_EACH }, () => acceptor(who))),
    ...suppliers.map((who) => confirmer(who)),
  ]);
  return ledger;
}

interface Invariants {
  postsMissing: string[];
  dealsMissing: string[];
  confirmsMissing: string[];
  acceptedWithoutDeal: number;
  dealWithoutAccepted: number;
  dealWithoutNotification: number;
  notificationWithoutDeal: number;
  liveDeals: number;
  confirmedDeals: number;
  notifications: number;
}

/** Reads the data directly, with the server stopped (PGlite has a single owner). */
async function check(storage: Storage, ledger: Ledger): Promise<Invariants> {
  const database = await storage.open();
  try {
    const db = database.db;
    const ids = [...ledger.posts.keys()];
    const present = new Set(
      (
        await queryRows<{ id: string }>(
          db,
          sql`select id::text from solutions where id::text in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      ).map((r) => r.id),
    );
    const live = new Set(
      (
        await queryRows<{ key: string }>(
          db,
          sql`select solution_id::text || '/' || acceptor_id::text as key from deals where ended_at is null`,
        )
      ).map((r) => r.key),
    );
    const confirmed = new Set(
      (await queryRows<{ id: string }>(db, sql`select id::text from deals where state = 'accepted'`)).map((r) => r.id),
    );
    const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(db, query))[0]!.n);
    return {
      postsMissing: ids.filter((id) => !present.has(id)),
      dealsMissing: [...ledger.accepts].map(([id, { who }]) => `${id}/${who.id}`).filter((key) => !live.has(key)),
      confirmsMissing: [...ledger.confirms.values()].filter((dealId) => !confirmed.has(dealId)),
      // D-32: a single-use post is Accepted exactly when its owner confirmed a deal on it.
      acceptedWithoutDeal: await count(sql`select count(*) as n from solutions s where s.status = 'Accepted'
        and not exists (select 1 from deals d where d.solution_id = s.id and d.state = 'accepted')`),
      dealWithoutAccepted: await count(sql`select count(*) as n from deals d join solutions s on s.id = d.solution_id
        where d.state = 'accepted' and s.status <> 'Accepted'`),
      dealWithoutNotification:
        await count(sql`select count(*) as n from deals d join solutions s on s.id = d.solution_id
        where not exists (select 1 from notifications n where n.solution_id = d.solution_id and n.user_id = s.user_id)`),
      notificationWithoutDeal: await count(sql`select count(*) as n from notifications n
        where not exists (select 1 from deals d where d.solution_id = n.solution_id)`),
      liveDeals: await count(sql`select count(*) as n from deals where ended_at is null`),
      confirmedDeals: confirmed.size,
      notifications: await count(sql`select count(*) as n from notifications`),
    };
  } finally {
    await database.close();
  }
}

describe.each(['pglite', 'postgres'] as const)(
  'kill -9 during a burst of posts, requests and confirmations (%s)',
  (kind) => {
    let storage: Storage | undefined;
    let server: ServerProcess | undefined;
    afterAll(async () => {
      await server?.kill();
      await storage?.dispose();
    });

    it('keeps every acknowledged write, leaves no half-written deal, and serves again', async () => {
      storage = await storageFor(kind);
      const { suppliers, clients } = await seedAccounts(storage);

      server = await start(kind, storage);
      const ledger = await burstThenKill(server, suppliers, clients);
      expect(await server.exited).toBeNull();
      expect(ledger.refused, 'requests refused before the kill').toEqual([]);
      // The kill really came mid-burst: requests were left unanswered.
      expect(ledger.unanswered).toBeGreaterThan(0);
      expect(ledger.posts.size).toBeGreaterThan(0);
      expect(ledger.accepts.size).toBeGreaterThan(0);
      expect(ledger.confirms.size).toBeGreaterThan(0);

      // Restarted on the same data, every acknowledged post reads back; confirmed ones as Accepted,
      // requested ones still listed unless a confirmation in flight took them.
      server = await start(kind, storage);
      for (const [id, owner] of ledger.posts) {
        const res = await fetch(`${server.url}/api/solution/getSolutionDetails/${id}`, {
          headers: { 'access-token': owner.key },
        });
        expect(res.status, `post ${id}`).toBe(200);
        const { data } = (await res.json()) as { data: { status: string } };
        if (ledger.confirms.has(id)) expect(data.status, `confirmed post ${id}`).toBe('Accepted');
        else expect(['Pending', 'Accepted'], `post ${id}`).toContain(data.status);
      }

      // It serves as before: a new post, requested and confirmed.
      const fresh = await publish(server, suppliers[0]!, 'After the restart');
      expect(fresh.status).toBe(201);
      const freshId = ((await fresh.json()) as { data: { _id: string } }).data._id;
      const asked = await accept(server, clients[0]!, freshId);
      expect(asked.status).toBe(200);
      const dealId = ((await asked.json()) as { data: { deal: { _id: string } } }).data.deal._id;
      expect((await confirm(server, suppliers[0]!, dealId)).status).toBe(200);
      ledger.posts.set(freshId, suppliers[0]!);
      ledger.accepts.set(freshId, { who: clients[0]!, dealId });
      ledger.confirms.set(freshId, dealId);
      expect(await server.stop('SIGTERM')).toBe(0);

      const found = await check(storage, ledger);
      console.info(
        `${kind}: ${ledger.sent.posts} posts sent, ${ledger.posts.size} acknowledged (incl. 1 after restart), ` +
          `${ledger.posts.size - found.postsMissing.length} present after restart; ${ledger.sent.accepts} requests sent, ` +
          `${ledger.accepts.size} acknowledged, ${ledger.accepts.size - found.dealsMissing.length} present; ` +
          `${ledger.sent.confirms} confirmations sent, ${ledger.confirms.size} acknowledged, ` +
          `${ledger.confirms.size - found.confirmsMissing.length} present; ` +
          `${ledger.unanswered} requests unanswered at the kill; ${found.liveDeals} live deals, ${found.notifications} notifications`,
      );
      expect(found).toMatchObject({
        postsMissing: [],
        dealsMissing: [],
        confirmsMissing: [],
        acceptedWithoutDeal: 0,
        dealWithoutAccepted: 0,
        dealWithoutNotification: 0,
        notificationWithoutDeal: 0,
      });
      // One notification per request (to the owner) and one per confirmation (to the requester): none
      // half written. One request per post, so no confirmation declines another.
      expect(found.notifications).toBe(found.liveDeals + found.confirmedDeals);
      expect(found.liveDeals).toBeGreaterThanOrEqual(ledger.accepts.size);
    }, 240_000);
  },
);
