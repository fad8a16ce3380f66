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

export function createJobQueue(database: Database): PgBoss {
  return new PgBoss({
    db: executorOf(database),
    schema: 'pgboss',
  });
}
