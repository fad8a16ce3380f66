// Opens the database (embedded PGlite, or PostgreSQL with DATABASE_URL), migrates it, seeds the
// demo data when configured, and closes it with the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openMigratedDatabase, type Database } from '../db/client.js';
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

export const dbPlugin = fp(async (app: FastifyInstance, { config, database }: DbOptions) => {
  const owned = !database;
  const db = database ?? (await openMigratedDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('database', db);
  if (owned) app.addHook('onClose', async () => db.close());
  if (config.demoData) {
    const started = Date.now();
    const seeded = await seedDemoData(db.db);
    if (seeded) app.log.info({ ms: Date.now() - started, ...seeded }, 'demo data seeded');
  }
});
