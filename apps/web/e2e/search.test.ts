// "find 'freezer' near me". A signed-in user in Dakar types a word from a post's
// description into the box that is always on the dashboard, and sees the post nearest first, its
// card saying how far and how old it is. The same box sits on the lists, in French too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, createSession, expectHeading, newPage, startHarness, type Harness } from './harness.js';
import { publish } from './posts.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const owner = await createSession(h, { firstName: 'Moussa' });
  // A few hundred metres from the browser's position (Dakar, Plateau).
  await publish(h, owner.auth_key, {
    user_role: 'provideSolution',
    category: 'Equipments',
    sub_category_id: 'equipment-own',
    title: 'Chest freezer, 300 litres',
    price: '45000',
    currency: 'fr',
    description: 'A freezer that works well; collect it in Plateau.',
    pickup_lat: 14.6951,
    pickup_lng: -17.4439,
  });
  await publish(h, owner.auth_key, {
    user_role: 'provideSolution',
    category: 'Equipments',
    sub_category_id: 'equipment-tractor',
    description: 'A tractor with its driver, in Thiès.',
    pickup_city: 'Thiès',
    pickup_lat: 14.791,
    pickup_lng: -16.9359,
  });
});
afterAll(() => h.close());

describe('one search box', () => {
  it('finds "freezer" from the dashboard, nearest first, with "km" and "ago" on its card', async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true });
    await page.goto('/dashboard');
    await expectHeading(page, 'Map');
    const box = page.getByRole('searchbox', { name: 'Words to find' });
    await box.fill('freezer');
    await box.press('Enter');

    const results = page.getByRole('region', { name: 'Results for “freezer”' });
    const card = results.getByRole('link', { name: /Chest freezer, 300 litres/ });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toMatch(/\d+(\.\d)? km away/);
    expect(text).toMatch(/posted \d+ \w+ ago/);
    await expect(results.getByRole('link').count()).resolves.toBe(1);
    await expect(page.getByRole('status').filter({ hasText: 'nearest first' }).innerText()).resolves.toBe(
      '1 post found, nearest first.',
    );
    expect(new URL(page.url()).searchParams.get('q')).toBe('freezer');

    // The card opens the post, which is named by its title.
    await card.click();
    await page.waitForURL('**/supplierdetails/**');
    await page.getByRole('heading', { level: 2, name: /Chest freezer, 300 litres/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is on the Suppliers list on a phone, in French, and keeps the list nearest first', async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true, viewport: PHONE, language: 'fr-ca' });
    await page.goto('/suppliers');
    const list = page.locator('.deal-list').first();
    // Nearest first: the freezer (Dakar) before the tractor (Thiès, about 55 km away).
    await list.getByRole('link').first().waitFor();
    const first = await list.getByRole('link').first().innerText();
    expect(first).toContain('Chest freezer');
    // French puts a no-break space between the number and "km".
    expect(first).toMatch(/à \d+(,\d)?\skm · publié il y a/);
    const box = page.getByRole('searchbox', { name: 'Mots à chercher' });
    await expect(box.isVisible()).resolves.toBe(true);
    await box.fill('tracteur');
    await page.getByRole('button', { name: 'Chercher', exact: true }).click();
    const results = page.getByRole('region', { name: 'Résultats pour « tracteur »' });
    const card = results.getByRole('link').first();
    await card.waitFor();
    expect(await card.innerText()).toMatch(/à \d+\skm · publié il y a/);
    // Nothing sticks out of a 375 px screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
