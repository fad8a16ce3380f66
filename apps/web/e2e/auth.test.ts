// Accounts in a real Chromium against the real API: registration with the SMS code, sign-in with
// a phone number, the session ended by a sign-in elsewhere (D-9), the forgotten password, and the
// errors users see, in English and French.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleSmsAdapter } from '../../server/src/adapters/sms/console.js';
import { DESKTOP, PHONE, expectHeading, newPage, startHarness, waitForQuiet, type Harness } from './harness.js';
import { formatPhone } from '../src/lib/phone-format.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const EXPIRED = 'Authentication session expired beacuse you logged in from other device kindly log in again';
const LOCATION_OFF =
  'Make sure that the location is on, and then refresh the page to be able to see Business-Opportunities on the map.';

/** A fresh Senegalese mobile number (77 + 7 digits), local and in E.164. */
let numbers = 0;
function newNumber(): { local: string; e164: string } {
  numbers += 1;
  const rest = String((Date.now() + numbers * 7919) % 10_000_000).padStart(7, '0');
  return { local: `77 ${rest.slice(0, 3)} ${rest.slice(3, 5)} ${rest.slice(5)}`, e164: `+22177${rest}` };
}

function outbox(): ConsoleSmsAdapter {
  const sms = h.app.sms;
  if (!(sms instanceof ConsoleSmsAdapter)) throw new Error('the harness should use the console SMS adapter');
  return sms;
}

