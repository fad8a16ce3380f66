// No secret in the built web bundle. The web app is built the way `npm run build`
// does, but with every variable the server reads (apps/server/src/config-env.ts) set to a unique
// marker in the build's environment, as on a deployment machine that builds with its secrets in
// the environment; then every built file is searched for those markers and for anything shaped
// like a credential.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const WEB = join(ROOT, 'apps/web');
const CONFIG_SOURCE = join(ROOT, 'apps/server/src/config-env.ts');

/** The variable names of the server's env schema: the keys of `envSchema = z.object({...})`. */
function serverEnvNames(source: string): string[] {
  const body = /const envSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(source)?.[1];
  if (!body) throw new Error(`no envSchema = z.object({...}) in ${CONFIG_SOURCE}: update this test's parser`);
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/** Shapes of real credentials, whatever variable they came from. */
const CREDENTIAL_SHAPES: Record<string, RegExp> = {
  'PEM private key': /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/,
  'AWS access key id': /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/,
  'Google API key': /\bAIza[0-9A-Za-z_-]{35}\b/,
  'Stripe-style live key': /\b[sr]k_live_[0-9A-Za-z]{10,}/,
  'GitHub token': /\bgh[pousr]_[0-9A-Za-z]{30,}/,
  'Slack token': /\bxox[abprs]-[0-9A-Za-z-]{10,}/,
  'Twilio account SID': /\bAC[0-9a-f]{32}\b/,
  'JSON Web Token': /\beyJ[0-9A-Za-z_-]{10,}\.eyJ[0-9A-Za-z_-]{10,}\.[0-9A-Za-z_-]{10,}/,
  'PayPal access token': /\bA21AA[0-9A-Za-z_-]{20,}/,
  'postgres URL with a password': /postgres(?:ql)?:\/\/[^/\s:@"'`]+:[^@\s"'`]+@/,
  'redis URL with a password': /rediss?:\/\/[^/\s@"'`]*:[^@\s"'`]+@/,
};

/** Text files of a build, as path → content. */
function builtFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!/\.(png|jpe?g|webp|ico|woff2?)$/.test(name))
        files.set(relative(dir, path), readFileSync(path, 'latin1'));
    }
  };
  walk(dir);
  return files;
}

/** Every finding: a marker or a credential shape, and the file it is in. */
function findSecrets(files: Map<string, string>, markers: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    for (const [name, value] of Object.entries(markers)) {
      if (text.includes(value)) found.push(`${file}: the value of ${name}`);
    }
    for (const [shape, pattern] of Object.entries(CREDENTIAL_SHAPES)) {
      if (pattern.test(text)) found.push(`${file}: a ${shape}`);
    }
    if (/\bprocess\.env\b/.test(text)) found.push(`${file}: process.env (the build's environment)`);
  }
  return found;
}

const run = promisify(execFile);
let outDir: string;
let markers: Record<string, string>;

beforeAll(async () => {
  const names = serverEnvNames(readFileSync(CONFIG_SOURCE, 'utf8'));
  // Markers that cannot occur by chance; also a VITE_-prefixed one, which Vite would inline if
  // any code read import.meta.env as a whole.
  const tag = Math.random().toString(36).slice(2, 10);
  markers = Object.fromEntries(
    [...names.filter((n) => n !== 'NODE_ENV'), 'VITE_BUNDLE_CANARY'].map((name) => [
      name,
      `mk${tag}${name.toLowerCase().replace(/_/g, '')}`,
    ]),
  );
  outDir = mkdtempSync(join(tmpdir(), 'bundle-secrets-'));
  await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: WEB,
    env: { ...process.env, ...markers, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
}, 240_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the built web bundle', () => {
  it('holds none of the server variables it was built with, and nothing shaped like a credential', () => {
    const files = builtFiles(outDir);
    expect([...files.keys()]).toContain('index.html');
    expect([...files.keys()].filter((f) => f.endsWith('.js')).length).toBeGreaterThan(10);
    // The names read include the secrets this part is about.
    for (const name of [
      'VAPID_PRIVATE_KEY',
      'PAYPAL_CLIENT_SECRET',
      'ADMIN_EMAILS',
      'TWILIO_AUTH_TOKEN',
      'DATABASE_URL',
    ]) {
      expect(Object.keys(markers)).toContain(name);
    }
    expect(findSecrets(files, markers)).toEqual([]);
  });

  it('ships no source maps (they would publish the source and its comments)', () => {
    const files = [...builtFiles(outDir).entries()];
    expect(files.filter(([name]) => name.endsWith('.map'))).toEqual([]);
    expect(files.filter(([, text]) => text.includes('sourceMappingURL=')).map(([name]) => name)).toEqual([]);
  });

  it('the search finds a planted marker and a planted key (it can fail)', () => {
    const planted = new Map([
      ['assets/a.js', `const k="${markers.PAYPAL_CLIENT_SECRET}";`],
      ['assets/b.js', 'const pem="-----BEGIN PRIVATE KEY-----\\nMIIE";'],
      ['assets/c.js', 'fetch("postgres://app:hunter2@db:5432/app")'],
    ]);
    expect(findSecrets(planted, markers)).toEqual([
      'assets/a.js: the value of PAYPAL_CLIENT_SECRET',
      'assets/b.js: a PEM private key',
      'assets/c.js: a postgres URL with a password',
    ]);
  });
});
