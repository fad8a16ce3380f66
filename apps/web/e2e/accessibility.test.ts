// WCAG 2.0/2.1 A and AA checks with axe-core on every public page, in English and French, on a
// desktop and a 375 px phone; the signed-in shell; and the keyboard path through the skip link
// and the side menu.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, createSession, expectHeading, newPage, startHarness, type Harness } from './harness.js';
import { PUMP, ROOM_NEED, TRACTOR, accept, publish } from './posts.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

type Language = 'en-us' | 'fr-ca';
const LANGUAGES: Language[] = ['en-us', 'fr-ca'];
const WIDTHS = [
  { name: '1280 px', viewport: DESKTOP },
  { name: '375 px', viewport: PHONE },
];

/** Each page's h1, per language: the scan starts once the lazy screen has rendered. */
const PUBLIC_PAGES: { path: string; heading: Record<Language, string> }[] = [
  {
    path: '/',
    heading: {
      'en-us': 'Needs and offers, on a map near you',
      'fr-ca': 'Besoins et offres, sur une carte près de chez vous',
    },
  },
  { path: '/about', heading: { 'en-us': 'About', 'fr-ca': 'À propos' } },
  { path: '/privacypolicy', heading: { 'en-us': 'Privacy Policy', 'fr-ca': 'Politique de confidentialité' } },
  { path: '/accountcreation', heading: { 'en-us': 'Create An Account', 'fr-ca': 'Créer un compte' } },
  { path: '/login', heading: { 'en-us': 'Login', 'fr-ca': 'Connexion' } },
  { path: '/register?type=withID', heading: { 'en-us': 'Register', 'fr-ca': 'Inscription' } },
  { path: '/forgetpassword', heading: { 'en-us': 'Forgot Password', 'fr-ca': 'Mot de passe oublié' } },
  { path: '/getUsers', heading: { 'en-us': 'Users', 'fr-ca': 'Utilisateurs' } },
];

const SIGNED_IN_PAGES: { path: string; heading: Record<Language, string> }[] = [
  { path: '/dashboard', heading: { 'en-us': 'Map', 'fr-ca': 'Carte' } },
  { path: '/delivery', heading: { 'en-us': 'Delivery', 'fr-ca': 'Livraison' } },
  { path: '/languageCurrency', heading: { 'en-us': 'Language & Currency', 'fr-ca': 'Langue et devise' } },
];

const VISITOR_PROMPT: Record<Language, string> = {
  'en-us': 'Join Needs & Offers',
  'fr-ca': 'Rejoignez Besoins & Offres',
};

/** Runs axe on the page as it is; returns one readable line per serious or critical violation. */
async function scan(page: Page, label: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map((v) => {
      const targets = v.nodes
        .slice(0, 3)
        .map((n) => n.target.map((t) => (Array.isArray(t) ? t.join(' >> ') : t)).join(' | '))
        .join(', ');
      return `${label}: ${v.id} (${v.impact}) ${v.help} [${v.nodes.length} node(s): ${targets}]`;
    });
}

/** A map screen is ready: the country shapes and the user's position are drawn. */
async function waitForMap(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('path.map-country').length > 100);
  await page.locator('.map-pulse').waitFor();
}

let scanned = 0;
async function scanCounted(page: Page, label: string): Promise<string[]> {
  scanned += 1;
  return scan(page, label);
}

