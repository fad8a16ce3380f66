// D-36 in Chromium, in French on a 375 px phone: a supplier searches "tracteur" near Dakar and
// chooses "M'alerter"; a farmer then publishes a matching need, and the supplier's mailbox shows it
// without a reload. The match runs on the real durable queue (JOBS=on: the queue's own worker, no
// test code running the job). Then the alerts screen lists the alert with its last match.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHONE, createSession, expectHeading, newPage, startHarness, type Harness } from './harness.js';
import { publish } from './posts.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ JOBS: 'on' });
});
afterAll(() => h.close());

/** The visible width of the page: nothing may stick out of the phone's screen. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

it(
  'a supplier alerted from a search sees a matching need in the mailbox, live, in French',
  { timeout: 60_000 },
  async () => {
    const supplier = await newPage(h, {
      signedIn: true,
      viewport: PHONE,
      language: 'fr-ca',
      quiet: true,
      user: { firstName: 'Fatou', email: `fatou-${Date.now()}@example.org` },
    });
    const { page, errors } = supplier;
    const streaming = page.waitForRequest('**/api/notify/stream');
    await page.goto('/dashboard');
    await expectHeading(page, 'Carte');
    const box = page.getByRole('searchbox', { name: 'Mots à chercher' });
    await box.fill('tracteur');
    await box.press('Enter');
    const results = page.getByRole('region', { name: 'Résultats pour « tracteur »' });
    await results
      .getByRole('status')
      .filter({ hasText: /annonce/ })
      .waitFor();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/alerts') && r.request().method() === 'POST');
    await results.getByRole('button', { name: "M'alerter", exact: true }).click();
    expect((await created).status()).toBe(201);
    await results.getByText(/Alerte créée/).waitFor();
    await streaming;
    await expect(page.getByTestId('mailbox-badge').count()).resolves.toBe(0);

    // A farmer 3 km away publishes a need for a tractor: the publish call only queues the match.
    const farmer = await createSession(h, { firstName: 'Ousmane' });
    const needId = await publish(h, farmer.auth_key, {
      user_role: 'needSolution',
      category: 'Equipments',
      sub_category_id: 'equipment-tractor',
      description: 'Labour de deux hectares la semaine prochaine.',
      pickup_lat: 14.72,
      pickup_lng: -17.45,
    });

    // The badge rises without a reload (the event stream), within the queue's polling.
    await page.getByTestId('mailbox-badge').filter({ hasText: '1' }).waitFor({ timeout: 30_000 });
    await page.locator('.mailbox > button').click();
    const item = page.locator('.mailbox-item').filter({ hasText: 'Nouveau besoin pour votre alerte' });
    await item.waitFor();
    expect(await item.innerText()).toContain('Dakar');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // The alerts screen, from the mailbox: the alert, its last match opening the need.
    await page.getByRole('link', { name: 'Gérer mes alertes' }).click();
    await page.waitForURL('**/alerts');
    const alert = page.getByRole('article').filter({ hasText: 'tracteur' });
    await alert.getByRole('link', { name: "Ouvrir l'annonce" }).waitFor();
    expect(await alert.getByRole('link', { name: "Ouvrir l'annonce" }).getAttribute('href')).toBe(`/s/${needId}`);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await supplier.context.close();
  },
);
