// D-26 in a real Chromium: on the selection map a user finds a town by name, picks it
// from the suggestions, and the map moves there and names it; the form receives its city and
// country, and the published post shows them, the country in each reader's language (stored as
// its ISO code).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, newPage, PHONE, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  // Senegal's cities only (as the server's place tests): loading all 135,000 takes much longer.
  h = await startHarness({ PLACES_COUNTRIES: 'SN' });
});
afterAll(() => h?.close());

const EMAIL = `place-pick-${Date.now()}@example.org`;

describe('pick a place by name', () => {
  it('finds Thiès, moves the map there, names it, and the post carries its city and country', async () => {
    const { page, context, errors } = await newPage(h, {
      signedIn: true,
      viewport: PHONE,
      user: { firstName: 'Fatou', email: EMAIL },
    });
    try {
      await page.goto('/equipment');
      await page.getByRole('button', { name: /Tractor \(per day\)/ }).click();
      await page.getByRole('button', { name: 'I offer it (Solution Provider)' }).click();
      await page.waitForURL(/\/selectionmap\/Equipments\/equipment-tractor$/);
      const map = page.getByRole('region', { name: 'Map to choose the location of your post' });
      await map.waitFor();
      await expect(page.locator('.map-chosen').count()).resolves.toBe(0);

      // Typed without its accent: the search forgives it. Picked by keyboard.
      const box = page.getByRole('combobox', { name: 'Find a place' });
      await box.fill('Thies');
      const options = page.getByRole('listbox', { name: 'Places found' }).getByRole('option');
      await options.first().waitFor();
      await expect(options.first().innerText()).resolves.toBe('Thiès, Senegal');
      await box.press('ArrowDown');
      await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(await options.first().getAttribute('id'));
      await box.press('Enter');

      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Chosen point' }).innerText())
        .toBe('Chosen point: near Thiès, Senegal');
      await expect(box.inputValue()).resolves.toBe('Thiès');
      // The map moved 60 km from the user's position (Dakar) to Thiès: its marker is in the middle.
      const marker = page.locator('.map-chosen');
      await marker.waitFor();
      const area = (await map.boundingBox())!;
      await expect
        .poll(async () => {
          const spot = (await marker.boundingBox())!;
          const dx = spot.x + spot.width / 2 - (area.x + area.width / 2);
          const dy = spot.y + spot.height / 2 - (area.y + area.height / 2);
          return Math.hypot(dx, dy);
        })
        .toBeLessThan(40);

      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/\/providesolutionForm$/);
      await expect(page.getByLabel('City').inputValue()).resolves.toBe('Thiès');
      const country = page.getByLabel('Country');
      await expect.poll(() => country.inputValue()).toBe('SN');
      // Named once the country names have loaded (the select keeps the code until then).
      await expect.poll(() => country.locator('option:checked').innerText()).toBe('Senegal');

      await page.getByLabel('Description').fill('Tractor with driver in Thiès, available all week');
      await page.getByLabel('Date').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('dialog', { name: 'Your post is published' }).waitFor();

      // Stored as the place it was picked at, the country as its ISO code.
      const stored = await h.app.database.db.query.solutions.findFirst({
        where: (s, { like }) => like(s.description, 'Tractor with driver in Thiès%'),
      });
      expect(stored).toMatchObject({ pickupCity: 'Thiès', pickupCountry: 'SN' });
      expect(Math.abs(stored!.location.y - 14.789)).toBeLessThan(0.01);
      expect(Math.abs(stored!.location.x - -16.926)).toBeLessThan(0.01);

      await page.goto('/myoffers');
      await expectHeading(page, 'My Offers');
      const card = page.getByRole('link', { name: /Tractor \(per day\)/ });
      await expect(card.locator('.deal-card-line').first().innerText()).resolves.toBe('Thiès, Senegal');
      await card.click();
      await expect(page.locator('.deal-fact', { hasText: 'Address' }).locator('dd').innerText()).resolves.toMatch(
        /^Thiès, (Thies, )?Senegal$/,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the post’s country in the reader’s language', async () => {
    const { page, context, errors } = await newPage(h, {
      signedIn: true,
      language: 'fr-ca',
      user: { email: EMAIL },
    });
    try {
      await page.goto('/myoffers');
      const card = page.getByRole('link', { name: /Tracteur \(par jour\)/ });
      await expect(card.locator('.deal-card-line').first().innerText()).resolves.toBe('Thiès, Sénégal');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
