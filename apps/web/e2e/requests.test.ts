// D-32..D-34 in a real Chromium against the real server, in French on a 375 px phone, as the
// farmers and suppliers who use it: two suppliers ask for one need and the farmer chooses; a
// tractor booked for 2 days, then an overlapping booking refused; a deal done by both, then rated.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, DESKTOP, newPage, PHONE, startHarness, waitForQuiet, type Harness } from './harness.js';
import { publish as publishWith } from './posts.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DAY_MS = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
const TRACTOR_NEED = { user_role: 'needSolution', category: 'Equipments', sub_category_id: 'equipment-tractor' };
const TRACTOR_OFFER = { user_role: 'provideSolution', category: 'Equipments', sub_category_id: 'equipment-tractor' };
const french = { language: 'fr-ca' as const, viewport: PHONE, currency: 'fr' as const, quiet: true };

async function api(method: 'GET' | 'POST' | 'PUT', url: string, key: string, payload?: unknown) {
  const res = await h.app.inject({ method, url, headers: { 'access-token': key }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as { data: unknown } & Record<string, unknown> };
}

/** A fresh key for `email`: D-9 keeps one session per user, so a page signed in as them ends the last. */
const keyOf = async (email: string) => (await createSession(h, { email })).auth_key;

async function mailbox(key: string, userId: string) {
  const res = await api('GET', `/api/notify/getUserNotif/${userId}`, key);
  return (res.body.data as { message_fr: string; message_en: string }[]).map((n) => n.message_fr);
}

/**
 * For the closing note: with SCREENSHOT_DIR set, `path` as `email` sees it, at phone and desktop
 * widths, in English and French (`name`-{en-us,fr-ca}-{375,1280}.png).
 */
async function shots(name: string, email: string, path: string, ready: (page: Page) => Promise<void>) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const language of ['en-us', 'fr-ca'] as const) {
    const { context, page, errors } = await newPage(h, { signedIn: true, user: { email }, language, quiet: true });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await ready(page);
      await waitForQuiet(page);
      const file = join(dir, `${name}-${language}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(statSync(file).size).toBeGreaterThan(10_000);
    }
    expect(errors).toEqual([]);
    await context.close();
  }
}

describe('the owner chooses (D-32)', () => {
  it('two suppliers ask for one need; the farmer compares them, confirms one, and the other is told', async () => {
    const farmer = await createSession(h, { firstName: 'Aïssatou', email: unique('aissatou') });
    const needId = await publishWith(h, farmer.auth_key, {
      ...TRACTOR_NEED,
      description: 'Labour de 3 hectares à Thiès',
      pickup_city: 'Thiès',
      pickup_date: inDays(7),
      dates_to: inDays(8),
    });
    const needPath = `/clientsdetails/${needId}/${farmer.user._id}`;

    // The first supplier asks in the browser: the need's 2 days are already chosen, the total shows.
    const serigneEmail = unique('serigne');
    const s = await newPage(h, { ...french, signedIn: true, user: { firstName: 'Serigne', email: serigneEmail } });
    await s.page.goto(needPath);
    await s.page.getByRole('heading', { name: 'Votre demande' }).waitFor();
    await expect.poll(() => s.page.locator('.request-total').textContent()).toContain('2 jours');
    await s.page.getByLabel('Un mot pour Aïssatou').fill('Tracteur 75 CV avec chauffeur, libre ces deux jours.');
    await s.page.getByRole('button', { name: "Accepter l'offre" }).click();
    await s.page.getByText('Envoyé', { exact: true }).waitFor();
    // SPEC 4: 'Sent', then home.
    await s.page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
    expect(s.errors).toEqual([]);
    await s.context.close();

    // The second supplier asks through the API, with a lower price per day.
    const moussa = await createSession(h, { firstName: 'Moussa', email: unique('moussa') });
    const asked = await api('PUT', '/api/solution/solutionAccepted', moussa.auth_key, {
      user_id: moussa.user._id,
      solution_id: needId,
      note: 'Je peux venir avec mon tracteur.',
      price: { amount: '8000', currency: 'XOF' },
    });
    expect(asked.status).toBe(200);

    // Both asked; the need is still listed and nobody has taken it.
    const listed = await api('GET', `/api/solution/getSolutionDetails/${needId}`, farmer.auth_key);
    expect((listed.body.data as { status: string }).status).toBe('Pending');

    // The farmer compares the two and confirms Serigne.
    const f = await newPage(h, { ...french, signedIn: true, user: { email: farmer.user.email } });
    await f.page.goto(needPath);
    const panel = f.page.locator('.requests-panel');
    await panel.getByRole('heading', { name: 'Demandes (2)' }).waitFor();
    await expect.poll(() => panel.locator('.request-card').count()).toBe(2);
    await panel.getByText('Tracteur 75 CV avec chauffeur, libre ces deux jours.').waitFor();
    await panel.getByText('Je peux venir avec mon tracteur.').waitFor();
    // Moussa's proposed price, in the farmer's CFA francs.
    await expect.poll(() => panel.textContent()).toMatch(/8\s?000\s?F CFA/);
    await panel.getByRole('button', { name: 'Confirmer Serigne' }).click();
    await f.page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
    await panel.getByText('Vous avez confirmé Serigne. La personne a été prévenue.').waitFor();
    expect(f.errors).toEqual([]);
    await f.context.close();

    // Moussa is told, in French, that the farmer chose someone else; his request reads "Refusée".
    await expect
      .poll(async () => (await mailbox(moussa.auth_key, moussa.user._id)).join('\n'))
      .toContain("a choisi quelqu'un d'autre");
    const m = await newPage(h, { ...french, signedIn: true, user: { email: moussa.user.email } });
    await m.page.goto(`/deals/${(asked.body.data as { deal: { _id: string } }).deal._id}`);
    await m.page.locator('.deal-state', { hasText: 'Refusée' }).first().waitFor();
    expect(m.errors).toEqual([]);
    await m.context.close();

    // Screens for the note: the requests as the farmer sees them.
    await shots('requests', farmer.user.email, needPath, (page) =>
      page.locator('.requests-panel .requests-history, .requests-panel .request-card').first().waitFor(),
    );
  });
});

describe('bookings by date (D-33)', () => {
  it('books a tractor for 2 days, then refuses an overlapping booking; the calendar shows the days taken', async () => {
    const owner = await createSession(h, { firstName: 'Ibrahima', email: unique('ibrahima') });
    const offerId = await publishWith(h, owner.auth_key, { ...TRACTOR_OFFER, description: 'Tracteur 75 CV' });
    const offerPath = `/supplierdetails/${offerId}/${owner.user._id}`;
    const [first, second] = [inDays(10), inDays(11)];

    // A farmer books the 10th and 11th day from now: 2 days, the total before sending.
    const a = await newPage(h, { ...french, signedIn: true, user: { firstName: 'Awa', email: unique('awa') } });
    await a.page.goto(offerPath);
    await a.page.getByRole('heading', { name: 'Votre demande' }).waitFor();
    await a.page.getByLabel('Du', { exact: true }).fill(first);
    await a.page.getByLabel('Au', { exact: true }).fill(second);
    await expect.poll(() => a.page.locator('.request-total').textContent()).toContain('2 jours');
    await a.page.getByRole('button', { name: "Accepter l'offre" }).click();
    // SPEC 2.3 item 9: the supplier's solution with its Important note.
    await a.page.waitForURL(`**/suppliersolution/${offerId}`);
    await a.page.getByText('Remarque importante').waitFor();
    expect(a.errors).toEqual([]);
    await a.context.close();

    // The owner confirms it from the post's page.
    const o = await newPage(h, { ...french, signedIn: true, user: { email: owner.user.email } });
    await o.page.goto(offerPath);
    await o.page.getByRole('button', { name: 'Confirmer Awa' }).click();
    await o.page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
    await o.page.getByText('Vous avez confirmé Awa. La personne a été prévenue.').waitFor();
    await o.context.close();

    // A second farmer sees those days taken (never by whom) and cannot book over them.
    const b = await newPage(h, { ...french, signedIn: true, user: { firstName: 'Fatou', email: unique('fatou') } });
    await b.page.goto(offerPath);
    const calendar = b.page.locator('.post-calendar');
    await calendar.getByRole('table').waitFor();
    // The month of the first day may be the next one: step to it by keyboard if needed.
    const firstCell = calendar.locator('.month-calendar-day.is-taken').first();
    if ((await firstCell.count()) === 0) {
      await calendar.getByRole('button', { name: 'Mois suivant' }).focus();
      await b.page.keyboard.press('Enter');
    }
    await expect.poll(() => calendar.locator('.month-calendar-day.is-taken').count()).toBeGreaterThan(0);
    expect(await calendar.locator('.month-calendar-day.is-taken').first().textContent()).toContain(': pris');
    expect(await calendar.textContent()).not.toContain('Awa');
    await b.page.getByLabel('Du', { exact: true }).fill(second);
    await b.page.getByLabel('Au', { exact: true }).fill(inDays(12));
    await b.page.getByRole('button', { name: "Accepter l'offre" }).click();
    await b.page.getByText("Ces dates sont déjà prises. Choisissez d'autres dates.").waitFor();
    expect(b.errors).toEqual([]);
    await b.context.close();

    // The offer is still listed: other days are free.
    const details = await api('GET', `/api/solution/getSolutionDetails/${offerId}`, await keyOf(owner.user.email));
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    expect((details.body.data as { status: string }).status).toBe('Pending');

    await shots('calendar', owner.user.email, offerPath, (page) =>
      page.locator('.post-calendar .month-calendar-grid').waitFor(),
    );
  });
});

describe('completion and reviews (D-34)', () => {
  it('completes once both parties mark it done, then each rates the other', async () => {
    const owner = await createSession(h, { firstName: 'Khady', email: unique('khady') });
    const supplier = await createSession(h, { firstName: 'Ousmane', email: unique('ousmane') });
    // The supplier is on the free trial: contacts and messages open at confirmation.
    const trial = await api('POST', '/api/user/updateSubscription', supplier.auth_key, {
      user_id: supplier.user._id,
      status: true,
      trail_complete: false,
    });
    expect(trial.status).toBe(200);
    const needId = await publishWith(h, owner.auth_key, { ...TRACTOR_NEED, pickup_date: inDays(3) });
    const asked = await api('PUT', '/api/solution/solutionAccepted', supplier.auth_key, {
      user_id: supplier.user._id,
      solution_id: needId,
    });
    const dealId = (asked.body.data as { deal: { _id: string } }).deal._id;
    // The deal as each party sees it before the owner chooses.
    await shots('deal-requested', owner.user.email, `/deals/${dealId}`, (page) =>
      page.locator('.deal-state').first().waitFor(),
    );
    expect((await api('POST', `/api/deals/${dealId}/confirm`, await keyOf(owner.user.email))).status).toBe(200);

    // The supplier marks it done, after a Yes.
    const s = await newPage(h, { ...french, signedIn: true, user: { email: supplier.user.email } });
    await s.page.goto(`/deals/${dealId}`);
    await s.page.locator('.deal-state', { hasText: 'Confirmée' }).first().waitFor();
    await s.page.getByRole('button', { name: 'Marquer comme fait' }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
    await s.page.getByText(/Vous l'avez marquée comme faite/).waitFor();
    // Not completed by one party alone, and no rating yet.
    expect(await s.page.locator('.deal-state').first().textContent()).toBe('Confirmée');
    expect(await s.page.getByRole('button', { name: 'Envoyer ma note' }).count()).toBe(0);
    await shots('deal-confirmed', owner.user.email, `/deals/${dealId}`, (page) =>
      page.getByText(/marked it done|l'a marquée comme faite/).waitFor(),
    );

    // The client marks it done too: completed, and rates.
    const o = await newPage(h, { ...french, signedIn: true, user: { email: owner.user.email } });
    await o.page.goto(`/deals/${dealId}`);
    await o.page.getByText("Ousmane l'a marquée comme faite.", { exact: false }).waitFor();
    await o.page.getByRole('button', { name: 'Marquer comme fait' }).click();
    await o.page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
    await o.page.locator('.deal-state', { hasText: 'Terminée' }).first().waitFor();
    // Each star is a labelled radio; the label shows the star.
    await o.page.locator('label', { has: o.page.getByRole('radio', { name: '5 étoiles' }) }).click();
    await o.page.getByRole('button', { name: 'Envoyer ma note' }).click();
    await o.page.getByText(/Vous avez donné 5 étoiles à Ousmane/).waitFor();
    expect(o.errors).toEqual([]);
    await o.context.close();

    // The supplier rates back, once.
    await s.page.reload();
    await s.page.locator('.deal-state', { hasText: 'Terminée' }).first().waitFor();
    await s.page.locator('label', { has: s.page.getByRole('radio', { name: '4 étoiles' }) }).click();
    await s.page.getByRole('button', { name: 'Envoyer ma note' }).click();
    await s.page.getByText(/Vous avez donné 4 étoiles à Khady/).waitFor();
    expect(s.errors).toEqual([]);
    await s.context.close();

    const card = await api('GET', `/api/users/${supplier.user._id}/card`, await keyOf(owner.user.email));
    expect(card.body.data).toMatchObject({ completed_deals: 1, rating: { average: 5, count: 1 } });
    await shots('deal-completed', owner.user.email, `/deals/${dealId}`, (page) =>
      page.locator('.deal-my-review').waitFor(),
    );
  });
});
