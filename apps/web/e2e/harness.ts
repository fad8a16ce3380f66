// The real server (buildApp over PGlite, serving the built web app) and a real Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { users } from '../../server/src/db/schema.js';
import { copyPgliteTemplate } from '../../server/test/pglite-templates.js';
import { toUser } from '../../server/src/modules/users/user-record.js';

const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));

export interface Harness {
  url: string;
  /** The running app: its database, sessions and SMS outbox, for arranging and checking. */
  app: FastifyInstance;
  browser: Browser;
  close(): Promise<void>;
}

/** `env`: extra configuration, e.g. DATABASE_URL and REDIS_URL for several instances over one database. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-'));
  if (!env.DATABASE_URL) await copyPgliteTemplate(dir);
  const config = loadConfig({
    DATA_DIR: dir,
    DEMO_DATA: 'false',
    WEB_DIST,
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: 'admin@example.org',
    RATE_LIMIT_SCALE: '100',
    // The deal clock's queue is tested on its own (plugins/jobs.test.ts); journeys move no time.
    JOBS: 'off',
    ...env,
  });
  const app = await buildApp(config);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Traffic stays on this machine: no host name resolves (the map's early connection to the tile
      // host, the tiles themselves); requests a test answers itself never reach a lookup.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  return {
    url: address,
    app,
    browser,
    async close() {
      await browser.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

interface ContextOptions {
  viewport?: { width: number; height: number };
  signedIn?: boolean;
  language?: 'en-us' | 'fr-ca';
  currency?: 'dollar' | 'euro' | 'fr';
  /** Skip the visitor modal that opens on the landing page. */
  quiet?: boolean;
  /** 'block': no service worker, so page.route sees every request (Playwright cannot route a worker's). */
  serviceWorkers?: 'allow' | 'block';
  /** Who signs in with `signedIn` (created if new). */
  user?: { firstName?: string; email?: string; mobileNo?: string; country?: string | null };
  /** D-25: the street tile server answers with the stub tile (default) or fails every tile. */
  tiles?: 'stub' | 'fail';
  /** Start with the data saver setting on. */
  dataSaver?: boolean;
}

/** The server's default tile host (D-25): tests never reach it, the stub below answers. */
export const TILE_HOST = 'tile.openstreetmap.org';
/** A 1×1 sage-green PNG (Leaflet stretches it to 256 px): every stub tile. */
export const STUB_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4//gaAAUNAoleDcbtAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * D-25: browser tests never reach a tile server. A context route answers the tile host (the page's
 * requests and, in Chromium, the service worker's) with the stub tile, or fails them all.
 */
export async function stubTiles(context: BrowserContext, mode: 'stub' | 'fail' = 'stub'): Promise<void> {
  await context.unroute(`https://${TILE_HOST}/**`);
  await context.route(`https://${TILE_HOST}/**`, (route) =>
    mode === 'fail'
      ? route.abort('internetdisconnected')
      : route.fulfill({
          status: 200,
          contentType: 'image/png',
          headers: { 'access-control-allow-origin': '*', 'cache-control': 'max-age=604800' },
          body: STUB_TILE,
        }),
  );
}

let userCount = 0;

/** Creates (or reuses) a user and starts a real session for it, as POST /api/user/login would. */
export async function createSession(h: Harness, who: ContextOptions['user'] = {}) {
  userCount += 1;
  const email = who.email ?? `user${userCount}-${Date.now()}@example.org`;
  const db = h.app.database.db;
  const existing = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
  const row =
    existing ??
    (
      await db
        .insert(users)
        .values({
          firstName: who.firstName ?? 'Awa',
          email,
          mobileNo: who.mobileNo ?? `+22177${String(1000000 + userCount).slice(-7)}`,
          country: who.country === undefined ? 'SN' : who.country,
          admin: email === 'admin@example.org',
        })
        .returning()
    )[0]!;
  const session = await h.app.sessions.start(row.id);
  return { user: toUser(row), ...session };
}

/**
 * A fresh browser profile. `signedIn` stores a session the way the sign-in screen will
 * (SPEC 3's local-storage names) until accounts exist.
 */
export async function newPage(
  h: Harness,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // Dakar, with the permission granted: sign-in and registration require a location (SPEC 5).
  const context = await h.browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    baseURL: h.url,
    geolocation: { latitude: 14.6928, longitude: -17.4467 },
    permissions: ['geolocation'],
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  await stubTiles(context, options.tiles);
  const storage: Record<string, string> = {};
  if (options.dataSaver) storage.dataSaver = 'on';
  if (options.language) storage.language = options.language;
  if (options.currency) storage.currency = options.currency;
  if (options.signedIn) {
    const session = await createSession(h, options.user);
    Object.assign(storage, {
      isAuthenticated: 'true',
      auth_key: session.auth_key,
      'access-token': session.auth_key,
      expiry: session.expiry,
      isCountry: session.user.country ? 'true' : '',
      currentUser: JSON.stringify(session.user),
    });
  }
  await context.addInitScript(
    ([entries, quiet]) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      if (quiet) sessionStorage.setItem('visitorPromptShown', '1');
    },
    [storage, options.quiet ?? false] as const,
  );
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Waits for the page's h1 to read exactly `text` (screens load lazily). */
export async function expectHeading(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
}

/**
 * Like Playwright's 'networkidle', but the mailbox's event stream (open for as long as a signed-in
 * page is) does not count: resolves once no other request has been in flight for `quietMs`.
 */
export async function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 10_000): Promise<void> {
  const counted = (url: string) => !url.includes('/api/notify/stream');
  const inFlight = new Set<unknown>();
  const add = (r: { url(): string }) => counted(r.url()) && inFlight.add(r);
  const done = (r: unknown) => inFlight.delete(r);
  page.on('request', add);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  try {
    await page.waitForLoadState('load');
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) throw new Error(`the page kept loading for ${timeoutMs} ms`);
      await page.waitForTimeout(50);
      if (inFlight.size > 0) quietSince = Date.now();
    }
  } finally {
    page.off('request', add);
    page.off('requestfinished', done);
    page.off('requestfailed', done);
  }
}