describe('axe-core, WCAG 2.0/2.1 A and AA', () => {
  afterAll(() => {
    console.info(`axe: ${scanned} page states scanned`);
  });

  for (const language of LANGUAGES) {
    for (const { name, viewport } of WIDTHS) {
      it(`has no serious or critical violation on the public pages, ${language} at ${name}`, async () => {
        const problems: string[] = [];

        // The landing page as a visitor first sees it: the sign-up prompt open over it.
        const first = await newPage(h, { language, viewport });
        await first.page.emulateMedia({ reducedMotion: 'reduce' });
        await first.page.goto('/');
        await first.page.getByRole('dialog', { name: VISITOR_PROMPT[language] }).waitFor();
        await expectHeading(first.page, PUBLIC_PAGES[0]!.heading[language]);
        problems.push(...(await scanCounted(first.page, `/ (visitor prompt open) ${language} ${name}`)));
        expect(first.errors).toEqual([]);
        await first.context.close();

        const { context, page, errors } = await newPage(h, { language, viewport, quiet: true });
        await page.emulateMedia({ reducedMotion: 'reduce' });
        for (const { path, heading } of PUBLIC_PAGES) {
          await page.goto(path);
          await expectHeading(page, heading[language]);
          problems.push(...(await scanCounted(page, `${path} ${language} ${name}`)));
        }
        expect(errors).toEqual([]);
        await context.close();
        expect(problems, problems.join('\n')).toEqual([]);
      });

      it(`has no serious or critical violation on the signed-in pages, ${language} at ${name}`, async () => {
        const problems: string[] = [];
        const { context, page, errors } = await newPage(h, { language, viewport, signedIn: true });
        await page.emulateMedia({ reducedMotion: 'reduce' });
        for (const { path, heading } of SIGNED_IN_PAGES) {
          await page.goto(path);
          await expectHeading(page, heading[language]);
          // The category screen fills in once the catalogue has loaded.
          if (path === '/delivery') await page.locator('.sub-card').first().waitFor();
          // The map screen: its basemap, position, tooltip and controls drawn.
          if (path === '/dashboard') await waitForMap(page);
          problems.push(...(await scanCounted(page, `${path} signed in ${language} ${name}`)));
        }

        // The map's post modal, and the selection map it leads to (SPEC 2.3 items 2 and 6).
        await page.goto('/dashboard');
        await waitForMap(page);
        await page.locator('.category-chip').first().click();
        await page.locator('.map-plus').click();
        await page.locator('dialog[open]').waitFor();
        problems.push(...(await scanCounted(page, `/dashboard post modal open ${language} ${name}`)));
        await page.keyboard.press('Escape');
        await page.goto('/selectionmap/Equipments/equipment-own');
        await waitForMap(page);
        problems.push(...(await scanCounted(page, `/selectionmap signed in ${language} ${name}`)));
        expect(errors).toEqual([]);
        await context.close();
        expect(problems, problems.join('\n')).toEqual([]);
      });

      // Six screens and the mailbox, each scanned: a long journey on a loaded machine (47 s seen).
      it(`has no serious or critical violation on the deals screens and the mailbox, ${language} at ${name}`, async () => {
        const problems: string[] = [];
        const fr = language === 'fr-ca';
        // Another user's offer and need; the page's user has an offer of its own that someone
        // accepted (a message in the mailbox) and has taken the other user's offer (an order).
        const owner = await createSession(h, { firstName: 'Omar' });
        const offer = await publish(h, owner.auth_key, TRACTOR);
        const need = await publish(h, owner.auth_key, ROOM_NEED);
        await publish(h, owner.auth_key, PUMP); // open, for the Suppliers list
        const { context, page, errors } = await newPage(h, { language, viewport, signedIn: true });
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto('/about');
        const me = await page.evaluate(() => ({
          key: localStorage.getItem('auth_key') ?? '',
          id: (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { _id: string })._id,
        }));
        const mine = await publish(h, me.key, PUMP);
        const taker = await createSession(h, { firstName: 'Fatou' });
        await accept(h, taker.auth_key, taker.user._id, mine);
        await accept(h, me.key, me.id, offer);

        const screens: { path: string; heading: string; ready: string }[] = [
          { path: '/clients', heading: fr ? "Un besoin d'un client" : 'A Need of a Clients', ready: '.deal-card' },
          {
            path: '/suppliers',
            heading: fr ? "Une solution d'un fournisseur" : 'A Solution of a Supplier',
            ready: '.deal-card',
          },
          {
            path: `/clientsdetails/${need}/${owner.user._id}`,
            heading: fr ? 'Besoin du client' : "Client's Need",
            ready: '.deal-details',
          },
          {
            path: `/supplierdetails/${offer}/${owner.user._id}`,
            heading: fr ? 'Solution du fournisseur' : "Supplier's Solution",
            ready: '.deal-details',
          },
          {
            path: `/suppliersolution/${offer}`,
            heading: fr ? 'Solution du fournisseur' : "Supplier's Solution",
            ready: '.deal-important',
          },
          {
            path: `/clientofferaccept/${offer}`,
            heading: fr ? 'Offre acceptée' : 'Offer accepted',
            ready: '.deal-done',
          },
          {
            path: `/clientneedsmatch/${need}`,
            heading: fr ? 'Besoin du client' : "Client's Need",
            ready: '.billing-choice-list',
          },
          { path: '/myoffers', heading: fr ? 'Mes offres' : 'My Offers', ready: '.deal-card' },
          { path: '/myorders', heading: fr ? 'Mes commandes' : 'My Orders', ready: '.deal-card' },
        ];
        for (const { path, heading, ready } of screens) {
          await page.goto(path);
          await expectHeading(page, heading);
          await page.locator(ready).first().waitFor();
          // The lists' map: its country shapes drawn.
          if (path === '/clients' || path === '/suppliers') {
            await page.waitForFunction(() => document.querySelectorAll('.list-map path.map-country').length > 100);
          }
          problems.push(...(await scanCounted(page, `${path} ${language} ${name}`)));
        }

        // The delete confirmation on My Offers, the Search modal on /clients, the open mailbox.
        await page.goto('/myoffers');
        await page.locator('.deal-card-actions button').first().click();
        await page.locator('dialog[open]').waitFor();
        problems.push(...(await scanCounted(page, `/myoffers delete confirmation ${language} ${name}`)));
        await page.keyboard.press('Escape');
        await page.goto('/clients');
        await page.locator('.deal-card').first().waitFor();
        await page.getByRole('button', { name: fr ? 'Rechercher' : 'Search', exact: true }).click();
        await page.locator('dialog[open]').waitFor();
        problems.push(...(await scanCounted(page, `/clients search modal ${language} ${name}`)));
        await page.keyboard.press('Escape');
        await page.locator('[data-testid="mailbox-badge"]').waitFor();
        await page.locator('.mailbox > button').click();
        await page.locator('.mailbox-item').first().waitFor();
        problems.push(...(await scanCounted(page, `mailbox open ${language} ${name}`)));
        expect(errors).toEqual([]);
        await context.close();
        expect(problems, problems.join('\n')).toEqual([]);
      }, 120_000);
    }

    it(`has no serious or critical violation on /about with the drawer open, signed in, ${language} at 375 px`, async () => {
      const { context, page, errors } = await newPage(h, { language, viewport: PHONE, signedIn: true });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/about');
      await expectHeading(page, language === 'en-us' ? 'About' : 'À propos');
      await page.locator('.app-header button[aria-controls="side-menu"]').click();
      await page.waitForFunction(() => {
        const menu = document.getElementById('side-menu');
        return menu !== null && !menu.inert && menu.getBoundingClientRect().left >= 0;
      });
      const problems = await scanCounted(page, `/about drawer open, signed in, ${language} 375 px`);
      expect(errors).toEqual([]);
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});

describe('the keyboard', () => {
  /** What has focus: its tag, its text, and whether it sits in the side menu. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement;
      return {
        tag: el?.tagName.toLowerCase() ?? '',
        id: el?.id ?? '',
        text: (el as HTMLElement | null)?.innerText.trim() ?? '',
        inSideMenu: Boolean(el?.closest('#side-menu')),
      };
    });

  it('reaches Skip to content first on /about, which moves focus to main, then every side-menu item', async () => {
    const { context, page } = await newPage(h, { viewport: DESKTOP, quiet: true });
    await page.goto('/about');
    await expectHeading(page, 'About');

    await page.keyboard.press('Tab');
    const skip = await focused(page);
    expect(skip).toMatchObject({ tag: 'a', text: 'Skip to content' });
    // Hidden above the page until focused, then on screen.
    const box = await page.getByRole('link', { name: 'Skip to content' }).boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main');

    // From the top again: Tab walks through the header, then the whole side menu in order.
    const menuItems = await page.locator('#side-menu').locator('a, button').allInnerTexts();
    expect(menuItems.length).toBeGreaterThan(5);
    await page.goto('/about');
    await expectHeading(page, 'About');
    const reached: string[] = [];
    for (let i = 0; i < 80 && reached.length < menuItems.length; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now.inSideMenu) reached.push(now.text);
      else if (reached.length > 0) break; // focus left the menu
    }
    expect(reached).toEqual(menuItems.map((t) => t.trim()));
    await context.close();
  });
});
