// The real server (buildApp over PGlite, serving the built web app) and a real Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';

const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));

export interface Harness {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-'));
  const config = loadConfig({ DATA_DIR: dir, DEMO_DATA: 'false', WEB_DIST, LOG_LEVEL: 'warn' });
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
    ],
  });
  return {
    url: address,
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
}

/**
 * A fresh browser profile. `signedIn` stores a session the way the sign-in screen will
 * (SPEC 3's local-storage names) until accounts exist (issue 3).
 */
export async function newPage(
  h: Harness,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await h.browser.newContext({ viewport: options.viewport ?? DESKTOP, baseURL: h.url });
  const storage: Record<string, string> = {};
  if (options.language) storage.language = options.language;
  if (options.currency) storage.currency = options.currency;
  if (options.signedIn) {
    Object.assign(storage, {
      isAuthenticated: 'true',
      auth_key: 'test-session-key',
      'access-token': 'test-session-key',
      currentUser: JSON.stringify({ _id: 'u-test', firstName: 'Awa', email: 'awa@example.org' }),
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
