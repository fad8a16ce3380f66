// Named statements on a real PostgreSQL connection: a parameterised query is prepared once and
// reused under a name derived from its text; a query without parameters (a migration may hold
// several statements) still goes through the simple protocol.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayDatabaseUrl } from '../../test/databases.js';
import { nameStatements, statementName } from './named-statements.js';

describe('named statements [postgres]', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabaseUrl>>;
  let client: pg.Client;

  beforeAll(async () => {
    database = await throwawayDatabaseUrl();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    nameStatements(client);
  }, 30_000);

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  }, 30_000);

  const prepared = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (r) => r.name,
    );

  it('prepares a parameterised query once, under the name of its text, and answers each call', async () => {
    const text = 'select $1::int + 1 as n';
    expect((await client.query({ text, values: [1] })).rows).toEqual([{ n: 2 }]);
    expect((await client.query(text, [41])).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toEqual([statementName(text)]);
    expect(statementName('select $1::int + 2 as n')).not.toBe(statementName(text));
  });

  it('sends several statements without parameters as they are, unnamed', async () => {
    await client.query('create table t (n int); insert into t values (7)');
    expect((await client.query('select n from t')).rows).toEqual([{ n: 7 }]);
    expect(await prepared()).toHaveLength(1);
  });
});
