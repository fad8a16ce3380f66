// A map without street tiles names its places (GET /api/places/labels, GeoNames): with data saver
// on, and with a tile server that fails, Dakar and Thiès are named at city and regional zoom, the
// names drawn above the land and below the posts' markers, never in the way of a tap.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  // Senegal's places are enough for a view of Dakar and Thiès, and load in seconds.
  h = await startHarness({ PLACES_COUNTRIES: 'SN,GM' });
});
afterAll(() => h.close());

const names = (page: Page) => page.locator('.leaflet-place-labels-pane .place-label > span');

async function zoomOutTo(page: Page, zoom: number, asked: URL[]): Promise<void> {
  for (;;) {
    const last = asked.at(-1);
    if (last && Number(last.searchParams.get('zoom')) <= zoom) return;
    const next = page.waitForRequest((r) => r.url().includes('/api/places/labels'));
    await page.getByRole('button', { name: 'Zoom out' }).click();
    asked.push(new URL((await next).url()));
  }
}

describe('a map without street tiles', () => {
  it.each([
    ['data saver is on', { dataSaver: true }],
    ['the tile server fails', { tiles: 'fail' as const }],
  ])('names Thiès and Dakar at two zooms when %s', async (_when, options) => {
    const { context, page, errors } = await newPage(h, { signedIn: true, ...options });
    const asked: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/places/labels') asked.push(url);
    });
    try {
      await page.goto('/dashboard');
      await page.getByRole('region', { name: 'Map of needs and offers' }).waitFor();
      await names(page).first().waitFor();
      // From the user's Dakar at zoom 12 to the region around it: Thiès, 60 km east, comes into view.
      await zoomOutTo(page, 10, asked);
      await names(page)
        .filter({ hasText: /^Thiès$/ })
        .waitFor();
      await zoomOutTo(page, 8, asked);
      await names(page)
        .filter({ hasText: /^Thiès$/ })
        .waitFor();
      await names(page)
        .filter({ hasText: /^Dakar$/ })
        .waitFor();
      const label = names(page).filter({ hasText: /^Thiès$/ });
      // Not a control: no tab stop, and taps go through to the map.
      await expect(label.evaluate((el) => getComputedStyle(el).pointerEvents)).resolves.toBe('none');
      await expect(label.evaluate((el) => el.parentElement!.getAttribute('tabindex'))).resolves.toBeNull();
      // Each view's request is one of the map's 256 px squares, at the view's zoom.
      for (const url of asked) {
        expect(url.searchParams.get('bbox')).toMatch(/^-?\d+(\.\d{1,4})?(,-?\d+(\.\d{1,4})?){3}$/);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('names nothing over street tiles that load', async () => {
    const { context, page } = await newPage(h, { signedIn: true });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/places/labels')) asked.push(r.url());
    });
    try {
      await page.goto('/dashboard');
      await page.locator('.leaflet-tile-loaded').first().waitFor();
      await page.locator('.map-pulse').waitFor();
      expect(asked).toEqual([]);
      await expect(names(page).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
