// In the field the signal drops: a deal and a post opened before read the same after a reload
// offline (the query cache in IndexedDB, the shell from the service worker): the other party, their
// contacts, the deal's status and the last messages, with how old they are. A refresh that fails
// (and is retried) never replaces them with "No connection". Logging out leaves nothing of them.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, expectHeading, newPage, PHONE, startHarness, type Harness } from './harness.js';
import { acceptAndConfirm, payFor, publish, TRACTOR } from './posts.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** The saved query cache (IndexedDB), as text; '' when there is none. */
const savedCache = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('app-cache');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve('');
          const get = db.transaction('queries').objectStore('queries').get('query-client');
          get.onsuccess = () => resolve(get.result === undefined ? '' : JSON.stringify(get.result));
          get.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  for (let reloads = 0; reloads < 3; reloads++) {
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return;
    await page.reload();
    await page.waitForLoadState('load');
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Resolves once `count` requests to a URL holding `part` have failed (the query and its retries),
 * or after 20 s: a saved copy still fresh is shown without asking at all, which is as good.
 */
function failures(page: Page, part: string, count: number): Promise<void> {
  return new Promise((resolve) => {
    let failed = 0;
    const done = () => {
      page.off('requestfailed', listener);
      clearTimeout(timer);
      resolve();
    };
    const listener = (request: { url(): string }) => {
      if (!request.url().includes(part)) return;
      failed += 1;
      if (failed >= count) done();
    };
    const timer = setTimeout(done, 20_000);
    page.on('requestfailed', listener);
  });
}

describe('a deal and a post opened before, reloaded offline', () => {
  // Two sign-ins, a paid deal, two offline reloads and a logout: a long journey on a loaded machine.
  it(
    'show the other party, their contacts, the status, the messages and their age; logout keeps none',
    { timeout: 150_000 },
    async () => {
      const unique = (name: string) => `${name}-${Date.now()}@example.org`;
      const owner = await createSession(h, { firstName: 'Amadou', email: unique('amadou-field') });
      const farmer = await createSession(h, { firstName: 'Binta', email: unique('binta-field') });
      const description = `Tractor for the field ${Date.now()}`;
      const offerId = await publish(h, owner.auth_key, { ...TRACTOR, description });
      const dealId = await acceptAndConfirm(h, farmer, owner.auth_key, offerId);
      await payFor(h, owner.auth_key, dealId);
      const words = `The field is by the baobab ${Date.now()}`;
      const sent = await h.app.inject({
        method: 'POST',
        url: `/api/deals/${dealId}/messages`,
        headers: { 'access-token': farmer.auth_key },
        payload: { text: words },
      });
      expect(sent.statusCode, sent.body).toBe(201);

      const { page, context, errors } = await newPage(h, {
        signedIn: true,
        viewport: PHONE,
        user: { email: owner.user.email },
      });
      try {
        await page.goto('/dashboard');
        await controlledByServiceWorker(page);
        const postPath = `/supplierdetails/${offerId}/${owner.user._id}`;
        await page.goto(postPath);
        await expectHeading(page, "Supplier's Solution");
        await page.getByText(description).waitFor();
        // Saved a second after it arrived (a person reads it longer than that).
        await expect.poll(() => savedCache(page)).toContain(`"detail","${offerId}"`);
        await page.goto(`/deals/${dealId}`);
        const thread = page.getByRole('log', { name: 'Messages' });
        await thread.getByText(words).waitFor();
        await expect.poll(() => savedCache(page)).toContain(words);

        await context.setOffline(true);
        // The deal: its first fetch and both retries fail; what was saved stays on screen.
        const dealFailed = failures(page, `/api/deals/${dealId}?`, 3);
        await page.reload();
        await dealFailed;
        const party = page.getByRole('region', { name: 'Accepted by' });
        await party.getByText('Binta').first().waitFor();
        // Their phone number, as the viewer was shown it (D-14).
        await party.getByRole('link', { name: 'Call Binta' }).waitFor();
        expect(await party.getByRole('link', { name: 'Call Binta' }).getAttribute('href')).toBe(
          `tel:${farmer.user.mobile_no}`,
        );
        await page.locator('.deal-page-facts .deal-state').getByText('Confirmed', { exact: true }).waitFor();
        await thread.getByText(words).waitFor();
        const notice = page.getByRole('status').filter({ hasText: /^You are offline/ });
        await expect(notice.getByTestId('saved-age').innerText()).resolves.toMatch(
          /^Saved (less than a minute|\d+ minutes?) ago\.$/,
        );
        await expect(page.getByText('No connection', { exact: false }).count()).resolves.toBe(0);
        // The message box still queues what is written (the outbox).
        await page.getByLabel('Your message to Binta').fill('On my way');
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        await thread.locator('li', { hasText: 'On my way' }).getByText('Waiting to be sent').waitFor();

        // The post: the same after its retries fail.
        const postFailed = failures(page, `/api/solution/getSolutionDetails/${offerId}`, 3);
        await page.goto(postPath);
        await postFailed;
        await expectHeading(page, "Supplier's Solution");
        await page.getByText(description).waitFor();
        await expect(page.getByText('No connection', { exact: false }).count()).resolves.toBe(0);
        await notice.getByTestId('saved-age').waitFor();
        expect(errors).toEqual([]);

        // Logout: nothing of the deal or the post stays on the phone.
        await context.setOffline(false);
        await page.goto('/dashboard');
        await page.getByRole('button', { name: 'Account menu' }).click();
        const reloaded = page.waitForEvent('load');
        await page.getByRole('button', { name: 'Logout' }).click();
        await reloaded;
        await expect.poll(() => savedCache(page)).not.toContain(dealId);
        const left = await savedCache(page);
        expect(left).not.toContain(words);
        expect(left).not.toContain(offerId);
      } finally {
        await context.close();
      }
    },
  );
});
