// The installable, offline-capable app: a manifest per language, the service worker taking
// control, the app shell and the offline notice without a network, and the catalogue and a
// visitor's map tiles kept in Cache Storage. http://127.0.0.1 is a secure context, so service workers run here.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, newPage, startHarness, type Harness } from './harness.js';
import { PUMP, post, poster } from './map-posts.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

interface ManifestIcon {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  icons: ManifestIcon[];
}

/**
 * Waits for the service worker to be active, then reloads until it controls the page (a page
 * loaded before the worker existed may stay uncontrolled). Returns the worker's script URL.
 */
async function waitForServiceWorker(page: Page, heading: string): Promise<string> {
  await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => undefined),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no service worker became active within 15 s')), 15_000),
      ),
    ]),
  );
  for (let reloads = 0; reloads < 3; reloads++) {
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) break;
    await page.reload();
    await expectHeading(page, heading);
  }
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  expect(controller, 'the service worker never took control of the page').not.toBeNull();
  return controller!;
}

describe('the web app manifest', () => {
  const cases = [
    { language: 'en-us', heading: 'About', name: 'Needs & Offers' },
    { language: 'fr-ca', heading: 'À propos', name: 'Besoins & Offres' },
  ] as const;

  for (const { language, heading, name } of cases) {
    it(`is /manifest.${language}.webmanifest on a ${language} page, named '${name}', with PNG icons that load`, async () => {
      const { context, page, errors } = await newPage(h, { language, quiet: true });
      await page.goto('/about');
      await expectHeading(page, heading);
      const href = `/manifest.${language}.webmanifest`;
      await expect(page.locator('link[rel="manifest"]').getAttribute('href')).resolves.toBe(href);

      // Chromium itself picks this manifest and parses it without errors.
      const cdp = await context.newCDPSession(page);
      const seen = await cdp.send('Page.getAppManifest', {});
      expect(new URL(seen.url).pathname).toBe(href);
      expect(seen.errors).toEqual([]);
      await cdp.detach();

      const res = await page.request.get(href);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('application/manifest+json');
      const manifest = (await res.json()) as Manifest;
      expect(manifest).toMatchObject({ name, short_name: name, start_url: '/', scope: '/', display: 'standalone' });

      for (const size of [192, 512]) {
        const icon = manifest.icons.find(
          (i) =>
            i.type === 'image/png' &&
            (i.sizes ?? '').split(/\s+/).includes(`${size}x${size}`) &&
            (i.purpose ?? 'any').split(/\s+/).includes('any'),
        );
        expect(icon, `a ${size}x${size} PNG icon for any purpose`).toBeDefined();
        const file = await page.request.get(icon!.src);
        expect(file.status()).toBe(200);
        expect(file.headers()['content-type']).toBe('image/png');
        // The browser decodes it as a PNG of the announced size.
        const decoded = await page.evaluate(async (src) => {
          const blob = await (await fetch(src)).blob();
          const bitmap = await createImageBitmap(blob);
          return { type: blob.type, width: bitmap.width, height: bitmap.height };
        }, icon!.src);
        expect(decoded).toEqual({ type: 'image/png', width: size, height: size });
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the service worker', () => {
  it('registers at the root and controls the page', async () => {
    const { context, page, errors } = await newPage(h, { quiet: true });
    await page.goto('/about');
    await expectHeading(page, 'About');
    const scriptURL = await waitForServiceWorker(page, 'About');
    expect(new URL(scriptURL).pathname).toBe('/sw.js');
    // `ready` resolves while the worker may still be "activating": wait for the state change.
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      const worker = r?.active;
      if (worker && worker.state !== 'activated') {
        await new Promise<void>((resolve) => {
          const done = () => worker.state === 'activated' && resolve();
          worker.addEventListener('statechange', done);
          done();
        });
      }
      return { scope: r?.scope ?? null, state: worker?.state ?? null };
    });
    expect(registration).toEqual({ scope: `${h.url}/`, state: 'activated' });
    // The app shell is precached (the screens are cached on first use).
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = names.find((n) => n.startsWith('workbox-precache'));
      if (!precache) return [];
      const keys = await (await caches.open(precache)).keys();
      return keys.map((k) => new URL(k.url).pathname);
    });
    expect(precached).toContain('/index.html');
    expect(precached.some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true);
    // Only the shell (what index.html loads), not every screen, locale and map chunk.
    const shell = await (await page.request.get('/dashboard')).text();
    const notInShell = precached.filter((p) => p.startsWith('/assets/') && !shell.includes(`"${p}"`));
    expect(notInShell).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Only the shell is precached; a screen's code is kept once it was opened.
  it('serves the app shell offline, with the offline notice, on a reload and on a page opened before', async () => {
    const { context, page, errors } = await newPage(h, { quiet: true });
    await page.goto('/about');
    await expectHeading(page, 'About');
    await waitForServiceWorker(page, 'About');
    await page.goto('/privacypolicy');
    await expectHeading(page, 'Privacy Policy');
    await page.goto('/about');
    await expectHeading(page, 'About');

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expectHeading(page, 'About');
    const notice = page.getByRole('status').filter({ hasText: /^You are offline/ });
    await notice.waitFor();
    await expect(page.evaluate(() => navigator.onLine)).resolves.toBe(false);

    // Opened before: the worker answers the navigation with the shell, which renders the screen
    // from its cached code.
    const fresh = await page.goto('/privacypolicy');
    expect(fresh?.status()).toBe(200);
    expect(fresh?.fromServiceWorker()).toBe(true);
    expect(page.url()).toBe(`${h.url}/privacypolicy`);
    await expectHeading(page, 'Privacy Policy');
    await notice.waitFor();
    await expect(notice.innerText()).resolves.toMatch(/^You are offline/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps /api/catalogue in the 'catalogue' cache after a category screen, and shows it offline", async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true });
    await page.goto('/dashboard');
    await expectHeading(page, 'Map');
    await waitForServiceWorker(page, 'Map');

    await page.goto('/delivery');
    await expectHeading(page, 'Delivery');
    await page.locator('.sub-card').first().waitFor();
    // Stale-while-revalidate stores the response after handing it to the page: wait for it.
    await page.waitForFunction(async () => {
      const cache = await caches.open('catalogue');
      return (await cache.keys()).some((r) => new URL(r.url).pathname === '/api/catalogue');
    });
    const cached = await page.evaluate(async () => {
      const response = await (await caches.open('catalogue')).match('/api/catalogue');
      if (!response) return null;
      const body = (await response.json()) as { data: { categories: { route: string }[] } };
      return { status: response.status, routes: body.data.categories.map((c) => c.route) };
    });
    expect(cached?.status).toBe(200);
    expect(cached?.routes).toContain('/delivery');

    // A new visit without a network still shows the category from the cache.
    await context.setOffline(true);
    await page.reload();
    await expectHeading(page, 'Delivery');
    await page.locator('.sub-card').first().waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps a visitor's map tiles in the 'map-tiles' cache with their ETag, and draws their markers offline", async () => {
    await post(h, await poster(h, 'Tiles'), 'provideSolution', { lat: -1.29, lng: 36.82 }, PUMP);
    const { context, page, errors } = await newPage(h, { quiet: true });
    const landing = 'Needs and offers, on a map near you';
    await page.goto('/');
    await expectHeading(page, landing);
    await waitForServiceWorker(page, landing);

    const marker = page.getByRole('button', { name: /^Supplier's offer: Water pump \(per day\)/ });
    await page.locator('.map-section').scrollIntoViewIfNeeded();
    await marker.waitFor();
    // Network first: the worker stores each tile as the network answers it.
    await page.waitForFunction(async () => {
      const keys = await (await caches.open('map-tiles')).keys();
      return keys.some((r) => new URL(r.url).pathname.startsWith('/api/solution/map/tiles/'));
    });
    const etags = await page.evaluate(async () => {
      const cache = await caches.open('map-tiles');
      return Promise.all((await cache.keys()).map(async (r) => (await cache.match(r))?.headers.get('etag') ?? null));
    });
    expect(etags.length).toBeGreaterThan(0);
    expect(etags.every((etag) => etag !== null)).toBe(true);
    expect(errors).toEqual([]);

    // Without a network the same view is drawn from the kept tiles.
    await context.setOffline(true);
    await page.reload();
    await expectHeading(page, landing);
    await page.locator('.map-section').scrollIntoViewIfNeeded();
    await marker.waitFor();
    await context.close();
  });
});
