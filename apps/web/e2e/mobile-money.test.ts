// D-38 and D-15 (revised) in a real Chromium against the real server: a supplier in Senegal pays a
// confirmed deal's fee in CFA francs by mobile money on the local checkout (the stand-in for
// CinetPay: the operators of Senegal, a number, approve), then sees the client's contacts. No
// dollar appears anywhere on the way. With SCREENSHOT_DIR set, the payment choice, the checkout
// and the receipt are saved in English and French at 375 and 1280 px.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema.js';
import { createSession, DESKTOP, newPage, PHONE, startHarness, waitForQuiet, type Harness } from './harness.js';
import { acceptAndConfirm, publish } from './posts.js';
import { formatPhone } from '../src/lib/phone-format.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** A client's need priced 40 000 F CFA for one day, requested by `supplier` and confirmed. */
async function cfaDeal(supplier: Awaited<ReturnType<typeof createSession>>) {
  const client = await createSession(h, { firstName: 'Moussa', email: unique('moussa') });
  const needId = await publish(h, client.auth_key, {
    user_role: 'needSolution',
    category: 'Equipments',
    sub_category_id: 'equipment-own',
    title: 'Tracteur pour labour',
    price: '40000',
    currency: 'fr',
  });
  const dealId = await acceptAndConfirm(h, supplier, client.auth_key, needId);
  return { client, needId, dealId };
}

async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const current = page.viewportSize();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await waitForQuiet(page);
    await page.screenshot({ path: join(dir, `${name}-${viewport.width}.png`), fullPage: true });
  }
  if (current) await page.setViewportSize(current);
}

describe('mobile money (D-38)', () => {
  for (const language of ['fr-ca', 'en-us'] as const) {
    const fr = language === 'fr-ca';
    it(`a supplier in Senegal pays a deal's fee in F CFA on the local checkout, then sees the contacts (${language}, 375 px)`, async () => {
      const email = unique('awa');
      const supplier = await createSession(h, { firstName: 'Awa', email, country: 'SN' });
      // The language the server keeps for the user (its SMS, the checkout page), as the app sets it.
      await h.app.database.db
        .update(users)
        .set({ language: fr ? 'fr' : 'en' })
        .where(eq(users.id, supplier.user._id));
      const { client, dealId } = await cfaDeal(supplier);
      const s = await newPage(h, { signedIn: true, language, currency: 'fr', viewport: PHONE, user: { email } });
      await s.page.goto(`/deals/${dealId}`);
      const pay = s.page
        .locator('.deal-party')
        .getByRole('button', { name: fr ? 'Payer 6 000 F CFA par mobile money' : 'Pay F CFA 6,000 by mobile money' });
      await pay.waitFor();
      // D-15 revised: dollars appear nowhere for a CFA payer.
      expect(await s.page.locator('main').textContent()).not.toMatch(/\$|USD/);
      await shoot(s.page, `payment-choice-${language}`);

      await pay.click();
      await s.page.waitForURL('**/api/payment/mobile-money/checkout/**');
      expect(plain(await s.page.getByTestId('amount').textContent())).toBe(fr ? '6 000 F CFA' : 'F CFA 6,000');
      for (const operator of ['Orange Money', 'Wave', 'Free Money']) {
        await s.page.getByRole('radio', { name: operator }).waitFor();
      }
      expect(await s.page.getByRole('radio', { name: 'M-Pesa' }).count()).toBe(0);
      await shoot(s.page, `checkout-${language}`);
      await s.page.getByRole('radio', { name: 'Wave' }).check();
      await s.page.getByLabel(fr ? 'Numéro mobile money' : 'Mobile money number').fill('+221 77 123 45 67');
      await s.page.getByRole('button', { name: fr ? 'Approuver le paiement' : 'Approve the payment' }).click();

      await s.page.waitForURL('**/successurl?**');
      await s.page.getByText(formatPhone(client.user.mobile_no!)).waitFor();
      // The service's summary is read apart from the payment, and may show a moment later.
      await s.page.locator('main').getByText('Tracteur pour labour').first().waitFor();
      const main = plain(await s.page.locator('main').textContent());
      expect(main).toContain(fr ? 'Montant payé : 6 000 F CFA' : 'Amount paid: F CFA 6,000');
      expect(main).toContain(fr ? 'Opérateur : Wave' : 'Operator: Wave');
      expect(main).toMatch(fr ? /Référence : MM-[0-9A-F]+/ : /Reference: MM-[0-9A-F]+/);
      // D-30: the service is the post's title, not "Your own proposition".
      expect(main).toContain('Tracteur pour labour');
      expect(main).not.toMatch(/\$|USD/);
      await shoot(s.page, `receipt-${language}`);

      // The deal page now shows the client's contacts.
      await s.page.goto(`/deals/${dealId}`);
      await s.page.getByText(formatPhone(client.user.mobile_no!)).first().waitFor();
      expect(s.errors).toEqual([]);
      await s.context.close();
    });
  }
});
