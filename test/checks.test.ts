// `npm run typecheck` and `npm run lint` (scripts/checks.mjs) as a developer and CI run them: a
// check that fails fails the step and shows its output, after the others have run; an unknown check
// is refused with the names there are.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts/checks.mjs');
const checks = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } });

/** A checkout whose shared package has a type error and whose test folder has none. */
const broken = mkdtempSync(join(tmpdir(), 'checks-'));
afterAll(() => rmSync(broken, { recursive: true, force: true }));
function project(folder: string, source: string) {
  mkdirSync(join(broken, folder), { recursive: true });
  const options = { strict: true, noEmit: true, types: [] };
  writeFileSync(join(broken, folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, include: ['*.ts'] }));
  writeFileSync(join(broken, folder, 'code.ts'), source);
}

it('fails the step when a check fails, with its output, after running the others', () => {
  project('packages/shared', 'export const n: number = "not a number";\n');
  project('test', 'export const n: number = 1;\n');
  const run = checks(['types: packages/shared', 'types: test'], { CHECKS_ROOT: broken });
  expect(run.status).toBe(1);
  expect(run.stdout).toMatch(/FAILED {2}types: packages\/shared/);
  expect(run.stdout).toContain('code.ts');
  expect(run.stdout).toMatch(/passed {2}types: test/);
  expect(run.stderr).toContain('checks failed');
}, 60_000);

it('passes the step when every chosen check passes', () => {
  const run = checks(['types: packages/shared']);
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/passed {2}types: packages\/shared/);
}, 60_000);

it('refuses a check it does not know, naming those it has', () => {
  const run = checks(['nothing']);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('types: apps/server');
});
