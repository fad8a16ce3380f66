// Adds benchmark posts: `tsx apps/server/src/seed-cli.ts --count 100000`.
// Reads DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data) itself, so it runs without
// the app's configuration; migrates first so it works on an empty data folder.
import { openMigratedDatabase } from './db/client.js';
import { addPosts } from './db/seed.js';

function readCount(argv: readonly string[]): number {
  const at = argv.findIndex((arg) => arg === '--count' || arg.startsWith('--count='));
  if (at < 0) return 1000;
  const arg = argv[at] ?? '';
  const text = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1];
  const count = Number(text);
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`--count needs a whole number, got ${text}`);
  return count;
}

async function main(): Promise<void> {
  const count = readCount(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';
  const database = await openMigratedDatabase({ databaseUrl, dataDir });
  try {
    const started = performance.now();
    const added = await addPosts(database.db, count);
    const seconds = (performance.now() - started) / 1000;
    const where = database.kind === 'pglite' ? `PGlite in ${dataDir}` : 'PostgreSQL';
    console.log(`added ${added} posts to ${where} in ${seconds.toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
