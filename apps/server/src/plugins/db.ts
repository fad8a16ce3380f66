// Opens the database (embedded PGlite, or PostgreSQL with DATABASE_URL), migrates it, seeds the
// demo data when configured, and closes it with the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConfigError, type Config } from '../config.js';
import { openDatabase, openMigratedDatabase, type Database } from '../db/client.js';
import { pendingMigrations } from '../db/migrate.js';
import { loadPlaces } from '../db/places-data.js';
import { seedDemoData } from '../db/seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

interface DbOptions {
  config: Config;
  /** A database opened by the caller (tests share one); the caller closes it. */
  database?: Database | undefined;
}

/**
 * In production, migrations are their own step (`npm run migrate`), so instances never
 * race to apply them; an instance only checks they were applied. Elsewhere it migrates itself.
 */
async function open(config: Config): Promise<Database> {
  const options = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  };
  if (config.env !== 'production') return openMigratedDatabase(options);
  const database = await openDatabase(options);
  const pending = await pendingMigrations(database).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  if (pending.length) {
    await database.close();
    throw new ConfigError(
      `The database needs ${pending.length} migration(s) (${pending.join(', ')}): run \`npm run migrate\` first.`,
    );
  }
  return database;
}

/** No request waits on one statement longer than this; bulk work (migrate, seed) opens its own connection. */
const STATEMENT_TIMEOUT_MS = 15_000;

export const dbPlugin = fp(async (app: FastifyInstance, { config, database }: DbOptions) => {
  const owned = !database;
  const db = database ?? (await open(config));
  app.decorate('database', db);
  if (owned && config.env !== 'production') {
    // D-26: an instance that migrates itself loads the cities too (`npm run migrate` does in production).
    const started = Date.now();
    const places = await loadPlaces(db.db, { countries: config.placesCountries }).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    if (places) app.log.info({ ms: Date.now() - started, places }, 'places loaded');
  }
  if (owned) app.addHook('onClose', async () => db.close());
  if (config.demoData) {
    const started = Date.now();
    const seeded = await seedDemoData(db.db);
    if (seeded) app.log.info({ ms: Date.now() - started, ...seeded }, 'demo data seeded');
  }
});
