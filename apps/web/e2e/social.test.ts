// Social sign-in with the local provider (D-1), in a real Chromium against the real API: the
// login screen, the provider's page, /middleware, the completion at /registerCountry (SPEC 5)
// and the dashboard.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, createSession, expectHeading, newPage, startHarness, waitForQuiet, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;

/** A fresh Senegalese mobile number (77 + 7 digits). */
let numbers = 0;
function newNumber(): { local: string; e164: string } {
  numbers += 1;
  const rest = String((Date.now() * 13 + numbers * 7919) % 10_000_000).padStart(7, '0');
  return { local: `77 ${rest.slice(0, 3)} ${rest.slice(3, 5)} ${rest.slice(5)}`, e164: `+22177${rest}` };
}

const at =
  (pathname: string, param?: string) =>
  (url: URL): boolean =>
    url.pathname === pathname && (param === undefined || url.searchParams.has(param));

/** From /login through the local provider's page (D-1) to /middleware. */
async function signInLocally(page: Page, firstName: string, email?: string): Promise<void> {
  await page.goto('/login');
  await expectHeading(page, 'Login');
  // The login screen links Google and Facebook; the local provider is reached at its own address
  // unless the screen offers it.
  const local = page.locator('a[href="/api/auth/local"]');
  if ((await local.count()) > 0) await local.first().click();
  else await page.goto('/api/auth/local');
  await page.waitForURL(at('/api/auth/local/page', 'state'));
  await page.getByLabel('First name').fill(firstName);
  if (email) await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(at('/middleware', 'code'));
}

describe('social sign-in', () => {
  it('goes from /login through the provider and /middleware to /registerCountry, then to /dashboard', async () => {
    const email = unique('khady');
    const number = newNumber();
    const { context, page, errors } = await newPage(h, { quiet: true });
    await signInLocally(page, 'Khady', email);
    await expectHeading(page, 'Signing you in');
    await page.waitForURL(at('/registerCountry'), { timeout: 10_000 });
    await expectHeading(page, 'Complete your account');
    // The provider gave an e-mail: it is not asked again.
    await expect(page.getByLabel('E-mail').count()).resolves.toBe(0);

    // SPEC 5: a number of 6 characters or fewer is refused.
    await page.getByLabel('Country').selectOption({ label: 'Senegal' });
    await expect(page.getByLabel('Dial code').inputValue()).resolves.toBe('SN');
    await page.getByLabel('Number').fill('77 123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please complete all the fields' }).waitFor();

    await page.getByLabel('Number').fill(number.local);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/dashboard');
    await expectHeading(page, 'Map');
    await expect(page.evaluate(() => localStorage.getItem('isAuthenticated'))).resolves.toBe('true');
    // The country is known: no country modal.
    await waitForQuiet(page);
    await expect(page.getByRole('dialog', { name: 'Choose your country' }).count()).resolves.toBe(0);

    const row = await h.app.database.db.query.users.findFirst({ where: (u) => eq(u.email, email) });
    expect(row).toMatchObject({ firstName: 'Khady', mobileNo: number.e164, country: 'SN' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for an e-mail when the provider gave none, and says "User already exists." for a taken one', async () => {
    const taken = await createSession(h, { email: unique('taken') });
    const email = unique('lamine');
    const { context, page } = await newPage(h, { quiet: true, viewport: PHONE });
    await signInLocally(page, 'Lamine');
    await page.waitForURL(at('/registerCountry'), { timeout: 10_000 });
    await expectHeading(page, 'Complete your account');

    await page.getByLabel('E-mail').fill(taken.user.email);
    await page.getByLabel('Country').selectOption({ label: 'Senegal' });
    await page.getByLabel('Number').fill(newNumber().local);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'User already exists.' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('isAuthenticated'))).resolves.toBeNull();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/dashboard');
    const row = await h.app.database.db.query.users.findFirst({ where: (u) => eq(u.email, email) });
    expect(row?.firstName).toBe('Lamine');
    await context.close();
  });

  it('goes straight to /dashboard when the account is already complete', async () => {
    const email = unique('done');
    const first = await newPage(h, { quiet: true });
    await signInLocally(first.page, 'Done', email);
    await first.page.waitForURL(at('/registerCountry'), { timeout: 10_000 });
    await first.page.getByLabel('Country').selectOption({ label: 'Senegal' });
    await first.page.getByLabel('Number').fill(newNumber().local);
    await first.page.getByRole('button', { name: 'Continue' }).click();
    await first.page.waitForURL('**/dashboard');
    await first.context.close();

    const again = await newPage(h, { quiet: true });
    await signInLocally(again.page, 'Done', email);
    await again.page.waitForURL('**/dashboard', { timeout: 10_000 });
    await expectHeading(again.page, 'Map');
    await again.context.close();
  });

  it('sends an unknown or used code to /login?error=social', async () => {
    const { context, page } = await newPage(h, { quiet: true });
    await page.goto(`/middleware?code=${'x'.repeat(43)}`);
    await page.waitForURL((url) => at('/login')(url) && url.searchParams.get('error') === 'social', {
      timeout: 10_000,
    });
    await expect(page.evaluate(() => localStorage.getItem('isAuthenticated'))).resolves.toBeNull();
    await context.close();
  });
});
