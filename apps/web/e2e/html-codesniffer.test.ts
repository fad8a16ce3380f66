// A second accessibility engine beside axe (accessibility.test.ts): HTML_CodeSniffer, the engine
// pa11y runs, on the WCAG 2 AA standard. Its build is put into the page as pa11y does; every
// message of type ERROR fails, on the public pages and the main signed-in screens, in both
// languages.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, expectHeading, newPage, startHarness, waitForQuiet, type Harness } from './harness.js';
import { PUMP, TRACTOR, acceptAndConfirm, publish } from './posts.js';

const HTMLCS = readFileSync(createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'), 'utf8');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Language = 'en-us' | 'fr-ca';
const LANGUAGES: Language[] = ['en-us', 'fr-ca'];

/** HTML_CodeSniffer's errors (type 1) on the page as it is, one readable line each. */
async function sniff(page: Page, label: string): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, so the page's CSP (scripts from our
  // origin only) does not stand in the way, and the page itself never loads it.
  await page.evaluate(`${HTMLCS};window.HTMLCS = HTMLCS;`);
  // HTML_CodeSniffer 2.5.1 reports a wrong autocomplete token under a message key spelled
  // "AutoComplete" while its texts spell it "Autocomplete": without this, that error crashes it.
  await page.evaluate(() => {
    const htmlcs = (window as unknown as { HTMLCS: HtmlCodeSniffer }).HTMLCS;
    const translate = htmlcs.getTranslation.bind(htmlcs);
    htmlcs.getTranslation = (key) => translate(key) ?? translate(key.replace('AutoComplete', 'Autocomplete')) ?? key;
  });
  const errors = await page.evaluate(
    () =>
      new Promise<{ code: string; msg: string; element: string }[]>((resolve, reject) => {
        const htmlcs = (window as unknown as { HTMLCS: HtmlCodeSniffer }).HTMLCS;
        htmlcs.process(
          'WCAG2AA',
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((m) => m.type === 1)
                .map((m) => ({
                  code: m.code,
                  msg: m.msg,
                  element: m.element instanceof Element ? m.element.outerHTML.slice(0, 160) : String(m.element),
                })),
            ),
          () => reject(new Error('HTML_CodeSniffer failed')),
          'en',
        );
      }),
  );
  return errors.map((e) => `${label}: ${e.code} ${e.msg} [${e.element}]`);
}

interface HtmlCodeSniffer {
  process(standard: string, content: Document, done: () => void, failed: () => void, language: string): void;
  getMessages(): { type: number; code: string; msg: string; element: unknown }[];
  getTranslation(key: string): string | undefined;
}

const PUBLIC: { path: string; heading: Record<Language, string> }[] = [
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
  { path: '/register?type=withOutID', heading: { 'en-us': 'Register', 'fr-ca': 'Inscription' } },
  { path: '/register?type=withID', heading: { 'en-us': 'Register', 'fr-ca': 'Inscription' } },
  { path: '/forgetpassword', heading: { 'en-us': 'Forgot Password', 'fr-ca': 'Mot de passe oublié' } },
];

let scanned = 0;
let found = 0;

describe('HTML_CodeSniffer, WCAG 2 AA (the engine of pa11y)', () => {
  afterAll(() => console.info(`HTML_CodeSniffer: ${scanned} page states scanned, ${found} errors`));

  for (const language of LANGUAGES) {
    it(`reports no error on the public pages, ${language}`, async () => {
      const problems: string[] = [];
      const { context, page } = await newPage(h, { language, quiet: true });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const { path, heading } of PUBLIC) {
        await page.goto(path);
        await expectHeading(page, heading[language]);
        await waitForQuiet(page);
        scanned += 1;
        problems.push(...(await sniff(page, `${path} ${language}`)));
      }
      await context.close();
      found += problems.length;
      expect(problems, problems.join('\n')).toEqual([]);
    });

    it(`reports no error on the signed-in screens, ${language}`, async () => {
      const problems: string[] = [];
      const owner = await createSession(h, { firstName: 'Omar' });
      const offer = await publish(h, owner.auth_key, TRACTOR);
      const { context, page } = await newPage(h, { language, signedIn: true });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/about');
      const me = await page.evaluate(() => ({
        auth_key: localStorage.getItem('auth_key') ?? '',
        user: JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { _id: string },
      }));
      // A deal on the other user's offer, confirmed; and a request on the page user's own post,
      // which puts a notification in the mailbox.
      const dealId = await acceptAndConfirm(h, me, owner.auth_key, offer);
      const mine = await publish(h, me.auth_key, PUMP);
      await acceptAndConfirm(h, owner, me.auth_key, mine);

      const screens: { path: string; ready: string }[] = [
        { path: '/dashboard', ready: '.map-pulse' },
        { path: `/suppliersolution/${offer}`, ready: 'h1' },
        { path: '/deals', ready: 'h1' },
        { path: `/deals/${dealId}`, ready: 'h1' },
        { path: '/profile', ready: 'h1' },
        { path: '/myoffers', ready: '.deal-card' },
      ];
      for (const { path, ready } of screens) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        await waitForQuiet(page);
        scanned += 1;
        problems.push(...(await sniff(page, `${path} ${language}`)));
      }
      // The mailbox (notifications), open.
      await page.locator('[data-testid="mailbox-badge"]').waitFor();
      await page.locator('.mailbox > button').click();
      await page.locator('.mailbox-item').first().waitFor();
      scanned += 1;
      problems.push(...(await sniff(page, `mailbox open ${language}`)));
      await context.close();
      found += problems.length;
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
