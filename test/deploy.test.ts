// The deployment files cannot run here (no Docker daemon): these checks keep them
// consistent with the repository and with the app's production configuration rules, so compose,
// the Dockerfile and config.ts cannot drift apart unnoticed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../apps/server/src/config.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

// ---------------------------------------------------------------- compose.yaml and its env file

type Environment = Record<string, string | number | boolean | null>;
interface Service {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  depends_on?: string[] | Record<string, { condition?: string }>;
  environment?: Environment;
  healthcheck?: { test?: string[] | string };
  ports?: string[];
  volumes?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;

/** `${VAR:?}`, `${VAR:?message}`, `${VAR}`, `${VAR:-default}` and `$$`, as compose interpolates. */
const REFERENCE = /\$\$|\$\{([A-Z0-9_]+)(?:(:\?|:-)([^}]*))?\}/g;

interface Reference {
  name: string;
  required: boolean;
  fallback: string | undefined;
}
function references(text: string): Reference[] {
  return [...text.matchAll(REFERENCE)]
    .filter((m) => m[1] !== undefined)
    .map((m) => ({ name: m[1]!, required: m[2] === ':?', fallback: m[2] === ':-' ? m[3] : undefined }));
}

/** Compose's interpolation; a required variable missing from `vars` throws, as compose stops. */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(REFERENCE, (whole: string, name: string | undefined, op: string | undefined, rest: string) => {
    if (whole === '$$') return '$';
    const value = vars[name!];
    if (op === ':?' && !value) throw new Error(`compose would stop: ${name} is not set`);
    if (op === ':-' && !value) return rest;
    return value ?? '';
  });
}

const envOf = (service: string, vars: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(services[service]?.environment ?? {}).map(([k, v]) => [k, interpolate(String(v ?? ''), vars)]),
  );

