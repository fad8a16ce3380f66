// In production, migrations are a separate step. An instance refuses to start on a
// database that lacks them, saying what to run, and starts once `npm run migrate` has run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase, pendingMigrations } from '../db/migrate.js';
import { throwawayDatabaseUrl } from '../../test/databases.js';
import { PRODUCTION_ENV } from '../../test/production-env.js';

const production = (databaseUrl: string) =>
  loadConfig({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATABASE_URL: databaseUrl });

describe('an instance in production', () => {
  let database: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    database = await throwawayDatabaseUrl();
  });
  afterAll(async () => database?.drop());

  it('refuses an unmigrated database and names `npm run migrate`, without touching it', async () => {
    const attempt = buildApp(production(database.url));
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(buildApp(production(database.url))).rejects.toThrow(/run `npm run migrate` first/);
    const db = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' });
    try {
      expect((await pendingMigrations(db)).length).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });

  it('starts once the migrations have run, and answers', async () => {
    const db = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' });
    try {
      await migrateDatabase(db);
      expect(await pendingMigrations(db)).toEqual([]);
    } finally {
      await db.close();
    }
    const app = await buildApp(production(database.url));
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
