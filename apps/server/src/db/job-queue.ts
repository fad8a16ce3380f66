// A durable job queue kept in the database itself (pg-boss), on PGlite and PostgreSQL alike: jobs
// survive a restart, and a scheduled job runs once across every instance sharing the database.
import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database } from './client.js';

const rawClient = <T>(database: Database): T => (database.db as unknown as { $client: T }).$client;

/** pg-boss's `db` option: one way to run its SQL on either driver. */
function executorOf(database: Database) {
  if (database.kind === 'postgres') {
    const pool = rawClient<pg.Pool>(database);
    return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
  }
  const client = rawClient<PGlite>(database);
  return {
    async executeSql(text: string, values?: unknown[]) {
      // pg-boss sends several statements at once (its schema, its maintenance) without values:
      // only exec runs those on PGlite.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
  };
}

/** Any constant: instances starting together take turns installing and starting the queue. */
const QUEUE_START_LOCK_KEY = 7_310_032;

/**
 * Starts the queue and creates the named queues. On PostgreSQL, several instances starting at once
 * would each install pg-boss's schema and collide (CREATE SCHEMA is not safe to race), and creating
 * one queue from two instances at once deadlocks (seen with two cluster workers): one session's
 * advisory lock makes them take turns, and the later ones find it all installed.
 */
export async function startJobQueue(boss: PgBoss, database: Database, queues: string[]): Promise<void> {
  const install = async () => {
    await boss.start();
    for (const name of queues) await boss.createQueue(name);
  };
  if (database.kind !== 'postgres') return install();
  const client = await rawClient<pg.Pool>(database).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_START_LOCK_KEY]);
    try {
      await install();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [QUEUE_START_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export function createJobQueue(database: Database): PgBoss {
  return new PgBoss({
    db: executorOf(database),
    schema: 'pgboss',
  });
}