/** Every variable of deploy/.env.example, with its example value. */
const example: Record<string, string> = Object.fromEntries(
  read('deploy/.env.example')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** Every string value of the parsed file (comments are not interpolated, values are). */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
const referenced = strings(compose).flatMap(references);
const requiredNames = [...new Set(referenced.filter((r) => r.required).map((r) => r.name))];

/** Plausible real values: no example words, URLs and numbers where the app expects them. */
function plausible(names: readonly string[]): Record<string, string> {
  const special: Record<string, string> = {
    PUBLIC_URL: 'https://market.example.org',
    VAPID_SUBJECT: 'mailto:ops@market.example.org',
    TWILIO_FROM: '+15005550006',
    PAYPAL_API_URL: 'https://api-m.paypal.com',
    POSTGRES_USER: 'market',
    POSTGRES_DB: 'market',
    TRUST_PROXY: '1',
  };
  return Object.fromEntries(names.map((name, i) => [name, special[name] ?? `k${i}${'3f9a0c7e51d2b8a4'.repeat(2)}`]));
}

/** The variables config.ts reads (the envSchema keys of config-env.ts). */
const configSource = read('apps/server/src/config-env.ts');
const schemaBody = configSource.slice(
  configSource.indexOf('const envSchema = z.object({'),
  configSource.indexOf('\n});', configSource.indexOf('const envSchema')),
);
const CONFIG_VARIABLES = new Set([...schemaBody.matchAll(/^ {2}([A-Z0-9_]+):/gm)].map((m) => m[1]!));

describe('compose.yaml', () => {
  it('has the two app instances, the migration step, PostgreSQL 15, Redis 7, MinIO and a proxy', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['app1', 'app2', 'migrate', 'postgres', 'redis', 'minio', 'minio-bucket', 'proxy']),
    );
    expect(services.postgres?.image).toBe('postgres:15');
    expect(services.redis?.image).toBe('redis:7');
    expect(services.postgres?.healthcheck?.test).toBeDefined();
    expect(services.redis?.healthcheck?.test).toBeDefined();
  });

  it('names only existing services in depends_on', () => {
    for (const [name, service] of Object.entries(services)) {
      const deps = service.depends_on ?? [];
      for (const dep of Array.isArray(deps) ? deps : Object.keys(deps)) {
        expect(Object.keys(services), `${name} depends on ${dep}`).toContain(dep);
      }
    }
  });

  it('starts the instances only after the migration finished and the servers are healthy', () => {
    for (const name of ['app1', 'app2']) {
      const deps = services[name]?.depends_on as Record<string, { condition?: string }>;
      expect(deps.migrate?.condition).toBe('service_completed_successfully');
      expect(deps['minio-bucket']?.condition).toBe('service_completed_successfully');
      expect(deps.postgres?.condition).toBe('service_healthy');
      expect(deps.redis?.condition).toBe('service_healthy');
    }
    const migrate = services.migrate!;
    expect(migrate.command).toEqual(['node', 'apps/server/dist/migrate-cli.js']);
    expect(builtFiles()).toContain('apps/server/dist/migrate-cli.js');
    expect(migrate.image).toBe(services.app1?.image);
  });

  it('gives the instances an environment that passes the production checks of config.ts', () => {
    // Secrets and addresses get plausible real values; the optional settings keep their examples.
    const vars = { ...example, ...plausible(requiredNames) };
    for (const name of ['app1', 'app2']) {
      const env = envOf(name, vars);
      expect(env.NODE_ENV).toBe('production');
      const config = loadConfig(env);
      expect(config.env).toBe('production');
      expect(new URL(config.databaseUrl!).hostname).toBe('postgres');
      expect(new URL(config.redisUrl!).hostname).toBe('redis');
      expect(config.storage).toMatchObject({
        provider: 's3',
        s3: { endpoint: 'http://minio:9000', forcePathStyle: true },
      });
      expect(config.payments.provider).toBe('paypal');
      expect(config.sms.provider).toBe('twilio');
      expect(config.push.provider).toBe('webpush');
      expect(config.push.vapid).toBeDefined();
      expect(config.metricsToken).toBe(vars.METRICS_TOKEN);
      expect(config.demoData).toBe(false);
    }
    // The migration step reads the same database.
    expect(envOf('migrate', vars).DATABASE_URL).toBe(envOf('app1', vars).DATABASE_URL);
  });

  it('trusts X-Forwarded-For from Caddy alone: one hop, in compose and its env file alike', () => {
    for (const name of ['app1', 'app2']) {
      expect(services[name]?.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:?}');
      expect(
        loadConfig(envOf(name, { ...example, ...plausible(requiredNames), TRUST_PROXY: example.TRUST_PROXY! }))
          .trustProxy,
      ).toBe(1);
    }
    expect(example.TRUST_PROXY).toBe('1');
    // One hop is right only while the instances are reached through Caddy alone, and Caddy
    // replaces a client's X-Forwarded-For (it trusts no proxy in front of it).
    expect(services.app1?.ports).toBeUndefined();
    expect(services.app2?.ports).toBeUndefined();
    expect(read('deploy/Caddyfile')).not.toMatch(/trusted_proxies/);
  });

  it('needs none of the optional variables (those with a default)', () => {
    const env = envOf('app1', plausible(requiredNames));
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('sets only variables config.ts knows, so a misspelt name cannot go unnoticed', () => {
    expect(CONFIG_VARIABLES.size).toBeGreaterThan(30);
    for (const key of Object.keys(services.app1?.environment ?? {})) expect(CONFIG_VARIABLES, key).toContain(key);
  });

  it('is refused by the instances while the env file still holds the example values', () => {
    let refusal: unknown;
    try {
      loadConfig(envOf('app1', example));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    expect(String((refusal as Error).message)).toMatch(/example value/);
  });
});

describe('deploy/.env.example', () => {
  it('documents every variable compose reads, and only those', () => {
    const used = new Set(referenced.map((r) => r.name));
    expect(Object.keys(example).sort()).toEqual([...used].sort());
  });

  it('gives every required variable an example, which compose would accept', () => {
    for (const name of requiredNames) expect(example[name], name).not.toBe('');
    expect(() => envOf('app1', example)).not.toThrow();
  });

  it('stops compose when a required variable is missing', () => {
    const rest: Record<string, string> = { ...example };
    delete rest.METRICS_TOKEN;
    expect(() => envOf('app1', rest)).toThrow(/METRICS_TOKEN/);
  });
});

// ---------------------------------------------------------------- deploy/Caddyfile

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');

  it('load-balances over the app services, on the port they listen on, checking /api/health', () => {
    const line = /^\s*reverse_proxy\s+([^{\n]+)\{/m.exec(caddyfile);
    expect(line, 'a reverse_proxy block').not.toBeNull();
    const upstreams = line![1]!.trim().split(/\s+/);
    expect(upstreams.length).toBeGreaterThanOrEqual(2);
    const hosts = upstreams.map((u) => u.replace(/^https?:\/\//, '').split(':'));
    expect(hosts.map(([host]) => host).sort()).toEqual(['app1', 'app2']);
    for (const [host, port] of hosts) {
      expect(Object.keys(services)).toContain(host);
      expect(port).toBe(String(services[host!]?.environment?.PORT));
    }
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/health$/m);
  });

  it('is the file the proxy service mounts, published on port 80', () => {
    const proxy = services.proxy!;
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(proxy.ports).toContain('80:80');
    expect(caddyfile).toContain('{$SITE_ADDRESS}');
    expect(Object.keys(proxy.environment ?? {})).toContain('SITE_ADDRESS');
  });
});

// ---------------------------------------------------------------- Dockerfile and .dockerignore

const INSTRUCTIONS = new Set([
  'ADD',
  'ARG',
  'CMD',
  'COPY',
  'ENTRYPOINT',
  'ENV',
  'EXPOSE',
  'FROM',
  'HEALTHCHECK',
  'LABEL',
  'ONBUILD',
  'RUN',
  'SHELL',
  'STOPSIGNAL',
  'USER',
  'VOLUME',
  'WORKDIR',
]);

interface Instruction {
  keyword: string;
  args: string;
  stage: number;
}

/** Instructions with continuation lines joined and comments dropped; `stage` counts FROMs. */
function dockerInstructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  let stage = -1;
  return joined
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [, keyword = '', args = ''] = /^\s*(\S+)\s*(.*)$/.exec(line) ?? [];
      if (keyword.toUpperCase() === 'FROM') stage += 1;
      return { keyword: keyword.toUpperCase(), args: args.trim(), stage };
    });
}

