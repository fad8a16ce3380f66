// A new PGlite folder costs about 2 s (its initdb), and the migrations 0.5 s more: the test suites
// open a few hundred. Each is instead copied (0.1 s) from a template made once per machine and
// per version of PGlite and of the migrations: an initialised empty cluster, or one migrated.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDatabase } from '../src/db/client.js';
import { migrateDatabase, resolveMigrationsFolder } from '../src/db/migrate.js';

export type PgliteTemplate = 'empty' | 'migrated';

/** Names what a template holds: PGlite's version, and for 'migrated' every migration file. */
function templateName(kind: PgliteTemplate): string {
  const hash = createHash('sha1');
  hash.update(pgliteVersion());
  if (kind === 'migrated') {
    const folder = resolveMigrationsFolder();
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
      if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(join(folder, file)));
    }
  }
  return `needs-map-pglite-${kind}-${hash.digest('hex').slice(0, 12)}`;
}

/** PGlite's version, from the package.json above its entry point (its exports do not name it). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const made = new Map<PgliteTemplate, Promise<string>>();

/** The template's folder (holding `pglite/`), made on first use; parallel test files may race to make it. */
function template(kind: PgliteTemplate): Promise<string> {
  let folder = made.get(kind);
  if (!folder) {
    folder = (async () => {
      const final = join(tmpdir(), templateName(kind));
      if (existsSync(final)) return final;
      const work = mkdtempSync(`${final}-making-`);
      const database = await openDatabase({ dataDir: work });
      try {
        if (kind === 'migrated') await migrateDatabase(database);
      } finally {
        await database.close();
      }
      try {
        // Atomic: a reader sees no template or a whole one. Another file's rename may have won.
        renameSync(work, final);
      } catch {
        rmSync(work, { recursive: true, force: true });
      }
      return final;
    })();
    made.set(kind, folder);
  }
  return folder;
}

/** Fills `dataDir` with a copy of the template's PGlite folder, as openDatabase({ dataDir }) expects it. */
export async function copyPgliteTemplate(dataDir: string, kind: PgliteTemplate = 'migrated'): Promise<void> {
  cpSync(join(await template(kind), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
}
