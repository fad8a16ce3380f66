// A signed-in user's shell: redirects, menus, the drawer, settings, prices and logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, expectHeading, newPage, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const SIGNED_IN_MENU = [
  'Home',
  'Delivery',
  'Equipment',
  'Space',
  'Transport',
  'Services',
  'Vegetables',
  'Cereal',
  'Fruits',
  'Live Stock',
  'Input',
  'Animal feeds',
  'Herbs',
  'Sell/Buy',
  'About',
  'Map',
  'Clients',
  'Suppliers',
  'My Offers',
  'Language & Currency',
  'Privacy Policy',
  'Profile',
  'Share App',
  'Logout',
];

describe('a signed-in user', () => {
  it('is sent from /login and from / to /dashboard', async () => {
    const { context, page } = await newPage(h, { signedIn: true });
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await expectHeading(page, 'Map');
    await page.getByRole('region', { name: 'Map of needs and offers' }).waitFor();
    await context.close();
  });

  it('has the side menu of SPEC 2.2 in order, the cart, the mailbox and the user menu', async () => {
    const { context, page } = await newPage(h, { signedIn: true });
    await page.goto('/dashboard');
    const items = page.getByRole('navigation', { name: 'Main menu' }).getByRole('listitem');
    await items.first().waitFor();
    await expect(items.allInnerTexts()).resolves.toEqual(SIGNED_IN_MENU);
    await expect(page.getByRole('link', { name: 'My Orders' }).getAttribute('href')).resolves.toBe('/myorders');
    await page.getByRole('button', { name: 'Mailbox' }).click();
    await page.getByText('No messages yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL('**/profile');
    await context.close();
  });

  it("asks for the header's badges, the mailbox, the stream and the fresh user once the map has loaded", async () => {
    const { context, page, errors } = await newPage(h, { signedIn: true });
    // The browser's idle callbacks, timed as they run.
    await page.addInitScript(() => {
      const w = window as unknown as { firstIdleAt?: number };
      const original = window.requestIdleCallback.bind(window);
      window.requestIdleCallback = (callback, options) =>
        original((deadline) => {
          w.firstIdleAt ??= performance.now();
          callback(deadline);
        }, options);
    });
    // When the page first asks for each (by its own clock).
    await page.addInitScript(() => {
      const w = window as unknown as { asked: Record<string, number> };
      w.asked = {};
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const path = new URL(input instanceof Request ? input.url : String(input), location.href).pathname;
        const call = /^\/api\/(deals\/unread|notify\/stream|notify\/getUserNotif|user\/me)/.exec(path)?.[1];
        if (call) w.asked[call] ??= performance.now();
        return original(input, init);
      };
    });
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Map of needs and offers' }).waitFor();
    const seen = () =>
      page.evaluate(() => {
        const w = window as unknown as { asked: Record<string, number>; firstIdleAt?: number };
        const posts = performance
          .getEntriesByType('resource')
          .find((entry) => new URL(entry.name).pathname === '/api/solution/map') as
          PerformanceResourceTiming | undefined;
        return { asked: w.asked, firstIdleAt: w.firstIdleAt, postsArrived: posts?.responseEnd };
      });
    await expect
      .poll(async () => Object.keys((await seen()).asked).sort())
      .toEqual(['deals/unread', 'notify/getUserNotif', 'notify/stream', 'user/me']);
    const { asked, firstIdleAt, postsArrived } = await seen();
    expect(firstIdleAt).toBeDefined();
    expect(postsArrived).toBeDefined();
    for (const [call, at] of Object.entries(asked)) {
      // Half a second without a download ending after the map's posts, then an idle moment.
      expect(at, call).toBeGreaterThanOrEqual(postsArrived! + 500);
      expect(at, call).toBeGreaterThanOrEqual(firstIdleAt!);
    }
    // They still answer: the mailbox opens on its list.
    await page.getByRole('button', { name: 'Mailbox' }).click();
    await page.getByText('No messages yet.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('collapses the side bar on a desktop and keeps it collapsed', async () => {
    const { context, page } = await newPage(h, { signedIn: true });
    await page.goto('/about');
    // /about comes prerendered for visitors, bare; the signed-in chrome follows.
    await page.locator('#side-menu').waitFor();
    const width = () => page.locator('#side-menu').evaluate((el) => el.getBoundingClientRect().width);
    // Measured once the shell's styles have loaded (the side menu can be in the page before them).
    await expect.poll(width).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Collapse the menu' }).click();
    await page.waitForFunction(() => document.getElementById('side-menu')!.getBoundingClientRect().width < 80);
    await page.reload();
    await expect.poll(width).toBeLessThan(80);
    await context.close();
  });

  it('sees the header and side bar on the privacy page', async () => {
    const { context, page } = await newPage(h, { signedIn: true });
    await page.goto('/privacypolicy');
    await expectHeading(page, 'Privacy Policy');
    // The page comes prerendered for visitors, bare; the app then renders it anew with
    // the signed-in user's chrome.
    await page.locator('#side-menu').waitFor();
    await expect(page.locator('#side-menu').count()).resolves.toBe(1);
    await expect(page.locator('.app-header').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('opens a category from the drawer on a phone and sees prices in CFA francs', async () => {
    const { context, page } = await newPage(h, { signedIn: true, viewport: PHONE, currency: 'fr' });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Transport' }).click();
    await page.waitForURL('**/tranport');
    await expect(page.getByRole('button', { name: /Share a ride, small car/ }).innerText()).resolves.toMatch(
      /659\sF\sCFA|F\sCFA\s659/,
    );
    await expect(page.getByRole('button', { name: /Your own proposition/ }).innerText()).resolves.toContain('= ???');
    await expect(page.getByText('Choose from the followings pre-set options below').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: /Share a ride, big car/ }).click();
    const choice = page.getByRole('dialog', { name: 'What would you like to do?' });
    await choice.getByRole('button', { name: 'I offer it (Solution Provider)' }).click();
    // First the place on the selection map, then the form (SPEC 2.3 item 6).
    await page.waitForURL('**/selectionmap/Transport/transport-big-car');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/providesolutionForm');
    await context.close();
  });

  it('changes the currency on Language & Currency and sees euro prices', async () => {
    const { context, page } = await newPage(h, { signedIn: true });
    await page.goto('/languageCurrency');
    await page.getByRole('radio', { name: 'Euro (€)' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('currency'))).resolves.toBe('euro');
    await page.goto('/space');
    await expect(page.getByRole('button', { name: /Villa/ }).innerText()).resolves.toContain('€13.40');
    await context.close();
  });

  it('logs out: the session is cleared, the language kept, and protected pages need a sign-in again', async () => {
    const { context, page } = await newPage(h, { signedIn: true, language: 'fr-ca' });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored).toEqual({ language: 'fr-ca' });
    await context.close();
  });
});
