// In a real Chromium: user text is rendered as text on every screen that shows it,
// and the Content-Security-Policy blocks inline script.
//
// The escaping journeys run with the page's CSP bypassed, so that the CSP cannot hide a missing
// escape: a name, a description, an address or a search term that reached the DOM as HTML would
// run its handler (each payload calls `xss(field)`, recorded by the page) or leave an element with
// an inline handler behind. A self-check proves the detector sees an injection.
import { inArray } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, expectHeading, newPage, startHarness, waitForQuiet, type Harness } from './harness.js';
import { solutions } from '../../server/src/db/schema.js';
import { CABIN, ROOM_NEED, TRACTOR, acceptAndConfirm, publish } from './posts.js';

/** Each payload names its field, so a hit says where the hole is. */
const PAYLOAD = {
  // firstName is at most 60 characters.
  name: `<img src=x onerror=xss('name')>`,
  description: `Tractor"><img src=x onerror="xss('description')"><script>xss('description-script')</script><svg onload=xss('description-svg')>`,
  city: `'"><img src=x onerror=xss('city')>`,
  country: `<img src=x onerror=xss('country')>Land`,
  street: `<a href="javascript:xss('street')" id=street-link>street</a>`,
};

let h: Harness;
let supplier: Awaited<ReturnType<typeof createSession>>;
let client: Awaited<ReturnType<typeof createSession>>;
/**
 * Open, so on the lists, the map and search; and taken by the client (a single-use post whose
 * request its owner confirmed, D-32), so in My Orders and the mailbox, and off the map.
 */
let openId: string;
let takenId: string;

beforeAll(async () => {
  h = await startHarness();
  const tag = Date.now();
  supplier = await createSession(h, { firstName: PAYLOAD.name, email: `xss-supplier-${tag}@example.org` });
  client = await createSession(h, { firstName: PAYLOAD.name, email: `xss-client-${tag}@example.org` });
  const post = {
    ...TRACTOR,
    description: PAYLOAD.description,
    pickup_city: PAYLOAD.city,
    pickup_street_address: PAYLOAD.street,
  };
  openId = await publish(h, supplier.auth_key, post);
  takenId = await publish(h, supplier.auth_key, { ...post, ...CABIN });
  // The server now refuses a country it does not know (it stores ISO codes), but migration 0022
  // kept such values written before it as they were: they are still shown and searched as text.
  await h.app.database.db
    .update(solutions)
    .set({ pickupCountry: PAYLOAD.country })
    .where(inArray(solutions.id, [openId, takenId]));
  // The client (a name with markup) requests it: the supplier's mailbox gets "<name> sent a request
  // for your post" (D-32); the supplier confirms, and the post is taken.
  await acceptAndConfirm(h, client, supplier.auth_key, takenId);
});
afterAll(() => h?.close());

/** A page of `who` with the CSP bypassed and `xss()` recording every call. */
async function unprotectedPage(who: { email: string }) {
  // newPage's context cannot bypass CSP: this one does, seeded with a session as newPage does.
  const context = await h.browser.newContext({
    baseURL: h.url,
    bypassCSP: true,
    geolocation: { latitude: 14.6928, longitude: -17.4467 },
    permissions: ['geolocation'],
  });
  const session = await createSession(h, { email: who.email });
  await context.addInitScript(
    ([entries]) => {
      (window as unknown as { xss: (tag: string) => void }).xss = (tag) => {
        const w = window as unknown as { xssRan?: string[] };
        (w.xssRan ??= []).push(tag);
      };
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      sessionStorage.setItem('visitorPromptShown', '1');
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    },
    [
      {
        isAuthenticated: 'true',
        auth_key: session.auth_key,
        'access-token': session.auth_key,
        expiry: session.expiry,
        isCountry: 'true',
        currentUser: JSON.stringify(session.user),
      },
    ] as const,
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Nothing ran, no element carries an inline handler or a javascript: link, no stray inline script. */
async function expectInert(page: Page, screen: string): Promise<void> {
  // Let an injected <img src=x> fail to load and fire its handler before looking.
  await waitForQuiet(page, 300);
  const found = await page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    const handlers = all.filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).map((el) => el.outerHTML);
    const links = all
      .filter((el) => /^\s*javascript:/i.test(el.getAttribute('href') ?? ''))
      .map((el) => el.outerHTML.slice(0, 80));
    const scripts = [...document.scripts].filter((s) => !s.src).map((s) => s.outerHTML.slice(0, 80));
    return { ran: (window as unknown as { xssRan?: string[] }).xssRan ?? [], handlers, links, scripts };
  });
  expect(found, screen).toEqual({ ran: [], handlers: [], links: [], scripts: [] });
}

