// Payments in a real Chromium against the real server and its local payment provider (
// D-13 to D-18, SPEC 4): pay-as-you-go from a confirmed request on a need and on an offer (the fee
// falls due once the owner confirmed, D-15 revised and D-32), a cancelled payment, the free trial
// and its end on the server's clock, the yearly subscription in CFA. Only texts the user sees are
// checked; nothing secret is logged.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, expectHeading, newPage, startHarness, waitForQuiet, type Harness } from './harness.js';
import { formatPhone } from '../src/lib/phone-format.js';
import { ROOM_NEED, TRACTOR, accept, confirm, dealOn, publish as publishWith } from './posts.js';

const DAY_MS = 86_400_000;
const PAID = 'Your transcation has been successfuly processed!';
const NOT_PAID = 'Your transcation cannot be processed!';
const TRIAL_ENDED = 'You have successfully subscribed trial version,Please select solution again';
const HIDDEN = 'Contact details are shown to subscribers and during the free trial.';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const publish = (authKey: string, post: Record<string, unknown>) => publishWith(h, authKey, post);

const statusOf = async (id: string) =>
  (await h.app.database.db.query.solutions.findFirst({ where: (s, { eq }) => eq(s.id, id) }))?.status;

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** The deal as the user whose key `authKey` is sees it through the API. */
const dealAs = async (authKey: string, dealId: string) =>
  (await h.app.inject({ url: `/api/deals/${dealId}`, headers: { 'access-token': authKey } })).json().data as {
    status: string;
    contact_access: boolean;
    fee?: { paid: boolean };
  };

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;

/** On the local provider's approval page: approve or cancel. */
async function onProviderPage(page: Page, action: 'Approve' | 'Cancel') {
  await page.waitForURL('**/api/payment/local/checkout/**');
  await page.getByRole('heading', { name: 'Local payment provider' }).waitFor();
  await page.getByRole('button', { name: action, exact: true }).click();
}

