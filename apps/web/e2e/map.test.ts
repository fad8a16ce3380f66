// The map screens in a real Chromium against the real API (SPEC 2.3 items 1, 2 and 6, D-19,
// D-20, D-25): street tiles (from the harness's local stub) above the offline shapes, the shapes
// alone when tiles fail or data saver is on, need and offer markers, the visitor's map on the
// landing page (the path from the plus button to a form is in posting.test.ts).
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILE_HOST, newPage, startHarness, waitForQuiet, type Harness } from './harness.js';
import { HERE, PUMP, ROOM, TRACTOR, post, poster } from './map-posts.js';

let h: Harness;
let shots: string;
beforeAll(async () => {
  h = await startHarness();
  shots = mkdtempSync(join(tmpdir(), 'map-shots-'));
});
// The screenshot stays in the system's temporary folder, for a person to look at.
afterAll(() => h.close());

describe('the map', () => {
  it('draws street tiles above the offline shapes, credited, with blue and green markers at city zoom', async () => {
    const client = await poster(h, 'Client');
    const supplier = await poster(h, 'Supplier', { verified: true, vip: true });
    // About 2 km apart around the user: separate markers at the city's zoom 12.
    const needId = await post(h, client, 'needSolution', { lat: HERE.lat + 0.015, lng: HERE.lng - 0.02 }, TRACTOR);
    await post(h, supplier, 'provideSolution', { lat: HERE.lat - 0.015, lng: HERE.lng + 0.02 }, ROOM);

    // Prices in dollars, as chosen (a Senegalese user's default is the CFA franc, D-24).
    const { context, page, errors } = await newPage(h, { signedIn: true, currency: 'dollar' });
    const outside: string[] = [];
    // Nothing beyond the app and the tile host, which the harness's stub answers (D-25).
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1' || url.hostname === TILE_HOST) return route.fallback();
      outside.push(url.href);
      return route.abort();
    });
    // On a slow link the markers come first; the country shapes' chunk after them.
    const order: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/world-[^/]+\.js$/.test(r.url())) order.push('shapes asked');
    });
    page.on('requestfinished', (r) => {
      if (new URL(r.url()).pathname === '/api/solution/map') order.push('markers came');
    });
    // The first posts asked for are the city's: none for the placeholder view before the position.
    const zooms: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/solution/map') zooms.push(url.searchParams.get('zoom') ?? '');
    });
    await page.goto('/dashboard');

    const map = page.getByRole('region', { name: 'Map of needs and offers' });
    await map.waitFor();
    // D-19: Natural Earth's country shapes, drawn as SVG paths, always the bottom layer.
    await page.waitForFunction(() => document.querySelectorAll('path.map-country').length > 100);
    expect(order.indexOf('markers came')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('markers came')).toBeLessThan(order.indexOf('shapes asked'));
    expect(zooms[0]).toBe('12');
    // D-25: street tiles at the city's zoom, in the tile pane above the shapes' pane.
    await page.waitForFunction(() => document.querySelectorAll('img.leaflet-tile-loaded').length > 0);
    const tiles = await page
      .locator('img.leaflet-tile-loaded')
      .evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).src)));
    expect(tiles.every((u) => u.hostname === 'tile.openstreetmap.org' && u.pathname.startsWith('/12/'))).toBe(true);
    // Their server was connected to ahead, while the app downloaded.
    await expect(page.locator('link[rel="preconnect"]').getAttribute('href')).resolves.toBe(`https://${TILE_HOST}`);
    const layers = await page.evaluate(() => {
      const z = (selector: string) => Number(getComputedStyle(document.querySelector(selector)!).zIndex);
      return { shapes: z('.leaflet-basemap-shapes-pane'), tiles: z('.leaflet-tile-pane') };
    });
    expect(layers.tiles).toBeGreaterThan(layers.shapes);
    const credit = page
      .locator('.leaflet-control-attribution')
      .getByRole('link', { name: '© OpenStreetMap contributors' });
    await expect(credit.getAttribute('href')).resolves.toBe('https://www.openstreetmap.org/copyright');
    await page.locator('.map-pulse').waitFor();

    const need = page.getByRole('button', { name: "Client's need: Tractor (per day), $15.00" });
    const offer = page.getByRole('button', {
      name: "Supplier's offer: Room per night, $15.00, verified identity, VIP member",
    });
    await need.waitFor();
    await offer.waitFor();
    const colour = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    // SPEC 1 and 9: needs blue, offers green.
    await expect(colour('.map-marker-need .map-pin')).resolves.toBe('rgb(22, 87, 168)');
    await expect(colour('.map-marker-offer .map-pin')).resolves.toBe('rgb(31, 122, 74)');
    await expect(offer.locator('.map-badge-id').innerText()).resolves.toBe('+ID');
    await expect(offer.locator('.map-badge-vip').innerText()).resolves.toBe('VIP');
    await expect(need.locator('.map-badge').count()).resolves.toBe(0);
    // D-35: a post whose exact point this viewer may not see is an area of 1 km, not a pin, in its
    // kind's colour.
    await expect(need.getAttribute('class')).resolves.toContain('map-marker-area');
    await expect(
      page
        .locator('path.map-area-need')
        .first()
        .evaluate((el) => getComputedStyle(el).stroke),
    ).resolves.toBe('rgb(22, 87, 168)');

    const file = join(shots, 'dashboard.png');
    await page.screenshot({ path: file });
    expect(statSync(file).size).toBeGreaterThan(10_000);
    console.info(`map screenshot: ${file}`);

    // A signed-in user's marker opens a popup linking to the need's details, from the keyboard too.
    await need.focus();
    await page.keyboard.press('Enter');
    const details = page.locator('.leaflet-popup').getByRole('link', { name: 'See the details' });
    await details.waitFor();
    // D-35: map points no longer name their poster; the details page reads the post's id only.
    await expect(details.getAttribute('href')).resolves.toBe(`/clientsdetails/${needId}/-`);
    await expect(page.locator('.leaflet-popup').innerText()).resolves.toContain('Tractor (per day)');

    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  // The map pages' early script asks before the app's code has arrived; without it, the
  // app asks as soon as it runs, before Leaflet's code has arrived.
  for (const { held, file, offset } of [
    { held: "the map's code (Leaflet)", file: /\/assets\/map-kit-[\w-]+\.js$/, offset: 0.05 },
    { held: "the app's code", file: /\/assets\/index-[\w-]+\.js$/, offset: -0.05 },
  ]) {
    it(`asks for the city's posts while ${held} is still downloading, and once`, async () => {
      const client = await poster(h, 'Client');
      // Apart from the other tests' posts: a marker of its own at zoom 12.
      await post(h, client, 'needSolution', { lat: HERE.lat - 0.03, lng: HERE.lng - offset }, PUMP);
      const { context, page, errors } = await newPage(h, { signedIn: true });
      const asked: string[] = [];
      let heldUntil = '';
      let askedWhileHeld!: () => void;
      const postsAsked = new Promise<void>((resolve) => (askedWhileHeld = resolve));
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname !== '/api/solution/map') return;
        asked.push(url.searchParams.get('zoom') ?? '');
        askedWhileHeld();
      });
      // The file is held back (a slow link): the posts must not wait for it.
      await page.route(file, async (route) => {
        heldUntil = await Promise.race([
          postsAsked.then(() => 'posts asked'),
          new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 5_000)),
        ]);
        await route.continue();
      });
      await page.goto('/dashboard');
      await page
        .getByRole('button', { name: /Client's need: Water pump/ })
        .first()
        .waitFor();
      expect(heldUntil).toBe('posts asked');
      expect(asked).toEqual(['12']);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("shows the screen around the map while the map's code (Leaflet) is still downloading, and asks for the tile server's address", async () => {
    const client = await poster(h, 'Client');
    await post(h, client, 'provideSolution', { lat: HERE.lat + 0.04, lng: HERE.lng + 0.04 }, PUMP);
    const { context, page, errors } = await newPage(h, { signedIn: true });
    let shown!: () => void;
    const screenShown = new Promise<string>((resolve) => (shown = () => resolve('screen shown')));
    let heldUntil = '';
    await page.route(/\/assets\/map-kit-[\w-]+\.js$/, async (route) => {
      heldUntil = await Promise.race([
        screenShown,
        new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 10_000)),
      ]);
      await route.continue();
    });
    const configAsked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/config') configAsked.push(heldUntil || 'kit held');
    });
    await page.goto('/dashboard');
    // The category bar, the tooltip and the plus button, with no map yet.
    await page.getByRole('group', { name: 'Categories' }).waitFor();
    await page.getByText('How the map works').waitFor();
    await page.getByRole('button', { name: 'Post a need or an offer' }).waitFor();
    await expect(page.locator('.leaflet-container').count()).resolves.toBe(0);
    // In the map's place, the sea's colour with the loading bar.
    await page.locator('.map-waiting .map-loading').waitFor();
    // The tile server's address is asked for with the app's start, not once the kit has run.
    await expect.poll(() => configAsked).toEqual(['kit held']);
    shown();
    await page
      .getByRole('button', { name: /Supplier's offer: Water pump/ })
      .first()
      .waitFor();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    expect(heldUntil).toBe('screen shown');
    expect(configAsked).toEqual(['kit held']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks for the tile server's address from the early script, before the app's code has arrived, once", async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true });
    let heldUntil = '';
    let configAsked = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/config') configAsked += 1;
    });
    // The app's entry is held back until the address has been asked for (by the early script).
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      const deadline = Date.now() + 5_000;
      while (configAsked === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      heldUntil = configAsked > 0 ? 'config asked' : 'timeout';
      await route.continue();
    });
    await page.goto('/dashboard');
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    expect(heldUntil).toBe('config asked');
    // The app took that answer: it did not ask again.
    expect(configAsked).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for the posts of the view it shows when the position does not come within 2 s', async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true });
    // A position that never answers (a phone still looking for a fix).
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: () => undefined } });
    });
    const asked: number[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/solution/map') asked.push(Date.now());
    });
    const start = Date.now();
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Map of needs and offers' }).waitFor();
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1);
    expect(asked[0]! - start).toBeGreaterThanOrEqual(2000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks for the world's posts from the early script when the position is refused, once", async () => {
    const client = await poster(h, 'Refused');
    await post(h, client, 'provideSolution', { lat: HERE.lat + 0.05, lng: HERE.lng - 0.05 }, PUMP);
    const { context, page, errors } = await newPage(h, { signedIn: true });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'geolocation', {
        value: {
          getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
            fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
        },
      });
    });
    const asked: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/solution/map') asked.push(url);
    });
    // Leaflet is held back: the posts are asked for without it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/map-kit-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1);
    expect(asked[0]!.searchParams.get('zoom')).toBe('3');
    release();
    // The map opens on the world and shows that answer: Dakar's posts as a cluster.
    await page.getByRole('region', { name: 'Map of needs and offers' }).waitFor();
    await page.locator('.map-cluster').first().waitFor();
    await waitForQuiet(page);
    expect(asked).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('falls back to the offline shapes alone when the tile server fails', async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true, tiles: 'fail' });
    const failed: string[] = [];
    context.on('requestfailed', (r) => {
      if (new URL(r.url()).hostname === TILE_HOST) failed.push(r.url());
    });
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Map of needs and offers' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('path.map-country').length > 100);
    await expect.poll(() => failed.length).toBeGreaterThan(0);
    // The tile layer is gone, its credit with it: the shapes are the map.
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-tile').length === 0);
    await expect(page.locator('.leaflet-control-attribution').innerText()).resolves.not.toContain('OpenStreetMap');
    await expect(page.locator('.leaflet-basemap-shapes-pane path.map-country').count()).resolves.toBeGreaterThan(100);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws no street tile with data saver on (D-25), only the shapes', async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true, dataSaver: true });
    const tileRequests: string[] = [];
    context.on('request', (r) => {
      if (new URL(r.url()).hostname === TILE_HOST) tileRequests.push(r.url());
    });
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Map of needs and offers' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('path.map-country').length > 100);
    await page.locator('.map-pulse').waitFor();
    await waitForQuiet(page);
    expect(tileRequests).toEqual([]);
    // Nor an early connection to the tile server.
    await expect(page.locator('link[rel="preconnect"]').count()).resolves.toBe(0);
    await expect(page.locator('.leaflet-tile').count()).resolves.toBe(0);
    await expect(page.locator('.leaflet-control-attribution').innerText()).resolves.not.toContain('OpenStreetMap');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a visitor the map on the landing page, and a marker asks to sign in', async () => {
    // Alone in East Africa: a single marker at the visitor's zoom 2.
    await post(h, await poster(h, 'Lone'), 'provideSolution', { lat: -1.29, lng: 36.82 }, PUMP);
    const { context, page, errors } = await newPage(h, { quiet: true });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Posts near you' }).waitFor();
    // The first paint downloads neither Leaflet nor the atlas.
    await waitForQuiet(page);
    await expect(page.locator('.leaflet-container').count()).resolves.toBe(0);
    expect(requested.filter((p) => p.startsWith('/api/solution/map'))).toEqual([]);

    await page.locator('.map-section').scrollIntoViewIfNeeded();
    await page.getByRole('region', { name: 'Map of needs and offers' }).waitFor();
    const marker = page.getByRole('button', { name: /^Supplier's offer: Water pump \(per day\)/ });
    await marker.click();
    const prompt = page.getByRole('dialog', { name: 'Join Needs & Offers' });
    await prompt.waitFor();
    await expect(prompt.getByRole('link', { name: 'Sign Up' }).isVisible()).resolves.toBe(true);
    await expect(prompt.getByRole('link', { name: 'Login' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.leaflet-popup').count()).resolves.toBe(0);
    // A visitor's markers come from the shared map tiles, not from a viewport of their own.
    expect(requested.filter((p) => p.startsWith('/api/solution/map/tiles/')).length).toBeGreaterThan(0);
    expect(requested).not.toContain('/api/solution/map');
    // From the keyboard too: Enter on the focused marker.
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'hidden' });
    await marker.focus();
    await page.keyboard.press('Enter');
    await prompt.waitFor();
    // Closed and reopened at once, before the page has rendered in between: it still shows.
    await page.keyboard.press('Escape');
    await marker.press('Enter', { delay: 0 });
    await prompt.waitFor();
    // The same race made certain: closed as Escape closes it (cancel at once, close as a later
    // task) and the marker picked again in the same task, before that close event.
    await marker.evaluate((m) => {
      document.querySelector<HTMLDialogElement>('dialog[open]')!.requestClose();
      (m as HTMLElement).click();
    });
    await prompt.waitFor();
    await waitForQuiet(page);
    await expect(prompt.isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
