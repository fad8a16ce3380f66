// The public pages arrive as HTML in the visitor's language and paint before
// any JavaScript; the app then hydrates them in place, without a mismatch.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { newPage, PHONE, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const LANGS = [
  {
    language: 'en-us',
    locale: 'en-US',
    acceptLanguage: 'en-US,en;q=0.9',
    hero: 'Needs and offers, on a map near you',
    pages: { '/about': 'About', '/privacypolicy': 'Privacy Policy', '/login': 'Login' },
  },
  {
    language: 'fr-ca',
    locale: 'fr-CA',
    acceptLanguage: 'fr-FR,fr;q=0.9,en;q=0.5',
    hero: 'Besoins et offres, sur une carte près de chez vous',
    pages: { '/about': 'À propos', '/privacypolicy': 'Politique de confidentialité', '/login': 'Connexion' },
  },
] as const;

/** Counts the headings removed from the page: rendering anew would replace the painted one. */
async function countRemovedHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { removedHeadings: number };
    w.removedHeadings = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes)
          if (n instanceof Element && (n.matches('h1') || n.querySelector('h1'))) w.removedHeadings += 1;
    }).observe(document, { childList: true, subtree: true });
  });
}
const removedHeadings = (page: Page) =>
  page.evaluate(() => (window as unknown as { removedHeadings: number }).removedHeadings);

const SCREENS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'prerender-screens');

