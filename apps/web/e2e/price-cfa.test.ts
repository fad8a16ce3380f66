// In a real Chromium: a user in Dakar types 3000 meaning CFA francs. The form names the
// currency and echoes the amount in the other two, the post stores 3000 F CFA (not $3,000), and a
// French reader sees 3 000 F CFA on the post while a reader who chose dollars sees about $5.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, expectHeading, newPage, PHONE, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('a Dakar user posts in CFA', () => {
  it('publishes 3000 F CFA, and a French reader sees the right price', async () => {
    const description = `Motor pump with pipes, by the day ${Date.now()}`;
    const owner = await newPage(h, { signedIn: true, viewport: PHONE, user: { firstName: 'Moussa' } });
    try {
      const { page } = owner;
      await page.goto('/equipment');
      await page.getByRole('button', { name: /Your own proposition/ }).click();
      await page.getByRole('button', { name: 'I offer it (Solution Provider)' }).click();
      await page.waitForURL(/\/selectionmap\/Equipments\//);
      await page.getByRole('button', { name: 'Use my position' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/\/providesolutionForm$/);

      // D-24: a user from Senegal prices in CFA francs, named in words and symbol.
      const price = page.getByLabel(/^Your price, in .*CFA/);
      // A price far from the category's usual ones asks first, and "Change the price"
      // leads back to the field.
      await price.fill('30000000');
      await page.getByLabel('Description').fill(description);
      await page.getByLabel('City').fill('Dakar');
      await page.getByLabel('Country').selectOption({ label: 'Senegal' });
      await page.getByLabel('Date').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
      await page.getByRole('button', { name: 'Publish' }).click();
      const check = page.getByRole('dialog', { name: 'Is this price right?' });
      await check.getByRole('button', { name: 'Change the price' }).click();
      await expect.poll(() => price.evaluate((field) => field === document.activeElement)).toBe(true);
      await expect(check.isVisible()).resolves.toBe(false);
      await price.fill('3000');
      await page.getByText(/^That is about .*\$.*€|^That is about .*€.*\$/).waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('dialog', { name: 'Your post is published' }).waitFor();
      expect(owner.errors).toEqual([]);
    } finally {
      await owner.context.close();
    }

    const stored = await h.app.database.db.query.solutions.findFirst({
      where: (s, { eq }) => eq(s.description, description),
    });
    expect(stored).toMatchObject({ priceXof: 3000 });
    const path = `/supplierdetails/${stored!.id}/${stored!.userId}`;

    const french = await newPage(h, { signedIn: true, language: 'fr-ca', user: { firstName: 'Fatou' } });
    try {
      await french.page.goto(path);
      await expectHeading(french.page, 'Solution du fournisseur');
      await french.page
        .getByText(/^3\s000\sF\sCFA$/)
        .first()
        .waitFor();
      await expect(french.page.getByText(/3\s?000[.,]00\s?\$|\$\s?3,000/).count()).resolves.toBe(0);
      expect(french.errors).toEqual([]);
    } finally {
      await french.context.close();
    }

    // A reader who chose dollars sees the same post at its value in dollars, not $3,000.
    const reader = await createSession(h, { firstName: 'Kofi', country: 'GH' });
    const res = await h.app.inject({
      url: `/api/solution/getSolutionDetails/${stored!.id}?currency=dollar`,
      headers: { 'access-token': reader.auth_key },
    });
    expect(res.json().data.display_price).toMatch(/^\$\s?[4-6]\.\d\d$/);
  });
});
