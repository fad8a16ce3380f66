// The map's help on a phone (375 px): a short sheet that leaves most of the map, and its markers,
// in view on every visit; opened, still under a third of the map. Closing hides it for this visit;
// "Don't show this message again" keeps it hidden on the next.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, PHONE, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ PLACES_COUNTRIES: 'none' });
});
afterAll(() => h.close());

const help = (page: Page) => page.getByRole('region', { name: 'How the map works' });
const map = (page: Page) => page.getByRole('region', { name: 'Map of needs and offers' });

async function heights(page: Page): Promise<{ help: number; map: number }> {
  const [helpBox, mapBox] = await Promise.all([help(page).boundingBox(), map(page).boundingBox()]);
  return { help: helpBox!.height, map: mapBox!.height };
}

describe("the map's help on a phone", () => {
  it('covers at most a quarter of the map, under a third once opened, and closes', async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true, viewport: PHONE, dataSaver: true });
    try {
      await page.goto('/dashboard');
      await help(page).waitFor();
      const closed = await heights(page);
      // A quarter: the legend's third entry (the approximate area, D-35) may take a second line.
      expect(closed.help).toBeLessThanOrEqual(closed.map * 0.25);
      await help(page).getByRole('button', { name: 'Read more' }).click();
      await help(page)
        .getByText(/Each marker is a post near you/)
        .waitFor();
      const opened = await heights(page);
      expect(opened.help).toBeLessThanOrEqual(opened.map * 0.3 + 1);
      expect(opened.help).toBeGreaterThan(closed.help);

      await help(page).getByRole('button', { name: 'Close the explanation' }).click();
      await help(page).waitFor({ state: 'detached' });
      // Closing is for this visit: the next one shows it again.
      await page.reload();
      await help(page).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('stays hidden on the next visit once "Don\'t show this message again" is ticked', async () => {
    const { context, page } = await newPage(h, { signedIn: true, viewport: PHONE, dataSaver: true });
    try {
      await page.goto('/dashboard');
      await help(page).getByRole('checkbox', { name: "Don't show this message again" }).check();
      await help(page).waitFor({ state: 'detached' });
      await page.reload();
      await map(page).waitFor();
      await page.locator('.map-pulse').waitFor();
      await expect(help(page).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