describe('prerendered public pages', () => {
  for (const lang of LANGS) {
    it(`sends / and the other public pages as HTML in ${lang.language} (Accept-Language), before any script`, async () => {
      const { context, page } = await newPage(h);
      const home = await page.request.get('/', { headers: { 'accept-language': lang.acceptLanguage } });
      expect(home.status()).toBe(200);
      expect(home.headers()['vary']).toContain('accept-language');
      const html = await home.text();
      expect(html).toContain(`<html lang="${lang.locale}">`);
      expect(html).toContain(`data-prerendered="${lang.language}"`);
      expect(html).toContain(`<h1 class="hero-title">${lang.hero}</h1>`);
      // The map's place in the page, before its code loads.
      expect(html).toContain('class="map-section-frame"');
      for (const [path, heading] of Object.entries(lang.pages)) {
        const res = await page.request.get(path, { headers: { 'accept-language': lang.acceptLanguage } });
        const body = await res.text();
        expect(body, path).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
        expect(body, path).toContain(`data-prerendered="${lang.language}"`);
      }
      // A signed-in route gets the shell's skeleton, not a prerendered page.
      const dashboard = await (await page.request.get('/dashboard')).text();
      expect(dashboard).toContain('class="boot"');
      // With the app's mark in its header: the first paint has content (Lighthouse's FCP).
      expect(dashboard).toMatch(/<div class="boot-header">\s*<svg class="boot-logo"/);
      expect(dashboard).not.toContain('data-prerendered');
      await context.close();
    });

    it(`shows / in ${lang.language} with JavaScript disabled (screenshot at 375 px)`, async () => {
      const context = await h.browser.newContext({
        baseURL: h.url,
        viewport: PHONE,
        javaScriptEnabled: false,
        locale: lang.locale,
      });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: lang.hero, exact: true }).isVisible()).resolves.toBe(
        true,
      );
      mkdirSync(SCREENS, { recursive: true });
      await page.screenshot({ path: join(SCREENS, `prerendered-home-${lang.language}-375.png`), fullPage: true });
      await context.close();
    });

    it(`hydrates / in ${lang.language} in place: the painted heading stays, no console error`, async () => {
      const { context, page, errors } = await newPage(h, { viewport: PHONE, language: lang.language });
      await context.setExtraHTTPHeaders({ 'accept-language': lang.acceptLanguage });
      const consoleProblems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') consoleProblems.push(m.text());
      });
      await countRemovedHeadings(page);
      await page.goto('/');
      // The visitor prompt opens from an effect: proof that the page is hydrated and live.
      await page.getByRole('dialog').first().waitFor();
      await expect(page.getByRole('heading', { level: 1, name: lang.hero, exact: true }).isVisible()).resolves.toBe(
        true,
      );
      await expect(removedHeadings(page)).resolves.toBe(0);
      expect(consoleProblems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // The other prerendered pages hydrate in place too. (`/` in fr-ca above is the one that failed
  // when the build rendered the pages one after another from the same modules: its lazy parts,
  // already loaded, were not marked for Preact's hydration, which then replaced them.)
  for (const lang of LANGS) {
    const other = LANGS.find((l) => l !== lang)!;
    it(`hydrates /about, /privacypolicy and /login in ${lang.language} in place: the language switch then works`, async () => {
      for (const [path, heading] of Object.entries(lang.pages)) {
        const { context, page, errors } = await newPage(h, { viewport: PHONE, language: lang.language });
        await context.setExtraHTTPHeaders({ 'accept-language': lang.acceptLanguage });
        await countRemovedHeadings(page);
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
        // Hydration, lazy parts included, is over once the network has been quiet for 0.5 s.
        await page.waitForLoadState('networkidle');
        await expect(removedHeadings(page), path).resolves.toBe(0);
        // One choice, as a visitor makes it. Only the app answers it (before its hydration ends,
        // by taking the choice over): the page reloads, prerendered in the other language.
        // Its label changes with the language: found by its place.
        await page.locator('.language-switch select').selectOption(other.language);
        await page
          .getByRole('heading', { level: 1, name: other.pages[path as keyof typeof other.pages], exact: true })
          .waitFor();
        expect(await page.locator('html').getAttribute('lang'), path).toBe(other.locale);
        await page.waitForLoadState('networkidle');
        await expect(removedHeadings(page), path).resolves.toBe(0);
        expect(errors).toEqual([]);
        await context.close();
      }
    });
  }

  it('renders anew, in the stored language, when it differs from the prerendered one', async () => {
    const { context, page, errors } = await newPage(h, { viewport: PHONE, language: 'fr-ca', quiet: true });
    await context.setExtraHTTPHeaders({ 'accept-language': 'en-US' });
    const consoleProblems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleProblems.push(m.text());
    });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'À propos', exact: true }).waitFor();
    // The app told the server its choice: the next page comes prerendered in French.
    const next = await page.request.get('/about', { headers: { 'accept-language': 'en-US' } });
    expect(await next.text()).toContain('data-prerendered="fr-ca"');
    expect(consoleProblems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the map's code named in the HTML of /dashboard and /map", () => {
  it('lists the map screen, its styles and the texts in the page language; other pages list none', async () => {
    const { context, page } = await newPage(h);
    for (const [path, acceptLanguage, texts] of [
      ['/dashboard', 'en-US', 'en-us'],
      ['/Map', 'fr-FR,fr;q=0.9', 'fr-ca'],
    ] as const) {
      const html = await (await page.request.get(path, { headers: { 'accept-language': acceptLanguage } })).text();
      const scripts = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
      // Leaflet's kit and the map's own chunks, asked for after the app's code.
      const later = [
        ...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g),
      ].map((m) => m[1]!);
      const styles = [...html.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1]!,
      );
      expect(
        scripts.some((href) => /^\/assets\/map-screen-[\w-]+\.js$/.test(href)),
        path,
      ).toBe(true);
      expect(
        later.filter((href) => /^\/assets\/(?:map-kit|posts-map)-[\w-]+\.js$/.test(href)),
        path,
      ).toHaveLength(2);
      expect(
        scripts.filter((href) => /^\/assets\/(?:map-kit|posts-map)-/.test(href)),
        path,
      ).toEqual([]);
      expect(
        scripts.filter((href) => /^\/assets\/(en-us|fr-ca)-/.test(href)),
        path,
      ).toEqual([expect.stringMatching(new RegExp(`^/assets/${texts}-[\\w-]+\\.js$`))]);
      expect(styles.length, path).toBeGreaterThan(0);
      // Ten files: the map screen's own modules, those it shares with the public pages, its icons,
      // Rolldown's runtime, the map's own, Leaflet's kit, the texts and three stylesheets (they were
      // 19 small files and 5 stylesheets, then 18 with a file of under 1 KB for each set of screens
      // sharing one of its modules), and React Leaflet's Circle, which draws an approximate post as
      // an area (D-35).
      expect(scripts.length + later.length + styles.length, path).toBeLessThanOrEqual(11);
      // The early script that asks for the first posts: right after the stylesheet, run on arrival,
      // told the tile server to connect to ahead.
      const early =
        /<link rel="stylesheet"[^>]*><script async fetchpriority="high" src="(\/assets\/first-map-view-[\w-]+\.js)" data-tiles="https:\/\/tile\.openstreetmap\.org"><\/script>/.exec(
          html,
        )?.[1];
      expect(early, path).toBeDefined();
      for (const href of [...scripts, ...later, ...styles, early!])
        expect((await page.request.get(href)).status(), href).toBe(200);
    }
    const profile = await (await page.request.get('/profile')).text();
    expect(profile).toContain('class="boot"');
    expect(profile).not.toContain('map-screen-');
    expect(profile).not.toContain('first-map-view-');
    await context.close();
  });

  it("a cold / and /login download none of the map's code: the map screen's chunk leaves their modules out", async () => {
    for (const path of ['/', '/login']) {
      const { context, page, errors } = await newPage(h, { viewport: PHONE });
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(asked.length, path).toBeGreaterThan(3);
      expect(
        asked.filter((p) => /^\/assets\/(?:map-kit|map-screen|visitor-map)-/.test(p)),
        path,
      ).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  // The selection map shares the map screen's styles, so it does load that chunk, as before.
  it("a cold selection map downloads Leaflet's kit and not the posts map: the kit never imports the map", async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true });
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/selectionmap/Equipments/equipment-tractor');
    await page.getByRole('region', { name: 'Map to choose the location of your post' }).waitFor();
    expect(asked.filter((p) => /^\/assets\/map-kit-/.test(p))).toHaveLength(1);
    expect(asked.filter((p) => /^\/assets\/posts-map-/.test(p))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names the stylesheet before any script, so the first paint does not wait for the scripts', async () => {
    const { context, page } = await newPage(h);
    for (const path of ['/', '/about', '/dashboard', '/profile']) {
      const html = await (await page.request.get(path)).text();
      const stylesheet = html.search(/<link rel="stylesheet"[^>]*href="\/assets\/index-[\w-]+\.css"/);
      expect(stylesheet, path).toBeGreaterThan(0);
      expect(stylesheet, path).toBeLessThan(html.indexOf('<script'));
      // The first screen's code is one file (no preload of its own); the map's pages name theirs.
      const preload = html.indexOf('rel="modulepreload"');
      if (path === '/dashboard') expect(preload, path).toBeGreaterThan(0);
      if (preload >= 0) expect(stylesheet, path).toBeLessThan(preload);
    }
    await context.close();
  });

  it("a cold signed-in /dashboard gets its entry and the map's code with V8's compile hint first, and only those", async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true });
    const scripts = new Map<string, Response>();
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/assets\/.+\.js$/.test(path)) scripts.set(path.replace(/-[\w-]{8}\.js$/, ''), r);
    });
    await page.goto('/dashboard');
    await page.locator('.leaflet-marker-icon').first().waitFor();
    const hinted: string[] = [];
    for (const [name, r] of scripts)
      if ((await r.text()).startsWith('//# allFunctionsCalledOnLoad\n')) hinted.push(name);
    expect(hinted.sort()).toEqual(['/assets/index', '/assets/map-kit', '/assets/map-screen', '/assets/posts-map']);
    // The rest of what the page ran (texts, the early script, the search) has none.
    expect(scripts.size).toBeGreaterThan(hinted.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a cold signed-in /dashboard gets the offline code in one file and the small modules with their screens', async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true });
    const scripts: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/assets\/.+\.js$/.test(path)) scripts.push(path.replace(/-[\w-]{8}\.js$/, ''));
    });
    await page.goto('/dashboard');
    await page.locator('.leaflet-marker-icon').first().waitFor();
    // The outbox, its panel and the persisted queries: one file (they were five).
    expect(scripts).toContain('/assets/offline');
    // Modules of under 2 KB, each a file of its own before, are in the chunks of their screens.
    const alone = ['outbox', 'outbox-panel', 'offline-sync', 'query-persistence', 'dist', 'geolocation'];
    alone.push('location-modal', 'map-legend', 'position-country', 'vocabulary', 'data-saver');
    alone.push('infiniteQueryOptions', 'Popup');
    expect(scripts.filter((path) => alone.includes(path.slice('/assets/'.length)))).toEqual([]);
    expect(scripts).toContain('/assets/map-shared');
    // Until the markers show: the early script, the entry, the screen's four files, the texts,
    // the map's two, the offline code, the country shapes (there were 22) and the areas' Circle (D-35).
    expect(scripts.length, scripts.join(' ')).toBeLessThanOrEqual(12);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a cold signed-in /dashboard applies the map's styles before the app runs, and downloads each once", async () => {
    const { context, page } = await newPage(h, { signedIn: true });
    const styles: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet' || new URL(r.url()).pathname.endsWith('.css')) styles.push(r.url());
    });
    // The app's code is held back until the map screen's styles apply: the early script applies them.
    const applied = () =>
      page.evaluate(() => [...document.styleSheets].map((sheet) => new URL(sheet.href ?? location.href).pathname));
    let heldUntil = '';
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      const deadline = Date.now() + 5_000;
      while (!(await applied()).some((path) => /^\/assets\/map-screen-[\w-]+\.css$/.test(path))) {
        if (Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      heldUntil = Date.now() > deadline ? 'timeout' : 'styles applied';
      await route.continue();
    });
    await page.goto('/dashboard');
    await page.locator('.leaflet-marker-icon').first().waitFor();
    expect(heldUntil).toBe('styles applied');
    expect(styles.some((url) => /\/assets\/map-screen-[\w-]+\.css$/.test(url))).toBe(true);
    expect(styles.filter((url, i) => styles.indexOf(url) !== i)).toEqual([]);
    // Each applied once: the app's loader found them and added none.
    const sheets = await applied();
    expect(sheets.filter((path, i) => sheets.indexOf(path) !== i)).toEqual([]);
    await context.close();
  });
});

