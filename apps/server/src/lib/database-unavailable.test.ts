// Which database failures answer 503 rather than 500: real driver errors where they are cheap to
// cause (a refused connection, a terminated backend), the others in the driver's own shape.
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, throwawayDatabaseUrl } from '../../test/databases.js';
import { openDatabase, type Database } from '../db/client.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** A port of this suite's range where nothing listens. */
const CLOSED_PORT = 25298;

const caught = async (promise: PromiseLike<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

const driverError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isDatabaseUnavailable', () => {
  let throwaway: { url: string; drop(): Promise<void> };
  let database: Database;
  beforeAll(async () => {
    throwaway = await throwawayDatabaseUrl();
    database = await openDatabase({ databaseUrl: throwaway.url, dataDir: '/nonexistent', poolMax: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await throwaway?.drop();
  });

  it('says yes for a refused connection, as drizzle throws it', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.port = String(CLOSED_PORT);
    const refused = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent', poolMax: 1 });
    const error = await caught(refused.db.execute(sql`select 1`));
    await refused.close();
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('says yes for a query whose backend was terminated, and the pool then serves again', async () => {
    const name = new URL(throwaway.url).pathname.slice(1);
    // Drizzle's queries are lazy: caught() starts it now.
    const slow = caught(database.db.execute(sql`select pg_sleep(5)`));
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // The sleeping query must be running before it can be cut.
      await expect
        .poll(async () => {
          const { rows } = await admin.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = $1 and query like '%pg_sleep%'`,
            [name],
          );
          return rows[0]?.n;
        })
        .toBe(1);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    } finally {
      await admin.end();
    }
    const error = await slow;
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('57P01');
    expect(isDatabaseUnavailable(error)).toBe(true);
    await expect(database.ping()).resolves.toBe(true);
  });

  it('says yes for the driver errors of a lost connection or an exhausted pool', () => {
    for (const error of [
      driverError('Connection terminated unexpectedly'),
      driverError('Connection terminated due to connection timeout'),
      driverError('timeout exceeded when trying to connect'),
      driverError('Client has encountered a connection error and is not queryable'),
      driverError('the database system is shutting down', '57P03'),
      driverError('connection failure', '08006'),
      driverError('sorry, too many clients already', '53300'),
      driverError('read ECONNRESET', 'ECONNRESET'),
      new DrizzleQueryError('select 1', [], driverError('terminating connection', '57P01')),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('says no for errors of the query itself', async () => {
    const error = await caught(database.db.execute(sql`select * from no_such_table`));
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(driverError('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