/** What `npm run build` leaves behind: apps/server/build.mjs's entry points, and the web app. */
function builtFiles(): string[] {
  const build = read('apps/server/build.mjs');
  const entries = [...(/entryPoints:\s*\[([^\]]*)\]/.exec(build)?.[1] ?? '').matchAll(/'src\/([\w-]+)\.ts'/g)];
  const outdir = /outdir:\s*'([^']+)'/.exec(build)?.[1];
  return entries.map((m) => `apps/server/${outdir}/${m[1]}.js`);
}

/** .dockerignore patterns as regular expressions over repository paths. */
function ignored(path: string): boolean {
  const patterns = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const parts = path.split('/');
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  return patterns.some((pattern) => {
    const source = pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '<any-folders>')
      .replace(/\*/g, '[^/]*')
      .replace(/<any-folders>/g, '(?:.*/)?');
    const regex = new RegExp(`^${source}$`);
    return prefixes.some((p) => regex.test(p));
  });
}

describe('Dockerfile', () => {
  const instructions = dockerInstructions(read('Dockerfile'));
  const finalStage = Math.max(...instructions.map((i) => i.stage));
  const final = instructions.filter((i) => i.stage === finalStage);

  it('uses only known instructions, on node:20-bookworm-slim in every stage', () => {
    for (const { keyword } of instructions) expect(INSTRUCTIONS, keyword).toContain(keyword);
    const bases = instructions.filter((i) => i.keyword === 'FROM').map((i) => i.args.split(/\s+/)[0]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toBe('node:20-bookworm-slim');
  });

  it('copies only files that exist in the repository and that .dockerignore lets through', () => {
    const copies = instructions.filter((i) => i.keyword === 'COPY' && !i.args.includes('--from='));
    expect(copies.length).toBeGreaterThan(3);
    for (const { args } of copies) {
      const [...sources] = args.split(/\s+/).filter((a) => !a.startsWith('--'));
      sources.pop(); // the destination
      for (const source of sources) {
        expect(existsSync(join(ROOT, source)), `${source} exists`).toBe(true);
        expect(ignored(source), `${source} is not in .dockerignore`).toBe(false);
      }
    }
  });

  it('takes from the build stage only what `npm run build` produces', () => {
    const fromBuild = final
      .filter((i) => i.keyword === 'COPY' && i.args.includes('--from='))
      .map((i) =>
        i.args
          .split(/\s+/)
          .filter((a) => !a.startsWith('--'))[0]!
          .replace(/^\/app\//, ''),
      );
    expect(fromBuild.sort()).toEqual(['apps/server/dist', 'apps/web/dist']);
    for (const file of builtFiles()) expect(fromBuild.some((dir) => file.startsWith(`${dir}/`))).toBe(true);
    // The web app's folder is where config.ts looks by default (WEB_DIST unset).
    expect(read('apps/server/src/config.ts')).toContain("new URL('../../web/dist', import.meta.url)");
  });

  it('runs the server bundle as a non-root user with production dependencies only', () => {
    const cmd = final.find((i) => i.keyword === 'CMD');
    expect(JSON.parse(cmd!.args)).toEqual(['node', 'apps/server/dist/server.js']);
    expect(builtFiles()).toContain('apps/server/dist/server.js');
    const user = final.filter((i) => i.keyword === 'USER').pop();
    expect(user?.args).toBeDefined();
    expect(user!.args.split(':')[0]).not.toMatch(/^(root|0)$/);
    expect(final.indexOf(user!)).toBeLessThan(final.indexOf(cmd!));
    expect(final.some((i) => i.keyword === 'RUN' && /npm ci\b.*--omit=dev/.test(i.args))).toBe(true);
    expect(final.some((i) => i.keyword === 'ENV' && /NODE_ENV=production/.test(i.args))).toBe(true);
  });

  it('checks the readiness route', () => {
    const check = final.find((i) => i.keyword === 'HEALTHCHECK');
    expect(check?.args).toContain('/api/health');
  });
});

describe('.dockerignore', () => {
  it('keeps installed, built and local files out of the build context', () => {
    for (const path of ['node_modules', 'apps/web/node_modules', 'apps/server/dist', 'apps/web/dist', 'data', '.git']) {
      expect(ignored(path), path).toBe(true);
    }
    expect(ignored('deploy/.env')).toBe(true);
    expect(ignored('apps/server/drizzle/0000_init.sql')).toBe(false);
  });
});