describe('a page whose query changes it', () => {
  it('/register?type=withID opened cold shows the ID form, rendered by the app, without a mismatch', async () => {
    const { context, page, errors } = await newPage(h, { quiet: true });
    const consoleProblems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleProblems.push(m.text());
    });
    // The prerendered /register is the form without an ID: this URL gets the shell's skeleton.
    const html = await (await page.request.get('/register?type=withID')).text();
    expect(html).toContain('class="boot"');
    expect(html).not.toContain('data-prerendered');
    await page.goto('/register?type=withID');
    await page.getByLabel('Family name').waitFor();
    await expect(page.getByText('Type of account: Account with ID.').isVisible()).resolves.toBe(true);
    expect(consoleProblems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a prerendered form before the app has loaded', () => {
  it('on /register, a tap on the button sends nothing, and what was typed counts once the app runs', async () => {
    const { context, page, errors } = await newPage(h, { quiet: true });
    const consoleProblems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleProblems.push(m.text());
    });
    // A slow network: the app's entry script arrives only when the test lets it through.
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto('/register', { waitUntil: 'commit' });
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Awa');
    await page.getByLabel('E-mail').fill('awa@example.org');
    const button = page.getByRole('button', { name: 'Create An Account' });
    await expect(button.isDisabled()).resolves.toBe(true);
    // Clicked anyway: the browser would otherwise send the bare form and reload the page empty.
    await button.click({ force: true });
    expect(new URL(page.url()).search).toBe('');

    release();
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    await button.click();
    await expect(page.locator('form [role="alert"]').innerText()).resolves.toBe('Please fill all the fields');
    // The check ran on what was typed: the two filled fields are not among the refused ones.
    await expect(name.inputValue()).resolves.toBe('Awa');
    await expect(name.getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(page.getByLabel('E-mail').getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(page.getByLabel('Mobile number').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(consoleProblems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
