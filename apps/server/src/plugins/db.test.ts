// Issue 7: in production, migrations are a separate step. An instance refuses to start on a
// database that lacks them, saying what to run, and starts once `npm run migrate` has run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase, pendingMigrations } from '../db/migrate.js';
import { throwawayDatabaseUrl } from '../../test/databases.js';

const production = (databaseUrl: string) =>
  loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    PUBLIC_URL: 'https://market.example.org',
    DATABASE_URL: databaseUrl,
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: 'client-id',
    PAYPAL_CLIENT_SECRET: 'EKs8-9d7f6g5h4j3k2l1',
    PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
    PAYPAL_PLAN_ID: 'P-5ML4271244454362WXNWU5NQ',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
    TWILIO_AUTH_TOKEN: 'f3b9c1d2e4a5968778695a4b3c2d1e0f',
    TWILIO_FROM: '+15005550006',
    METRICS_TOKEN: 'mT9v2Qx7Lp4Rz8Kw',
  });

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