/** The code of the first SMS to `number` after the `after` messages it already had; fails after 10 s. */
async function codeSentTo(number: string, after: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const message = outbox().messagesTo(number)[after];
    if (message) {
      const code = /\b(\d{6})\b/.exec(message.text)?.[1];
      if (!code) throw new Error(`no code in "${message.text}"`);
      return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS reached ${number} within 10 s`);
}

/** Creates an account through the API as the register screen does; returns its sign-in details. */
async function registerByApi(password = 'first password') {
  const number = newNumber();
  const email = `user-${number.e164.slice(1)}@example.org`;
  const before = outbox().messagesTo(number.e164).length;
  const sent = await h.app.inject({
    method: 'POST',
    url: '/api/user/sendMessage',
    payload: { mobile_no: number.e164, email },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await codeSentTo(number.e164, before);
  const checked = await h.app.inject({
    method: 'POST',
    url: '/api/user/codeValidation',
    payload: { mobile_no: number.e164, code, forget_password: false },
  });
  expect(checked.statusCode, checked.body).toBe(200);
  const { verification_token } = (checked.json() as { data: { verification_token: string } }).data;
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: {
      new_user: {
        firstName: 'Moussa',
        email,
        mobile_no: number.e164,
        country: 'SN',
        password,
        account_type: 'withOutID',
        lat: 14.69,
        lng: -17.44,
        verification_token,
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { number, email, password };
}

/**
 * /login and /accountcreation come prerendered and paint before the app's JavaScript
 * runs; their buttons act once the app has loaded and hydrated them, as a user sees.
 */
async function openPublic(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expectHeading(page, heading);
  await waitForQuiet(page);
}

async function signIn(page: Page, identifier: string, password: string) {
  await openPublic(page, '/login', 'Login');
  await page.getByLabel('E-mail or phone number').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('registration', () => {
  it('creates an account without ID with the SMS code, is signed in on /dashboard, and signs in again by phone', async () => {
    const { context, page, errors } = await newPage(h, { viewport: PHONE, quiet: true });
    const number = newNumber();

    await openPublic(page, '/accountcreation', 'Create An Account');
    await expect(page.getByLabel('Account without ID').isChecked()).resolves.toBe(true);
    await expect(noSideScroll(page)).resolves.toBe(true);
    await page.getByRole('button', { name: 'Create An Account' }).click();
    await page.waitForURL('**/register?type=withOutID');
    await expectHeading(page, 'Register');
    // Family name, address and ID images belong to accounts with ID only.
    await expect(page.getByLabel('Family name').count()).resolves.toBe(0);
    await expect(page.getByLabel('Photos of your ID').count()).resolves.toBe(0);

    await page.getByLabel('Name', { exact: true }).fill('Awa');
    await page.getByLabel('E-mail').fill(`  Awa.${number.e164.slice(1)}@Example.org `);
    // D-24: the dial code is the one of the place the device is in (Dakar here), not SPEC 9's +93;
    // choosing Senegal keeps +221.
    await expect.poll(() => page.getByLabel('Dial code').inputValue()).toBe('SN');
    await page.getByLabel('Country').selectOption('SN');
    await expect(page.getByLabel('Dial code').inputValue()).resolves.toBe('SN');
    await page.getByLabel('Mobile number').fill(number.local);
    await page.getByLabel('Password', { exact: true }).fill('a strong password');
    await page.getByLabel('Confirm password').fill('a strong password');
    await page.getByLabel('I accept the rules for membership').check();
    await page.getByLabel('I accept the rules for privacy policy').check();
    await expect(noSideScroll(page)).resolves.toBe(true);
    await page.getByRole('button', { name: 'Create An Account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Enter the code' });
    await dialog.waitFor();
    // Written as people read it: "+221 77 …".
    await expect(dialog.getByText(formatPhone(number.e164)).count()).resolves.toBe(1);
    await dialog.getByLabel('Code').fill(await codeSentTo(number.e164, 0));
    await dialog.getByRole('button', { name: 'Verify' }).click();

    // The new account is signed in at once and opens on the dashboard, with the phone's
    // Map / List / Post / Orders tabs.
    await page.waitForURL('**/dashboard');
    await expectHeading(page, 'Map');
    await expect(page.evaluate(() => localStorage.getItem('isAuthenticated'))).resolves.toBe('true');
    const tabs = page.getByRole('navigation', { name: 'Quick links' });
    await expect(tabs.getByRole('link').allInnerTexts()).resolves.toEqual(['Map', 'List', 'Orders']);
    await expect(tabs.getByRole('button', { name: 'Post' }).isVisible()).resolves.toBe(true);
    const row = await h.app.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.mobileNo, number.e164) });
    expect(row?.email).toBe(`awa.${number.e164.slice(1)}@example.org`);
    expect(row?.country).toBe('SN');

    // Signed out, the same account signs in with its phone number.
    await page.evaluate(() => localStorage.clear());
    await openPublic(page, '/login', 'Login');
    await page.getByLabel('E-mail or phone number').fill(`+221 ${number.local}`);
    await page.getByLabel('Password', { exact: true }).fill('a strong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await expect(page.evaluate(() => localStorage.getItem('isAuthenticated'))).resolves.toBe('true');
    await expect(
      page.evaluate(
        () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { firstName?: string }).firstName,
      ),
    ).resolves.toBe('Awa');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the registration errors in French: empty fields, mismatched passwords, a taken number', async () => {
    const taken = await registerByApi();
    const { context, page, errors } = await newPage(h, { language: 'fr-ca', quiet: true });
    await page.goto('/register?type=withOutID');
    await expectHeading(page, 'Inscription');
    const alert = page.locator('form [role="alert"]');

    await page.getByRole('button', { name: 'Créer un compte' }).click();
    await expect(alert.innerText()).resolves.toBe('Veuillez remplir tous les champs');

    await page.getByLabel('Nom', { exact: true }).fill('Fatou');
    await page.getByLabel('Courriel').fill(`autre-${taken.email}`);
    await page.getByLabel('Pays').selectOption('SN');
    await page.getByLabel('Numéro de mobile').fill(taken.number.local);
    await page.getByLabel('Mot de passe', { exact: true }).fill('un mot de passe');
    await page.getByLabel('Confirmer le mot de passe').fill('un autre mot de passe');
    await page.getByLabel("J'accepte les règles d'adhésion").check();
    await page.getByRole('button', { name: 'Créer un compte' }).click();
    await expect(alert.innerText()).resolves.toBe('Les mots de passe ne correspondent pas');

    await page.getByLabel('Confirmer le mot de passe').fill('un mot de passe');
    await page.getByRole('button', { name: 'Créer un compte' }).click();
    await expect(alert.innerText()).resolves.toBe(
      "veuillez cocher les règles de la politique de confidentialité et les règles d'adhésion",
    );

    await page.getByLabel("J'accepte les règles de la politique de confidentialité").check();
    await page.getByRole('button', { name: 'Créer un compte' }).click();
    await page.getByText("L'utilisateur existe déjà", { exact: true }).waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers Google and Facebook for an account via a social provider, and Leave asks "Wait!!" first', async () => {
    const { context, page } = await newPage(h, { quiet: true });
    await openPublic(page, '/accountcreation', 'Create An Account');
    await page.getByLabel('Account via Google or Facebook').check();
    await page.getByRole('button', { name: 'Create An Account' }).click();
    await page.waitForURL('**/register?type=withGorFB');
    // This server has no Google or Facebook keys: neither is offered, and outside production the
    // local test sign-in stands in for them.
    await page.getByRole('link', { name: 'Test account (no Google needed)' }).waitFor();
    await expect(page.getByText(/Google \(not set up here\)|Facebook \(not set up here\)/).count()).resolves.toBe(0);
    await expect(
      page.getByRole('link', { name: 'Test account (no Google needed)' }).getAttribute('href'),
    ).resolves.toBe('/api/auth/local');

    await openPublic(page, '/accountcreation', 'Create An Account');
    await page.getByRole('button', { name: 'Leave' }).click();
    const wait = page.getByRole('dialog', { name: 'Wait!!' });
    await wait.waitFor();
    await wait.getByRole('button', { name: 'Gain' }).click();
    await wait.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/accountcreation');
    await page.getByRole('button', { name: 'Leave' }).click();
    await wait.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('signing in', () => {
  it('shows the failure in red, in English and in French', async () => {
    const { email } = await registerByApi();
    const { context, page } = await newPage(h, { quiet: true });
    await signIn(page, email, 'not the password');
    const error = page.getByText('Invalid information', { exact: true });
    await error.waitFor();
    await expect(error.evaluate((el) => getComputedStyle(el).color)).resolves.toBe('rgb(180, 35, 24)');
    await expect(page.evaluate(() => localStorage.getItem('auth_key'))).resolves.toBeNull();
    await context.close();

    const fr = await newPage(h, { quiet: true, language: 'fr-ca' });
    await openPublic(fr.page, '/login', 'Connexion');
    await fr.page.getByLabel('Courriel ou numéro de téléphone').fill(email);
    await fr.page.getByLabel('Mot de passe', { exact: true }).fill('pas le bon');
    await fr.page.getByRole('button', { name: 'Se connecter' }).click();
    await fr.page.getByText('Les informations invalids', { exact: true }).waitFor();
    await fr.context.close();
  });

  it('ends the first session when the same user signs in on another device (D-9)', async () => {
    const { email, password } = await registerByApi();
    const first = await newPage(h, { quiet: true });
    await signIn(first.page, `  ${email.toUpperCase()} `, password);
    await first.page.waitForURL('**/dashboard');

    const second = await newPage(h, { quiet: true });
    await signIn(second.page, email, password);
    await second.page.waitForURL('**/dashboard');

    // The first browser's next navigation finds its session ended.
    await first.page.goto('/about');
    // Sent to sign in again, with the page they were on to come back to.
    await first.page.waitForURL(
      (url) => url.pathname === '/login' && url.search === '?error=expirationError&next=%2Fabout',
    );
    await first.page.getByText(EXPIRED, { exact: true }).waitFor();
    await expect(first.page.evaluate(() => localStorage.getItem('auth_key'))).resolves.toBeNull();

    // The second one is still signed in.
    await second.page.goto('/login');
    await second.page.waitForURL('**/dashboard');
    await first.context.close();
    await second.context.close();
  });

  it('asks to turn the location on when the browser refuses it', async () => {
    const context = await h.browser.newContext({ baseURL: h.url, viewport: DESKTOP });
    await context.addInitScript(() => sessionStorage.setItem('visitorPromptShown', '1'));
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Location required' });
    await dialog.waitFor();
    await dialog.getByText(LOCATION_OFF, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('a forgotten password', () => {
  it('is replaced through the SMS code; the new one signs in and the old one is refused', async () => {
    const { number, email, password } = await registerByApi('the old password');
    const { context, page, errors } = await newPage(h, { quiet: true });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await page.waitForURL('**/forgetpassword');
    await expectHeading(page, 'Forgot Password');
    const before = outbox().messagesTo(number.e164).length;
    await page.getByLabel('Dial code').selectOption('SN');
    await page.getByLabel('Mobile number').fill(number.local);
    await page.getByRole('button', { name: 'Send Code' }).click();

    await page.waitForURL('**/verifycode');
    await expectHeading(page, 'Verify code');
    await page.getByLabel('Code').fill(await codeSentTo(number.e164, before));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL('**/resetpassword');
    await expectHeading(page, 'Reset password');
    await page.getByLabel('New password').fill('the new password');
    await page.getByLabel('Confirm password').fill('the new passwort');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Password doesnot match', { exact: true }).waitFor();
    await page.getByLabel('Confirm password').fill('the new password');
    await page.getByRole('button', { name: 'Save the new password' }).click();

    await page.waitForURL('**/login');
    await page.getByText('Your password has been changed. Log in with your new password.').waitFor();
    await page.getByLabel('E-mail or phone number').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid information', { exact: true }).waitFor();

    await page.getByLabel('Password', { exact: true }).fill('the new password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('on a 375 px phone', () => {
  it.each(['en-us', 'fr-ca'] as const)(
    'the withID registration form fits without sideways scrolling (%s)',
    async (language) => {
      const { context, page } = await newPage(h, { quiet: true, viewport: PHONE, language });
      await page.goto('/register?type=withID');
      await page.locator('input[type="file"]').waitFor();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(375);
      await context.close();
    },
  );
});
