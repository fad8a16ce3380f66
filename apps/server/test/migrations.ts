// A migration's data step is tested on rows written before it: the database is first brought up
// to the migration before it, from a copy of the folder whose journal stops there.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMigrationsFolder } from '../src/db/migrate.js';

/** A copy of the migrations folder with only the migrations before `idx`, and its removal. */
export function migrationsBefore(idx: number): { folder: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(resolveMigrationsFolder(), folder, { recursive: true });
  const path = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  writeFileSync(path, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