/** The user text is shown literally (as text, markup and all). */
async function shows(page: Page, text: string): Promise<void> {
  try {
    await page.getByText(text, { exact: false }).first().waitFor();
  } catch (error) {
    const body = await page.evaluate(() => document.body.innerText);
    throw new Error(`${page.url()} never showed ${JSON.stringify(text)}; it shows:\n${body.slice(0, 3000)}`, {
      cause: error,
    });
  }
}

describe('user text is rendered as text (CSP bypassed, so only escaping protects)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  afterAll(() => context?.close());

  it('the detector sees markup injected as HTML', async () => {
    ({ context, page, errors } = await unprotectedPage(client.user as { email: string }));
    await page.goto('/about');
    await waitForQuiet(page);
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PAYLOAD.name);
    await expect.poll(() => page.evaluate(() => (window as unknown as { xssRan?: string[] }).xssRan)).toEqual(['name']);
    await context.close();
  });

  it("the post's detail, the lists, the list map and My Orders of the client", async () => {
    ({ context, page, errors } = await unprotectedPage(client.user as { email: string }));

    await page.goto(`/supplierdetails/${openId}/${supplier.user._id}`);
    await expectHeading(page, "Supplier's Solution");
    await shows(page, PAYLOAD.description);
    await shows(page, PAYLOAD.city);
    await shows(page, PAYLOAD.country);
    // D-35: the street goes only to the owner and a confirmed deal's parties, not to this client.
    await shows(page, PAYLOAD.name);
    await expectInert(page, 'detail');

    await page.goto('/suppliers');
    await expectHeading(page, 'A Solution of a Supplier');
    await shows(page, PAYLOAD.description);
    await shows(page, PAYLOAD.city);
    // The list's map: open the post's popup (the map kit's markers are .map-marker).
    const pin = page.locator('.list-map .map-marker').first();
    await pin.click({ force: true });
    await page.locator('.leaflet-popup').first().waitFor();
    await expectInert(page, 'suppliers list and its map');

    await page.goto('/myorders');
    await expectHeading(page, 'My Orders');
    await shows(page, PAYLOAD.description);
    await expectInert(page, 'my orders');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('search results echo the search term as text', async () => {
    ({ context, page, errors } = await unprotectedPage(client.user as { email: string }));
    await page.goto('/suppliers');
    await expectHeading(page, 'A Solution of a Supplier');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByLabel('Search for').fill(PAYLOAD.country);
    await dialog.getByRole('radio', { name: 'Country' }).check();
    await dialog.getByRole('button', { name: 'Search' }).click();
    await page.getByText(`Results for “${PAYLOAD.country}” in Country`).waitFor();
    await shows(page, PAYLOAD.description);
    await expectInert(page, 'search results');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the map's marker and popup, My Offers and the mailbox of the supplier", async () => {
    ({ context, page, errors } = await unprotectedPage(supplier.user as { email: string }));

    await page.goto('/dashboard');
    const marker = page.getByRole('button', { name: /Supplier's offer: Tractor \(per day\)/ }).first();
    await marker.click();
    await page.locator('.map-popup').waitFor();
    await expectInert(page, 'map popup');

    await page.goto('/myoffers');
    await expectHeading(page, 'My Offers');
    await shows(page, PAYLOAD.description);
    await shows(page, PAYLOAD.city);
    await expectInert(page, 'my offers');

    await page.getByRole('button', { name: 'Mailbox, 1 unread message' }).click();
    await shows(page, `${PAYLOAD.name} sent a request for your post`);
    await expectInert(page, 'mailbox');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the admins' list of users", async () => {
    ({ context, page, errors } = await unprotectedPage({ email: 'admin@example.org' }));
    await page.goto('/getUsers');
    await shows(page, PAYLOAD.name);
    await expectInert(page, 'admin users');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the Content-Security-Policy', () => {
  // eval is not tried in the page: DevTools evaluation is exempt from CSP's eval check, so the
  // header's script-src of exactly 'self' (no 'unsafe-eval') is what proves it.
  it('allows scripts only from our origin: no inline script, no inline handler', async () => {
    const res = await fetch(`${h.url}/dashboard`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim();
    expect(scriptSrc).toBe("'self'");
    expect(csp).toMatch(/(?:^|;)\s*object-src 'none'/);
    expect(csp).toMatch(/(?:^|;)\s*base-uri 'self'/);
    expect(csp).toMatch(/(?:^|;)\s*frame-ancestors 'none'/);

    const { page, context, errors } = await newPage(h, { signedIn: true, quiet: true });
    try {
      await context.addInitScript(() => {
        const w = window as unknown as { violations: string[] };
        w.violations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          w.violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
        );
      });
      await page.goto('/dashboard');
      await waitForQuiet(page);
      // The app itself loads without a violation.
      await expect(page.evaluate(() => (window as unknown as { violations: string[] }).violations)).resolves.toEqual(
        [],
      );

      await page.evaluate(() => {
        const w = window as unknown as { ran: string[] };
        w.ran = [];
        const script = document.createElement('script');
        script.textContent = "window.ran.push('inline script')";
        document.body.append(script);
        document.body.insertAdjacentHTML('beforeend', `<img src="/nope.png" onerror="window.ran.push('handler')">`);
      });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { violations: string[] }).violations.sort()))
        .toEqual(['script-src-attr inline', 'script-src-elem inline']);
      await expect(page.evaluate(() => (window as unknown as { ran: string[] }).ran)).resolves.toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the server-rendered local checkout page carries the CSP and loads without a violation', async () => {
    // Fresh users: a new session ends the previous one (D-9), and the pages above started some.
    const needer = await createSession(h, { firstName: 'Khady' });
    const payer = await createSession(h, { firstName: 'Moussa' });
    const need = await publish(h, needer.auth_key, ROOM_NEED);
    // The fee falls due once the owner confirmed the payer's request (D-15 revised).
    const dealId = await acceptAndConfirm(h, payer, needer.auth_key, need);
    const pay = await h.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: { 'access-token': payer.auth_key },
      payload: { deal_id: dealId },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const { page, context } = await newPage(h, { quiet: true });
    try {
      await context.addInitScript(() => {
        const w = window as unknown as { violations: string[] };
        w.violations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          w.violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
        );
      });
      const response = await page.goto((pay.json() as { data: { url: string } }).data.url);
      expect((await response!.allHeaders())['content-security-policy']).toMatch(/script-src 'self'/);
      await page.getByRole('button', { name: 'Approve' }).waitFor();
      await expect(page.evaluate(() => (window as unknown as { violations: string[] }).violations)).resolves.toEqual(
        [],
      );
    } finally {
      await context.close();
    }
  });

  it('the server-rendered local sign-in page carries the CSP and loads without a violation', async () => {
    const { page, context } = await newPage(h, { quiet: true });
    try {
      await context.addInitScript(() => {
        const w = window as unknown as { violations: string[] };
        w.violations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          w.violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
        );
      });
      // A sign-in starts with the tab's binding (the SHA-256 of a verifier it keeps).
      const response = await page.goto(`/api/auth/local?binding=${'0'.repeat(64)}`);
      expect(page.url()).toContain('/api/auth/local/page?state=');
      expect((await response!.allHeaders())['content-security-policy']).toMatch(/script-src 'self'/);
      await page.getByRole('heading', { name: /Local sign-in/ }).waitFor();
      await expect(page.evaluate(() => (window as unknown as { violations: string[] }).violations)).resolves.toEqual(
        [],
      );
    } finally {
      await context.close();
    }
  });
});
