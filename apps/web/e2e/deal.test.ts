// In a real Chromium against the real server: the deal page for both parties (D-27),
// messages arriving live (D-28), completing and rating (D-29, revised by D-34: both parties mark it
// done, a reported problem puts it on hold). Before, the owner of a need never learned who
// accepted it and no screen showed the other party. Accepting is a request the owner confirms
// (D-32); the supplier side pays its fee from the deal page once confirmed (D-15 revised).
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSession,
  DESKTOP,
  expectHeading,
  newPage,
  PHONE,
  startHarness,
  waitForQuiet,
  type Harness,
} from './harness.js';
import {
  ROOM_NEED,
  TRACTOR,
  acceptAndConfirm,
  confirm,
  dealOn as dealOnWith,
  payFor as payForWith,
  publish as publishWith,
} from './posts.js';
import { formatPhone } from '../src/lib/phone-format.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
const publish = (authKey: string, post: Record<string, unknown>) => publishWith(h, authKey, post);

const dealOn = (authKey: string, solutionId: string) => dealOnWith(h, authKey, solutionId);
const payFor = (authKey: string, dealId: string) => payForWith(h, authKey, dealId);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function openDeal(page: Page, dealId: string) {
  await page.goto(`/deals/${dealId}`);
  await page.getByRole('heading', { level: 2, name: /^(Accepted by|Posted by)$/ }).waitFor();
}

/**
 * For the closing note: with SCREENSHOT_DIR set, the deal page as `email` sees it, at phone and
 * desktop widths, in English and French (deal-{en-us,fr-ca}-{375,1280}.png).
 */
