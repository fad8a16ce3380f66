// Social sign-in with the local provider (D-1), in a real Chromium against the real API: the
// login screen, the provider's page, /middleware, the completion at /registerCountry (SPEC 5)
// and the dashboard.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleSmsAdapter } from '../../server/src/adapters/sms/console.js';
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

/**
 * After Continue, the number is proven by an SMS code before the account is
 * completed. Waits for the code step and enters the last code sent to `e164`.
 */
async function enterSmsCode(page: Page, e164: string): Promise<void> {
  await page.getByLabel('Code from the SMS').waitFor();
  const sms = h.app.sms;
  if (!(sms instanceof ConsoleSmsAdapter)) throw new Error('the harness should use the console SMS adapter');
  const code = /\b(\d{6})\b/.exec(sms.lastTo(e164)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${e164}`);
  await page.getByLabel('Code from the SMS').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

const at =
  (pathname: string, param?: string) =>
  (url: URL): boolean =>
    url.pathname === pathname && (param === undefined || url.searchParams.has(param));

/** From /login through the local provider's page (D-1) to /middleware. */
async function signInLocally(page: Page, firstName: string, email?: string): Promise<void> {
  await page.goto('/login');
  await expectHeading(page, 'Login');
  // /login comes prerendered; its links start a bound sign-in once the app has loaded.
  await waitForQuiet(page);
  // The login screen offers the local provider here (D-1); its link starts a sign-in bound to this
  // tab, as Google's and Facebook's do.
  await page.locator('a[href="/api/auth/local"]').first().click();
  await page.waitForURL(at('/api/auth/local/page', 'state'));
  await page.getByLabel('First name').fill(firstName);
  if (email) await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(at('/middleware', 'code'));
}

describe('social sign-in', () => {
  it("does not sign a victim's browser into an attacker's account with the attacker's code", async () => {
    // The attacker signs in to their own account but keeps the one-time code instead of using it.
    const attacker = await newPage(h, { quiet: true });
    let code = '';
    await attacker.page.route('**/api/user/loginVia/**', async (route) => {
      code = (route.request().postDataJSON() as { code: string }).code;
      await route.abort();
    });
    await signInLocally(attacker.page, 'Mallory', unique('mallory'));
    await expect.poll(() => code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await attacker.context.close();

    // The victim is lured to /middleware?code=<the attacker's code> in their own browser.
    const victim = await newPage(h, { quiet: true });
    await victim.page.goto(`/middleware?code=${code}`);
    await victim.page.waitForURL(at('/login', 'error'), { timeout: 10_000 });
    await expect(victim.page.evaluate(() => localStorage.getItem('isAuthenticated'))).resolves.toBeNull();
    await expect(victim.page.evaluate(() => localStorage.getItem('auth_key'))).resolves.toBeNull();
    await victim.context.close();
  });

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
    await enterSmsCode(page, number.e164);
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

    const number = newNumber();
    await page.getByLabel('E-mail').fill(taken.user.email);
    await page.getByLabel('Country').selectOption({ label: 'Senegal' });
    await page.getByLabel('Number').fill(number.local);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Only the number is checked before its code; the taken e-mail is refused at completion.
    await enterSmsCode(page, number.e164);
    await page.getByRole('alert').filter({ hasText: 'User already exists.' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('isAuthenticated'))).resolves.toBeNull();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Change the number' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await enterSmsCode(page, number.e164);
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
    const number = newNumber();
    await first.page.getByLabel('Country').selectOption({ label: 'Senegal' });
    await first.page.getByLabel('Number').fill(number.local);
    await first.page.getByRole('button', { name: 'Continue' }).click();
    await enterSmsCode(first.page, number.e164);
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
