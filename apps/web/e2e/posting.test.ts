// The posting journey: a signed-in user posts an offer with two images from the Equipment screen,
// through the selection map and the form, then sees its green marker on the map.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, PHONE, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function photos(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'photos-'));
  const files: string[] = [];
  for (const [i, colour] of ['#2a7', '#c52'].entries()) {
    const file = join(dir, `tractor-${i}.jpg`);
    writeFileSync(
      file,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    );
    files.push(file);
  }
  return files;
}

describe('posting an offer', () => {
  it('goes from the Equipment screen through the selection map and the form to a green marker', async () => {
    const { page, context, errors } = await newPage(h, {
      signedIn: true,
      viewport: PHONE,
      user: { firstName: 'Ibrahima' },
    });
    try {
      await page.goto('/equipment');
      await page.getByRole('button', { name: /Tractor \(per day\)/ }).click();
      await page.getByRole('button', { name: 'I offer it (Solution Provider)' }).click();

      await page.waitForURL(/\/selectionmap\/Equipments\/equipment-tractor$/);
      await page.getByRole('button', { name: 'Use my position' }).click();
      await page.getByRole('button', { name: 'Next' }).click();

      await page.waitForURL(/\/providesolutionForm$/);
      await page.getByLabel('Description').fill('Tractor with driver, 60 hp, available all week');
      await page.getByLabel('City').fill('Dakar');
      await page.getByLabel('Country').selectOption({ label: 'Senegal' });
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel('Date').fill(tomorrow);
      await page.locator('input[type=file]').setInputFiles(await photos());
      await expect.poll(() => page.getByRole('img', { name: /^Image \d/ }).count()).toBe(2);
      await page.getByRole('button', { name: 'Publish' }).click();

      await page.getByRole('dialog', { name: 'Your post is published' }).waitFor();
      await page.getByRole('button', { name: 'Back to Dashboard' }).click();
      await page.waitForURL(/\/dashboard$/);

      // The new offer is on the map at once, green, where the user stands (Dakar).
      const marker = page.getByRole('button', { name: /Supplier's offer: Tractor \(per day\)/ });
      await marker.first().waitFor();
      expect(await marker.first().evaluate((el) => el.className)).toMatch(/offer/);

      const stored = await h.app.database.db.query.solutions.findMany({ with: { images: true } });
      const mine = stored.find((s) => s.description.startsWith('Tractor with driver'));
      expect(mine).toMatchObject({ userRole: 'provideSolution', category: 'Equipments', status: 'Pending' });
      expect(mine!.images).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("posts a need from the map's plus button and shows it as a blue marker", async () => {
    const { page, context, errors } = await newPage(h, { signedIn: true, user: { firstName: 'Mariama' } });
    try {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Space', exact: true }).click();
      await page.getByRole('button', { name: 'Post a need or an offer' }).click();
      await page.getByRole('dialog', { name: 'Post as a' }).getByRole('button', { name: 'Client' }).click();

      await page.waitForURL(/\/selectionmap\/Space\//);
      // A tap on the map sets the place, about 700 m from the first test's offer.
      const map = page.getByRole('region', { name: 'Map to choose the location of your post' });
      const box = (await map.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2 + 150, box.y + box.height / 2);
      await page.getByText(/^Chosen point:/).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();

      await page.waitForURL(/\/needsolutionForm$/);
      // A Senegalese user's prices are in CFA francs by default (D-24).
      const subcategory = page.getByLabel('Subcategory');
      await subcategory
        .locator('option', { hasText: /^Room per night \(F\sCFA\s2,950\)$/ })
        .waitFor({ state: 'attached' });
      await subcategory.selectOption({ value: 'space-room' });
      await page.getByLabel('Description').fill('A room for two nights during the market');
      await page.getByLabel('City').fill('Dakar');
      await page.getByLabel('Country').selectOption({ label: 'Senegal' });
      // D-33: a need without a delivery block names its first day (and may name a last one).
      await page.getByLabel('First day').fill(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('button', { name: 'Back to Dashboard' }).click();

      // D-25: the dashboard opens at city zoom, where the two posts are one group; a tap zooms in.
      // D-35: the offer stands at its public point, drawn anywhere within 1 km of where it was
      // posted, so the two may be apart at city zoom already (about one run in seventeen) or still
      // one group two zoom levels in (one in six): as a user would, the test taps until it is shown.
      const group = page.getByRole('button', { name: /^2 posts here, zoom in/ });
      const marker = page.getByRole('button', { name: /Client's need: Room per night/ });
      // The map may also redraw between the look and the tap (the view answered anew once the post
      // is in it), taking the group away under the finger (one run in about twenty): the tap then
      // misses, and the next look finds what the map shows now.
      for (let tap = 0; tap < 4; tap++) {
        await marker.or(group).first().waitFor();
        if (await marker.first().isVisible()) break;
        await group
          .first()
          .click({ timeout: 2_000 })
          .catch(() => undefined);
        // The next zoom's view: the need's own marker, or the group again.
        await marker
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
      }
      await marker.first().waitFor();
      expect(await marker.first().evaluate((el) => el.className)).toMatch(/need/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The harness's browser position (Dakar). */
const HERE = { lat: 14.6928, lng: -17.4467 };

describe('posting from the map', () => {
  it('asks for a category before posting, then leads from Client to the selection map and the need form', async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true, viewport: PHONE });
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Map of needs and offers' }).waitFor();
    await page.locator('.map-pulse').waitFor();
    const plus = page.getByRole('button', { name: 'Post a need or an offer' });

    await plus.click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('please select the category from above bar');
    await expect(page.getByRole('dialog', { name: 'Post as a' }).isVisible()).resolves.toBe(false);

    await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Delivery' }).click();
    await plus.click();
    const modal = page.getByRole('dialog', { name: 'Post as a' });
    await modal.waitFor();
    await expect(modal.getByRole('button', { name: 'Solution Provider' }).isVisible()).resolves.toBe(true);
    await modal.getByRole('button', { name: 'Client' }).click();
    await page.waitForURL('**/selectionmap/Delivery/delivery-own');

    const map = page.getByRole('region', { name: 'Map to choose the location of your post' });
    await map.waitFor();
    await page.locator('.map-pulse').waitFor();
    await map.click({ position: { x: 250, y: 120 } });
    await page.locator('.map-chosen').waitFor();
    // The point is named by the nearest place once the reverse look-up answers (place search).
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Chosen point' }).innerText())
      .toBe('Chosen point: near Dakar, Senegal');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/needsolutionForm');
    const state = await page.evaluate(() => (history.state as { usr?: Record<string, unknown> }).usr);
    expect(state).toMatchObject({
      category: 'Delivery',
      subCategoryId: 'delivery-own',
      categoryData: { category: 'Delivery', subCategoryId: 'delivery-own' },
    });
    expect(Math.abs((state!.lat as number) - HERE.lat)).toBeLessThan(0.01);
    expect(Math.abs((state!.lng as number) - HERE.lng)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await context.close();
  });
});
