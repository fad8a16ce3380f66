// In a real Chromium: what was seen stays readable offline (the query cache in
// IndexedDB, the shell from the service worker), and a post made offline goes to the outbox and is
// sent once when the signal returns, even when the network cut the first send after the server
// had made the post (D-31: the retry carries the same Idempotency-Key); a deal message written
// offline waits in its thread the same way and reaches the other party once.
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, expectHeading, newPage, PHONE, startHarness, waitForQuiet, type Harness } from './harness.js';
import { acceptAndConfirm, payFor, publish, TRACTOR } from './posts.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function messagesWith(text: string): Promise<number> {
  const result = (await h.app.database.db.execute(
    sql`select count(*)::int as n from deal_messages where text = ${text}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

async function postsWith(description: string): Promise<number> {
  const result = (await h.app.database.db.execute(
    sql`select count(*)::int as n from solutions where description = ${description}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

/** Resolves once the saved query cache (IndexedDB) holds `text`. */
async function savedContains(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open('app-cache');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('queries')) return resolve('');
              const get = db.transaction('queries').objectStore('queries').get('query-client');
              get.onsuccess = () => resolve(JSON.stringify(get.result ?? ''));
              get.onerror = () => resolve('');
            };
            open.onerror = () => resolve('');
          }),
      ),
    )
    .toContain(text);
}

