// `npm run migrate`: brings the configured database (DATABASE_URL, or PGlite in DATA_DIR) up to
// date, as its own deployment step. Instances started in production only check that it was done;
// two migrate runs at once take turns on an advisory lock (migrate.ts).
import { openDatabase } from './db/client.js';
import { migrateDatabase, pendingMigrations } from './db/migrate.js';
import { loadPlaces } from './db/places-data.js';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';
  const database = await openDatabase({ databaseUrl, dataDir, poolMax: 1 });
  try {
    const pending = await pendingMigrations(database);
    await migrateDatabase(database);
    const where = database.kind === 'pglite' ? `PGlite in ${dataDir}` : 'PostgreSQL';
    // D-26: the GeoNames cities, once, into an empty places table.
    const started = performance.now();
    const only = process.env.PLACES_COUNTRIES || undefined;
    const countries = only === 'none' ? [] : only?.split(',');
    const places = await loadPlaces(database.db, { countries });
    if (places)
      console.log(`loaded ${places} places into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      pending.length
        ? `applied ${pending.length} migration(s) to ${where}: ${pending.join(', ')}`
        : `${where} is up to date`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