/** Intl writes narrow or no-break spaces; compare with plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

describe('payments', () => {
  it("a supplier without contact access requests a need, pays as you go once confirmed and sees the client's contacts", async () => {
    const client = await createSession(h, { firstName: 'Chantal', email: unique('chantal') });
    const needId = await publish(client.auth_key, ROOM_NEED);
    // In dollars: the fee is quoted in the supplier's display currency (D-15 revised).
    const s = await newPage(h, {
      signedIn: true,
      currency: 'dollar',
      // D-38: a dollar payer (a CFA payer pays by mobile money).
      user: { firstName: 'Serigne', email: unique('serigne'), country: 'US' },
    });

    await s.page.goto(`/clientsdetails/${needId}/${client.user._id}`);
    await expectHeading(s.page, "Client's Need");
    await s.page.getByText(HIDDEN).waitFor();
    // D-32: a request is free; one night, a week ahead.
    await s.page.getByLabel('Day of leaving').fill(inDays(8));
    await s.page.getByRole('button', { name: 'Accept Offer' }).click();
    await s.page.getByRole('status').getByText('Sent').waitFor();

    // The client confirms; the supplier pays from the deal.
    const dealId = await dealOn(h, client.auth_key, needId);
    await confirm(h, client.auth_key, dealId);
    await s.page.goto(`/deals/${dealId}`);
    await s.page.locator('.deal-party').getByRole('heading', { name: 'Choose how to continue' }).waitFor();
    // D-15 revised: 15 % of the deal's total, one night of the room's $5.00.
    await s.page.locator('.deal-party').getByRole('button', { name: 'Pay $0.75' }).click();
    await onProviderPage(s.page, 'Approve');

    await s.page.waitForURL('**/successurl?**');
    await s.page.getByText(PAID).waitFor();
    await s.page.getByRole('link', { name: formatPhone(client.user.mobile_no) }).waitFor();
    await s.page.getByRole('link', { name: client.user.email }).waitFor();
    await expect(statusOf(needId)).resolves.toBe('Accepted');
    await expect(dealAs(client.auth_key, dealId)).resolves.toMatchObject({ status: 'accepted', contact_access: true });
    expect(s.errors).toEqual([]);
    await s.context.close();
  });

  it('a client requests the offer of a supplier without access; the supplier confirms and pays from the deal; both see the contacts', async () => {
    const supplier = await createSession(h, { firstName: 'Amadou', email: unique('amadou'), country: 'US' });
    const client = await createSession(h, { firstName: 'Binta', email: unique('binta') });
    const offerId = await publish(supplier.auth_key, TRACTOR);
    const offerPath = `/supplierdetails/${offerId}/${supplier.user._id}`;

    // The client requests the offer (a day, a week ahead): free (D-15), no contacts yet.
    const c = await newPage(h, { signedIn: true, user: { email: client.user.email } });
    await c.page.goto(offerPath);
    await expectHeading(c.page, "Supplier's Solution");
    await c.page.getByLabel('From', { exact: true }).fill(inDays(7));
    await c.page.getByLabel('To', { exact: true }).fill(inDays(7));
    await c.page.getByRole('button', { name: 'Accept Offer' }).click();
    await c.page.waitForURL(`**/suppliersolution/${offerId}`);
    await c.page.getByRole('heading', { name: 'Important note' }).waitFor();
    await expect(c.page.getByText(supplier.user.email).count()).resolves.toBe(0);

    // The supplier confirms the request on the post, then opens the deal: the payment choice, then
    // pay-as-you-go.
    // In dollars: the fee is quoted in the supplier's display currency (D-15 revised).
    const s = await newPage(h, { signedIn: true, currency: 'dollar', user: { email: supplier.user.email } });
    await s.page.goto(offerPath);
    await expectHeading(s.page, "Supplier's Solution");
    await s.page.getByText('This is your post.').waitFor();
    await s.page.getByRole('heading', { name: 'Requests (1)' }).waitFor();
    await s.page.getByRole('button', { name: 'Confirm Binta' }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await s.page.getByText('You confirmed Binta. They have been told.').waitFor();
    await s.page.goto('/myoffers');
    await s.page.getByRole('link', { name: 'Open the deal with Binta' }).click();
    await s.page.locator('.deal-party').getByRole('heading', { name: 'Choose how to continue' }).waitFor();
    await s.page
      .locator('.deal-party')
      .getByText("You confirmed a client's request. To exchange contact details with them, choose one of these:")
      .waitFor();
    await s.page
      .locator('.deal-party')
      .getByRole('button', { name: /^Pay \$\d+\.\d\d$/ })
      .click();
    await onProviderPage(s.page, 'Approve');
    await s.page.waitForURL('**/successurl?**');
    await s.page.getByText(PAID).waitFor();
    await s.page.getByRole('link', { name: formatPhone(client.user.mobile_no) }).waitFor();
    await s.page.getByRole('link', { name: client.user.email }).waitFor();

    // Back on the deal: paid, not offered again.
    await s.page.getByRole('link', { name: 'Open the deal with Binta' }).click();
    await s.page.getByText(/^Fee paid: \$\d+\.\d\d\.$/).waitFor();
    await s.page.getByText(client.user.email, { exact: true }).waitFor();
    await expect(s.page.getByRole('heading', { name: 'Choose how to continue' }).count()).resolves.toBe(0);

    // The client now sees the supplier's contacts on the offer's detail (D-14).
    await c.page.goto(offerPath);
    await expectHeading(c.page, "Supplier's Solution");
    await c.page.getByText(supplier.user.email, { exact: true }).waitFor();
    await c.page.getByText(formatPhone(supplier.user.mobile_no), { exact: true }).waitFor();

    expect(s.errors).toEqual([]);
    expect(c.errors).toEqual([]);
    await s.context.close();
    await c.context.close();
  });

  it("cancelling on the provider's page says the payment was not processed, and the fee stays due", async () => {
    const client = await createSession(h, { firstName: 'Fatou', email: unique('fatou') });
    const needId = await publish(client.auth_key, ROOM_NEED);
    const supplier = await createSession(h, { firstName: 'Ibrahima', email: unique('ibrahima'), country: 'US' });
    const dealId = await accept(h, supplier.auth_key, supplier.user._id, needId);
    await confirm(h, client.auth_key, dealId);
    // In dollars: the fee is quoted in the supplier's display currency (D-15 revised).
    const s = await newPage(h, { signedIn: true, currency: 'dollar', user: { email: supplier.user.email } });
    await s.page.goto(`/deals/${dealId}`);
    await s.page.locator('.deal-party').getByRole('button', { name: 'Pay $0.75' }).click();
    await onProviderPage(s.page, 'Cancel');
    await s.page.waitForURL('**/cancelUrl**');
    await s.page.getByText(NOT_PAID).waitFor();
    await expect(s.page.getByText(client.user.email).count()).resolves.toBe(0);
    // The confirmed deal holds the need (D-32) and its fee, shown to the supplier side only, is still due.
    await expect(statusOf(needId)).resolves.toBe('Accepted');
    const supplierKey = (await s.page.evaluate(() => localStorage.getItem('auth_key')))!;
    await expect(dealAs(supplierKey, dealId)).resolves.toMatchObject({
      status: 'accepted',
      contact_access: false,
      fee: { paid: false },
    });
    expect(s.errors).toEqual([]);
    await s.context.close();
  });

  it('the yearly subscription in CFA shows 7,900 CFA and activates on return', async () => {
    // The French screen writes the same price its own way.
    const fr = await newPage(h, { signedIn: true, language: 'fr-ca', currency: 'fr' });
    await fr.page.goto('/subscriptionscreen');
    const frPrice = fr.page.locator('.billing-price');
    await frPrice.waitFor();
    expect(plain(await frPrice.textContent())).toBe('7 900 F CFA');
    await fr.context.close();

    const u = await newPage(h, { signedIn: true, currency: 'fr', user: { firstName: 'Mariama' } });
    await u.page.goto('/subscriptionscreen');
    await expectHeading(u.page, 'Subscription');
    const price = u.page.locator('.billing-price');
    await price.waitFor();
    expect(plain(await price.textContent())).toBe('F CFA 7,900');
    await u.page.getByRole('link', { name: 'Subscribe' }).click();
    await u.page.waitForURL('**/subscriptions');
    expect(plain(await u.page.locator('.billing-price').textContent())).toBe('F CFA 7,900');
    // D-38: CFA francs go by mobile money, on the local checkout standing in for CinetPay.
    await u.page.getByRole('link', { name: 'Pay F CFA 7,900 by mobile money' }).click();
    await u.page.waitForURL('**/api/payment/mobile-money/checkout/**');
    expect(plain(await u.page.getByTestId('amount').textContent())).toBe('F CFA 7,900');
    await u.page.getByRole('button', { name: 'Approve the payment' }).click();
    await u.page.waitForURL('**/subscriptionsuccess?subscription_id=**');
    await u.page.getByText(PAID).waitFor();

    await u.page.goto('/profile');
    const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(Date.now() + 365 * DAY_MS));
    const status = u.page.getByTestId('subscription');
    await status.waitFor();
    expect(plain(await status.textContent())).toContain(`Until ${until}`);
    expect(u.errors).toEqual([]);
    await u.context.close();
  });

  // Last: it moves the server's clock (put back at the end).
  it('the free trial reveals contacts; 91 days later they are hidden and the trial-ended message shows once', async () => {
    const owner = await createSession(h, { firstName: 'Ousmane', email: unique('ousmane') });
    const offerId = await publish(owner.auth_key, TRACTOR);
    const offerPath = `/supplierdetails/${offerId}/${owner.user._id}`;
    const u = await newPage(h, { signedIn: true, user: { firstName: 'Khady', email: unique('khady') } });

    await u.page.goto(offerPath);
    await u.page.getByText(HIDDEN).waitFor();
    await expect(u.page.getByText(owner.user.email, { exact: true }).count()).resolves.toBe(0);

    await u.page.goto('/subscriptionscreen');
    await u.page.getByRole('button', { name: 'Start the free 90-day trial' }).click();
    await u.page.getByRole('status').filter({ hasText: TRIAL_ENDED }).waitFor(); // SPEC's text for both.
    await u.page.waitForURL('**/dashboard');

    await u.page.goto(offerPath);
    await u.page.getByText(owner.user.email, { exact: true }).waitFor();
    await u.page.getByText(formatPhone(owner.user.mobile_no), { exact: true }).waitFor();

    h.app.clock.advance(91 * DAY_MS);
    try {
      await u.page.reload();
      await expectHeading(u.page, "Supplier's Solution");
      await u.page.getByText(HIDDEN).waitFor();
      await expect(u.page.getByText(owner.user.email, { exact: true }).count()).resolves.toBe(0);

      // SPEC 4: the message once, on the dashboard.
      const acknowledged = u.page.waitForRequest(
        (r) => r.method() === 'POST' && r.url().endsWith('/api/user/updateSubscription'),
      );
      await u.page.goto('/dashboard');
      expect((await acknowledged).postDataJSON()).toMatchObject({ status: false, trail_complete: true });
      await u.page.getByRole('status').filter({ hasText: TRIAL_ENDED }).waitFor();
      await u.page.reload();
      await waitForQuiet(u.page);
      await expect(u.page.getByText(TRIAL_ENDED).count()).resolves.toBe(0);

      await u.page.goto('/profile');
      await u.page.getByTestId('no-subscription').waitFor();
    } finally {
      h.app.clock.advance(-91 * DAY_MS);
    }
    expect(u.errors).toEqual([]);
    await u.context.close();
  });
});