async function saveDealShots(email: string, dealId: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const language of ['en-us', 'fr-ca'] as const) {
    const { context, page, errors } = await newPage(h, { signedIn: true, user: { email }, language });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/deals/${dealId}`);
      await page.locator('.deal-party .person').waitFor();
      await page.locator('.deal-thread .deal-message').first().waitFor();
      await waitForQuiet(page);
      const file = join(dir, `deal-${language}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(statSync(file).size).toBeGreaterThan(10_000);
      console.info(`deal screenshot: ${file}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }
}

describe('the deal, end to end', () => {
  it('shows the owner of a need who accepted it, with their contacts, after the supplier paid', async () => {
    const client = await createSession(h, { firstName: 'Chantal', email: unique('chantal') });
    const needId = await publish(client.auth_key, ROOM_NEED);

    // The supplier requests the need (one night: the day of leaving is the next day), in the browser.
    // In dollars: the fee is quoted in the supplier's display currency (D-15 revised).
    const s = await newPage(h, {
      signedIn: true,
      currency: 'dollar',
      // D-38: a dollar payer (a CFA payer pays by mobile money).
      user: { firstName: 'Serigne', email: unique('serigne'), country: 'US' },
    });
    await s.page.goto(`/clientsdetails/${needId}/${client.user._id}`);
    await expectHeading(s.page, "Client's Need");
    await s.page.getByLabel('Day of leaving').fill(inDays(8));
    await s.page.getByRole('button', { name: 'Accept Offer' }).click();
    await s.page.getByRole('status').getByText('Sent').waitFor();
    await s.page.waitForURL((url) => url.pathname === '/');

    // The client confirms it; the supplier pays as you go from the deal, in the browser (D-15 revised).
    const dealId = await dealOn(client.auth_key, needId);
    await confirm(h, client.auth_key, dealId);
    await openDeal(s.page, dealId);
    await s.page.locator('.deal-party').getByRole('button', { name: 'Pay $0.75' }).click();
    await s.page.waitForURL('**/api/payment/local/checkout/**');
    await s.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await s.page.waitForURL('**/successurl?**');
    // The payment return leads to the deal.
    await s.page.getByRole('link', { name: 'Open the deal with Chantal' }).click();
    await s.page.getByRole('heading', { level: 2, name: 'Posted by' }).waitFor();
    const supplierMobile = (await s.page.evaluate(() => JSON.parse(localStorage.getItem('currentUser')!)))
      .mobile_no as string;

    // The client, owner of the need, finds the deal in their deals and sees the supplier.
    const c = await newPage(h, { signedIn: true, user: { email: client.user.email } });
    await c.page.goto('/deals');
    await c.page.getByRole('link', { name: /Serigne/ }).click();
    await c.page.getByRole('heading', { level: 2, name: 'Accepted by' }).waitFor();
    await c.page.locator('.deal-party').getByText('Serigne').first().waitFor();
    await c.page.getByText(formatPhone(supplierMobile), { exact: true }).waitFor();
    await expect(c.page.getByRole('link', { name: 'Call Serigne' }).getAttribute('href')).resolves.toBe(
      `tel:${supplierMobile}`,
    );
    await c.page.getByRole('link', { name: 'E-mail Serigne' }).waitFor();
    await c.page.getByRole('link', { name: 'Send an SMS to Serigne' }).waitFor();
    await c.page.getByRole('link', { name: 'Message Serigne on WhatsApp' }).waitFor();
    expect(s.errors).toEqual([]);
    expect(c.errors).toEqual([]);
    await s.context.close();
    await c.context.close();
  });

  it('delivers a message sent by one party live to the other, as text', async () => {
    const owner = await createSession(h, { firstName: 'Amadou', email: unique('amadou') });
    const taker = await createSession(h, { firstName: 'Binta', email: unique('binta') });
    const offerId = await publish(owner.auth_key, TRACTOR);
    const dealId = await acceptAndConfirm(h, taker, owner.auth_key, offerId);
    await payFor(owner.auth_key, dealId);

    const o = await newPage(h, { signedIn: true, user: { email: owner.user.email } });
    const t = await newPage(h, { signedIn: true, user: { email: taker.user.email } });
    await openDeal(o.page, dealId);
    await openDeal(t.page, dealId);
    await o.page.getByText('No messages yet. Write the first one.').waitFor();

    const text = 'Is the tractor free on Saturday? <b>not bold</b>';
    await t.page.getByLabel('Your message to Amadou').fill(text);
    await t.page.getByRole('button', { name: 'Send' }).click();
    await t.page.getByRole('log', { name: 'Messages' }).getByText(text, { exact: true }).waitFor();

    // The owner's open page shows it without a reload, as text (no markup rendered).
    const log = o.page.getByRole('log', { name: 'Messages' });
    await log.getByText(text, { exact: true }).waitFor();
    await expect(log.locator('b').count()).resolves.toBe(0);

    // And the answer travels back the same way.
    await o.page.getByLabel('Your message to Binta').fill('Yes, from 8 am.');
    await o.page.getByRole('button', { name: 'Send' }).click();
    await t.page.getByRole('log', { name: 'Messages' }).getByText('Yes, from 8 am.', { exact: true }).waitFor();
    expect(o.errors).toEqual([]);
    expect(t.errors).toEqual([]);
    await o.context.close();
    await t.context.close();
    await saveDealShots(owner.user.email, dealId);
  });

  it('completes the deal once both parties marked it done; each then rates the other once', async () => {
    const owner = await createSession(h, { firstName: 'Ousmane', email: unique('ousmane') });
    const taker = await createSession(h, { firstName: 'Khady', email: unique('khady') });
    const offerId = await publish(owner.auth_key, TRACTOR);
    const dealId = await acceptAndConfirm(h, taker, owner.auth_key, offerId);
    await payFor(owner.auth_key, dealId);

    // The taker marks it done (asked first): it waits for the owner.
    const t = await newPage(h, { signedIn: true, user: { email: taker.user.email } });
    await openDeal(t.page, dealId);
    await t.page.getByRole('button', { name: 'Mark as done' }).click();
    await t.page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await t.page.getByText(/^You marked it done\. Waiting for Ousmane/).waitFor();
    await expect(t.page.getByRole('button', { name: 'Send my rating' }).count()).resolves.toBe(0);

    // The owner marks it done too: completed for both.
    const o = await newPage(h, { signedIn: true, user: { email: owner.user.email } });
    await openDeal(o.page, dealId);
    await o.page.getByText('Khady marked it done. Mark it done too if all went well, or report a problem.').waitFor();
    await o.page.getByRole('button', { name: 'Mark as done' }).click();
    await o.page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await o.page.getByText('This deal is completed.').waitFor();
    await t.page.reload();
    await t.page.getByText('This deal is completed.').waitFor();

    // The fourth star (each is a labelled radio; the label shows the star).
    await t.page.locator('label', { has: t.page.getByRole('radio', { name: '4 stars' }) }).click();
    await expect(t.page.getByRole('radio', { name: '4 stars' }).isChecked()).resolves.toBe(true);
    await t.page.getByLabel(/A few words about the deal/).fill('On time, tractor in good shape.');
    await t.page.getByRole('button', { name: 'Send my rating' }).click();
    await t.page.getByText('You gave Ousmane 4 stars.').waitFor();
    // Rated once; a completed deal offers no problem report (D-34).
    await expect(t.page.getByRole('button', { name: 'Send my rating' }).count()).resolves.toBe(0);
    await expect(t.page.getByRole('button', { name: 'Report a problem' }).count()).resolves.toBe(0);

    // The owner sees the taker's completed deal on their side, and the rating on their card.
    await o.page.reload();
    await o.page.getByText('This deal is completed.').waitFor();
    await o.page.locator('.deal-party').getByText('1 completed deal').waitFor();
    // Anybody signed in reads it on the owner's card (each browser above started its own session).
    const reader = await createSession(h, { firstName: 'Awa', email: unique('awa') });
    const card = await h.app.inject({
      url: `/api/users/${owner.user._id}/card`,
      headers: { 'access-token': reader.auth_key },
    });
    expect(card.json().data).toMatchObject({ completed_deals: 1, rating: { average: 4, count: 1 } });
    // The owner rates once too.
    await o.page.locator('label', { has: o.page.getByRole('radio', { name: '5 stars' }) }).click();
    await o.page.getByRole('button', { name: 'Send my rating' }).click();
    await o.page.getByText('You gave Khady 5 stars.').waitFor();
    await expect(o.page.getByRole('button', { name: 'Send my rating' }).count()).resolves.toBe(0);
    expect(t.errors).toEqual([]);
    expect(o.errors).toEqual([]);
    await t.context.close();
    await o.context.close();
  });

  it('puts the deal on hold when the other party reports a problem after one marked it done', async () => {
    const owner = await createSession(h, { firstName: 'Modou', email: unique('modou') });
    const taker = await createSession(h, { firstName: 'Astou', email: unique('astou') });
    const offerId = await publish(owner.auth_key, TRACTOR);
    const dealId = await acceptAndConfirm(h, taker, owner.auth_key, offerId);
    await payFor(owner.auth_key, dealId);

    const t = await newPage(h, { signedIn: true, user: { email: taker.user.email } });
    await openDeal(t.page, dealId);
    await t.page.getByRole('button', { name: 'Mark as done' }).click();
    await t.page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await t.page.getByText(/^You marked it done\. Waiting for Modou/).waitFor();

    // D-34: the owner did not mark it done, so they may report a problem: after a Yes the deal is
    // frozen, neither completed nor offered to mark done, and nobody can rate it.
    const o = await newPage(h, { signedIn: true, user: { email: owner.user.email } });
    await openDeal(o.page, dealId);
    await o.page.getByRole('button', { name: 'Report a problem' }).click();
    await o.page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await o.page.getByText('A problem was reported. The deal is on hold until our team settles it.').waitFor();
    await expect(o.page.getByRole('button', { name: 'Mark as done' }).count()).resolves.toBe(0);
    await expect(o.page.getByText('This deal is completed.').count()).resolves.toBe(0);
    await t.page.reload();
    await t.page.getByText('A problem was reported. The deal is on hold until our team settles it.').waitFor();
    await expect(t.page.getByRole('button', { name: 'Send my rating' }).count()).resolves.toBe(0);
    const reader = await createSession(h, { firstName: 'Awa', email: unique('awa') });
    const card = await h.app.inject({
      url: `/api/users/${owner.user._id}/card`,
      headers: { 'access-token': reader.auth_key },
    });
    expect(card.json().data).toMatchObject({ completed_deals: 0, rating: { average: null, count: 0 } });
    expect(t.errors).toEqual([]);
    expect(o.errors).toEqual([]);
    await t.context.close();
    await o.context.close();
  });
});
