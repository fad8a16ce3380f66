import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DB_TIMEOUT_MS, databases, openTestDatabase } from '../../test/databases.js';
import { openDatabase, openMigratedDatabase } from './client.js';
import { users } from './schema.js';

for (const kind of databases) {
  it(`[${kind}] answers ping while open and not after close`, { timeout: DB_TIMEOUT_MS }, async () => {
    const database = await openTestDatabase(kind, { migrate: false });
    try {
      expect(database.kind).toBe(kind);
      expect(await database.ping()).toBe(true);
      await database.close();
      expect(await database.ping()).toBe(false);
    } finally {
      await database.dispose();
    }
  });
}

it('keeps PGlite data in <dataDir>/pglite across restarts (D-23)', { timeout: DB_TIMEOUT_MS }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'db-client-'));
  try {
    const first = await openMigratedDatabase({ dataDir });
    await first.db.insert(users).values({ firstName: 'Awa', email: 'awa@test.example' });
    await first.close();
    expect(await readdir(dataDir)).toEqual(['pglite']);

    const second = await openMigratedDatabase({ dataDir });
    const rows = await second.db.select({ email: users.email }).from(users);
    await second.close();
    expect(rows).toEqual([{ email: 'awa@test.example' }]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

it('reports an unreachable PostgreSQL through ping, within the connection timeout', { timeout: 15_000 }, async () => {
  const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', dataDir: tmpdir() });
  const started = Date.now();
  expect(await database.ping()).toBe(false);
  expect(Date.now() - started).toBeLessThan(10_000);
  await database.close();
});