async function controlledByServiceWorker(page: Page, heading: string): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  for (let reloads = 0; reloads < 3; reloads++) {
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return;
    await page.reload();
    await expectHeading(page, heading);
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** From the Equipment screen to a filled tractor offer form (its screens load while online). */
async function fillTractorOffer(page: Page, description: string): Promise<void> {
  await page.goto('/equipment');
  await page.getByRole('button', { name: /Tractor \(per day\)/ }).click();
  await page.getByRole('button', { name: 'I offer it (Solution Provider)' }).click();
  await page.waitForURL(/\/selectionmap\/Equipments\/equipment-tractor$/);
  await page.getByRole('button', { name: 'Use my position' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/providesolutionForm$/);
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('City').fill('Dakar');
  await page.getByLabel('Country').selectOption({ label: 'Senegal' });
  await page.getByLabel('Date').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
}

describe('offline after a visit', () => {
  it('shows the last list and a post opened, with their age', async () => {
    const owner = await createSession(h, { firstName: 'Awa' });
    const description = `Tractor kept for offline ${Date.now()}`;
    const offerId = await publish(h, owner.auth_key, { ...TRACTOR, description });

    const { page, context, errors } = await newPage(h, {
      signedIn: true,
      viewport: PHONE,
      user: { firstName: 'Binta' },
    });
    try {
      await page.goto('/suppliers');
      await expectHeading(page, 'A Solution of a Supplier');
      await controlledByServiceWorker(page, 'A Solution of a Supplier');
      await page
        .getByRole('link', { name: /Tractor \(per day\)/ })
        .first()
        .waitFor();
      // The list is saved (a second after it arrived, or as the page is left) before we leave.
      await savedContains(page, '"solutions","list","');
      await page.goto(`/supplierdetails/${offerId}/${owner.user._id}`);
      await expectHeading(page, "Supplier's Solution");
      await page.getByText(description).waitFor();
      await savedContains(page, `"detail","${offerId}"`);

      await context.setOffline(true);
      await page.goto('/suppliers');
      await expectHeading(page, 'A Solution of a Supplier');
      await page
        .getByRole('link', { name: /Tractor \(per day\)/ })
        .first()
        .waitFor();
      const notice = page.getByRole('status').filter({ hasText: /^You are offline/ });
      await notice.waitFor();
      await expect(notice.getByTestId('saved-age').innerText()).resolves.toMatch(
        /^Saved (less than a minute|\d+ minutes?) ago\.$/,
      );
      await expect(page.getByText('No connection', { exact: false }).count()).resolves.toBe(0);

      await page.goto(`/supplierdetails/${offerId}/${owner.user._id}`);
      await expectHeading(page, "Supplier's Solution");
      await page.getByText(description).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a post made offline', () => {
  it('waits in the outbox, can be seen there, and is sent once when the signal returns', async () => {
    const { page, context, errors } = await newPage(h, {
      signedIn: true,
      viewport: PHONE,
      user: { firstName: 'Ibou' },
    });
    const description = `Tractor posted offline ${Date.now()}`;
    try {
      await fillTractorOffer(page, description);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('No connection: your post waits in the outbox').waitFor();
      const outbox = page.getByRole('region', { name: /^Waiting to be sent \(1\)/ });
      await outbox.getByText(description).waitFor();
      expect(await postsWith(description)).toBe(0);

      const sent = page.waitForResponse('**/api/solution/addSolution');
      await context.setOffline(false);
      expect((await sent).status()).toBe(201);
      await outbox.waitFor({ state: 'detached' });
      expect(await postsWith(description)).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('can be cancelled before it is sent', async () => {
    const { page, context } = await newPage(h, { signedIn: true, viewport: PHONE, user: { firstName: 'Fatou' } });
    const description = `Tractor cancelled offline ${Date.now()}`;
    try {
      await fillTractorOffer(page, description);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Publish' }).click();
      const outbox = page.getByRole('region', { name: /^Waiting to be sent/ });
      await outbox.getByRole('button', { name: `Cancel sending: ${description}` }).click();
      await outbox.waitFor({ state: 'detached' });
      await context.setOffline(false);
      // Back online and started again: nothing left to send.
      await page.reload();
      await page.waitForLoadState('load');
      await expect(page.getByRole('region', { name: /^Waiting to be sent/ }).count()).resolves.toBe(0);
      expect(await postsWith(description)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('is made once when the network drops after the server made it and the app retries', async () => {
    const { page, context, errors } = await newPage(h, {
      signedIn: true,
      viewport: PHONE,
      user: { firstName: 'Moussa' },
    });
    const description = `Tractor sent as the signal dropped ${Date.now()}`;
    const keys: string[] = [];
    const replayed: string[] = [];
    try {
      // The first send reaches the server, which makes the post; its answer is lost on the way.
      let cut = true;
      await page.route('**/api/solution/addSolution', async (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (!cut) return route.continue();
        cut = false;
        const answer = await route.fetch();
        expect(answer.status()).toBe(201);
        await route.abort('connectionreset');
      });
      page.on('response', (response) => {
        if (response.url().includes('/api/solution/addSolution'))
          replayed.push(response.headers()['idempotent-replayed'] ?? '');
      });
      await fillTractorOffer(page, description);
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('No connection: your post waits in the outbox').waitFor();
      expect(await postsWith(description)).toBe(1);

      // The app starts again with a signal: the outbox sends the post with the same key.
      const retried = page.waitForResponse('**/api/solution/addSolution');
      await page.reload();
      expect((await retried).status()).toBe(201);
      expect(replayed).toEqual(['true']);
      await page.getByRole('region', { name: /^Waiting to be sent/ }).waitFor({ state: 'detached' });
      expect(keys).toHaveLength(2);
      expect(keys[0]).not.toBe('');
      expect(keys[1]).toBe(keys[0]);
      expect(await postsWith(description)).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a deal message written offline', () => {
  it('waits in the thread and the outbox, can be cancelled, and reaches the other party once', async () => {
    const unique = (name: string) => `${name}-${Date.now()}@example.org`;
    const owner = await createSession(h, { firstName: 'Amadou', email: unique('amadou-offline') });
    const taker = await createSession(h, { firstName: 'Binta', email: unique('binta-offline') });
    const offerId = await publish(h, owner.auth_key, TRACTOR);
    // Messages open once the owner confirmed and the supplier paid the fee (D-32, D-15 revised).
    const dealId = await acceptAndConfirm(h, taker, owner.auth_key, offerId);
    await payFor(h, owner.auth_key, dealId);
    const text = `On my way with the fuel ${Date.now()}`;
    const dropped = `Never mind the fuel ${Date.now()}`;

    const writer = await newPage(h, { signedIn: true, viewport: PHONE, user: { email: taker.user.email } });
    const reader = await newPage(h, { signedIn: true, user: { email: owner.user.email } });
    try {
      for (const { page } of [writer, reader]) {
        await page.goto(`/deals/${dealId}`);
        await page.getByText('No messages yet. Write the first one.').waitFor();
      }
      const thread = writer.page.getByRole('log', { name: 'Messages' });
      const outbox = writer.page.getByRole('region', { name: /^Waiting to be sent/ });

      await writer.context.setOffline(true);
      for (const words of [text, dropped]) {
        await writer.page.getByLabel('Your message to Amadou').fill(words);
        await writer.page.getByRole('button', { name: 'Send', exact: true }).click();
        await thread.locator('li', { hasText: words }).getByText('Waiting to be sent').waitFor();
      }
      // The box empties once the outbox has taken the message (the mutation's answer, a moment
      // after the thread shows it waiting).
      await expect.poll(() => writer.page.getByLabel('Your message to Amadou').inputValue()).toBe('');
      await writer.page.getByRole('region', { name: 'Waiting to be sent (2)' }).waitFor();
      await outbox.getByText(text).waitFor();

      // The second is cancelled from the outbox panel: it leaves the thread too.
      await outbox.getByRole('button', { name: `Cancel sending: ${dropped}` }).click();
      await writer.page.getByRole('region', { name: 'Waiting to be sent (1)' }).waitFor();
      await thread.getByText(dropped).waitFor({ state: 'detached' });
      expect(await messagesWith(text)).toBe(0);

      const sent = writer.page.waitForResponse(`**/api/deals/${dealId}/messages`);
      await writer.context.setOffline(false);
      const answer = await sent;
      expect(answer.request().method()).toBe('POST');
      expect(answer.status()).toBe(201);
      expect(answer.request().headers()['idempotency-key']).toBeTruthy();
      await outbox.waitFor({ state: 'detached' });
      await thread.getByText('Waiting to be sent').waitFor({ state: 'detached' });
      await thread.getByText(text, { exact: true }).waitFor();

      // The other party's open page shows it live, once.
      const readerThread = reader.page.getByRole('log', { name: 'Messages' });
      await readerThread.getByText(text, { exact: true }).waitFor();
      await waitForQuiet(reader.page);
      await waitForQuiet(writer.page);
      await expect(readerThread.getByText(text, { exact: true }).count()).resolves.toBe(1);
      await expect(thread.getByText(text, { exact: true }).count()).resolves.toBe(1);
      await expect(readerThread.getByText(dropped).count()).resolves.toBe(0);
      expect(await messagesWith(text)).toBe(1);
      expect(await messagesWith(dropped)).toBe(0);

      // And after a reload, still once on both sides.
      await reader.page.reload();
      await readerThread.getByText(text, { exact: true }).waitFor();
      await expect(readerThread.getByText(text, { exact: true }).count()).resolves.toBe(1);
      expect(writer.errors).toEqual([]);
      expect(reader.errors).toEqual([]);
    } finally {
      await writer.context.close();
      await reader.context.close();
    }
  });
});
