// A visitor's first minutes: the landing page, the sign-up prompt, French, About and Privacy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, expectHeading, newPage, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('a visitor', () => {
  it('sees what the product does, with Sign Up and Login, and the visitor prompt with its Wait!! confirm', async () => {
    const { context, page, errors } = await newPage(h);
    await page.goto('/');
    const prompt = page.getByRole('dialog', { name: 'Join Needs & Offers' });
    await prompt.waitFor();
    await expect(prompt.getByRole('link', { name: 'Sign Up' }).isVisible()).resolves.toBe(true);
    await expect(prompt.getByRole('link', { name: 'Login' }).isVisible()).resolves.toBe(true);
    await prompt.getByRole('button', { name: 'Leave' }).click();
    const wait = page.getByRole('dialog', { name: 'Wait!!' });
    await wait.waitFor();
    await wait.getByRole('button', { name: 'Gain' }).click();
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await wait.getByRole('button', { name: 'Leave' }).click();
    await wait.waitFor({ state: 'hidden' });
    await expect(prompt.isVisible()).resolves.toBe(false);

    await expectHeading(page, 'Needs and offers, on a map near you');
    await expect(page.locator('main').getByRole('link', { name: 'Sign Up' }).getAttribute('href')).resolves.toBe(
      '/accountcreation',
    );
    await expect(page.locator('main').getByRole('link', { name: 'Login' }).first().getAttribute('href')).resolves.toBe(
      '/login',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to French and sees French texts, then About and Privacy Policy in French', async () => {
    const { context, page } = await newPage(h, { quiet: true });
    await page.goto('/');
    await page.getByLabel('Language').selectOption('fr-ca');
    await page.waitForFunction(() => document.documentElement.lang === 'fr-CA');
    await expect(page.evaluate(() => localStorage.getItem('language'))).resolves.toBe('fr-ca');
    await expectHeading(page, 'Besoins et offres, sur une carte près de chez vous');

    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'À propos' }).click();
    await page.waitForURL('**/about');
    await expectHeading(page, 'À propos');
    await expect(page.getByText('La publication est gratuite.').isVisible()).resolves.toBe(true);
    await expect.poll(() => page.title()).toBe('À propos · Besoins & Offres');

    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Politique de confidentialité' })
      .click();
    await page.waitForURL('**/privacypolicy');
    await expectHeading(page, 'Politique de confidentialité');
    await expect(page.getByRole('heading', { name: 'Les données que nous recueillons' }).isVisible()).resolves.toBe(
      true,
    );
    // SPEC 2.2: on the privacy page the side bar and header show only when signed in.
    await expect(page.locator('#side-menu').count()).resolves.toBe(0);
    await expect(page.locator('.app-header').count()).resolves.toBe(0);
    await context.close();
  });

  it('is sent to /login from a protected route', async () => {
    const { context, page } = await newPage(h, { quiet: true });
    for (const path of ['/dashboard', '/myoffers', '/tranport', '/clientsdetails/1/2', '/languageCurrency']) {
      await page.goto(path);
      await page.waitForURL('**/login');
      await expectHeading(page, 'Login');
    }
    await context.close();
  });

  it('gets the sign-in prompt from a menu item that needs an account', async () => {
    const { context, page } = await newPage(h, { quiet: true });
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Delivery' }).click();
    await page.getByRole('dialog', { name: 'Join Needs & Offers' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    await context.close();
  });

  it('opens and closes the slide-in drawer on a 375 px phone', async () => {
    const { context, page } = await newPage(h, { quiet: true, viewport: PHONE });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    // Closed: off-screen and out of the tab order.
    await expect(nav.getAttribute('inert')).resolves.not.toBeNull();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(nav.getAttribute('inert')).resolves.toBeNull();
    await page.waitForFunction(() => document.getElementById('side-menu')!.getBoundingClientRect().left >= 0);
    await expect(nav.getByRole('link', { name: 'Privacy Policy' }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(nav.getAttribute('inert')).resolves.not.toBeNull();
    // The bottom tab is there on a phone.
    await expect(page.getByRole('navigation', { name: 'Quick links' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('sees a page, not an error, at an unknown address', async () => {
    const { context, page } = await newPage(h, { quiet: true });
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200);
    await expectHeading(page, 'Page not found');
    await context.close();
  });
});
