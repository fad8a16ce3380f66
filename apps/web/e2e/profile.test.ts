// The profile (SPEC 2.3 item 13), the country modal on the dashboard (SPEC 4) and the admins'
// /getUsers (D-11), in a real Chromium against the real API.
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../server/src/db/schema.js';
import { PHONE, createSession, expectHeading, newPage, startHarness, waitForQuiet, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

// A 16 × 16 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mM4YaNBEmIY1TCqYfhqAAAeBCwQMd+aqQAAAABJRU5ErkJggg==',
  'base64',
);
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;

/** Waits until the image named `alt` has decoded (a broken image has no natural width). */
async function imageLoads(page: Page, alt: string): Promise<string> {
  const image = page.getByRole('img', { name: alt, exact: true });
  await image.waitFor();
  await page.waitForFunction(
    (text) => {
      const img = [...document.images].find((i) => i.alt === text);
      return Boolean(img?.complete && img.naturalWidth > 0);
    },
    alt,
    { timeout: 10_000 },
  );
  return (await image.getAttribute('src')) ?? '';
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], 'page is wider than the screen').toBeLessThanOrEqual(widths[1]!);
}

describe('the profile', () => {
  it('shows the name, e-mail and mobile read-only, and saves an avatar that then loads', async () => {
    const email = unique('mariama');
    const { context, page, errors } = await newPage(h, { signedIn: true, user: { firstName: 'Mariama', email } });
    await page.goto('/profile');
    await expectHeading(page, 'Profile');
    for (const [label, value] of [
      ['Name', 'Mariama'],
      ['E-mail', email],
    ] as const) {
      const input = page.getByLabel(label, { exact: true });
      await expect(input.inputValue()).resolves.toBe(value);
      await expect(input.isEditable()).resolves.toBe(false);
    }
    await expect(page.getByLabel('Mobile number').inputValue()).resolves.toMatch(/^\+221 77 \d{3} \d{2} \d{2}$/);
    await expect(page.getByLabel('Mobile number').isEditable()).resolves.toBe(false);

    await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    expect(await imageLoads(page, 'Preview of your new profile picture')).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Profile saved' }).waitFor();
    const saved = await imageLoads(page, 'Your profile picture');
    expect(saved).not.toMatch(/^blob:/);

    // Stored on the server: it is there after a reload.
    await page.reload();
    await expectHeading(page, 'Profile');
    expect(await imageLoads(page, 'Your profile picture')).toBe(saved);
    const row = await h.app.database.db.query.users.findFirst({ where: (u) => eq(u.email, email) });
    expect(row?.profilePic).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the plans and no payments without a subscription, and the days left during a free trial (D-16)', async () => {
    const { context, page } = await newPage(h, { signedIn: true });
    await page.goto('/profile');
    await page.getByTestId('no-subscription').getByRole('link', { name: 'See the plans' }).waitFor();
    await page.getByText('No payments yet').waitFor();
    await expect(page.getByTestId('trial').count()).resolves.toBe(0);
    await context.close();

    // A user 40 days (and an hour) before the end of a free trial.
    const email = unique('trial');
    const session = await createSession(h, { email });
    const day = 86_400_000;
    const now = h.app.clock.now().getTime();
    await h.app.database.db.insert(subscriptions).values({
      userId: session.user._id,
      kind: 'trial',
      status: 'active',
      startAt: new Date(now - day),
      endAt: new Date(now + 40 * day + 3_600_000),
    });
    const trial = await newPage(h, { signedIn: true, user: { email } });
    await trial.page.goto('/profile');
    await expectHeading(trial.page, 'Profile');
    await expect(trial.page.getByTestId('trial').innerText()).resolves.toMatch(/Free trial\s*40 days left/);
    await expect(trial.page.getByTestId('no-subscription').count()).resolves.toBe(0);
    await trial.context.close();
  });

  it('shows the +ID and VIP badges of a verified VIP user, and fits a 375 px phone', async () => {
    const email = unique('badges');
    const session = await createSession(h, { email });
    await h.app.database.db.update(users).set({ verified: true, vip: true }).where(eq(users.id, session.user._id));
    const { context, page } = await newPage(h, { signedIn: true, user: { email }, viewport: PHONE });
    await page.goto('/profile');
    await page.getByText('+ID', { exact: true }).waitFor();
    await page.getByText('VIP', { exact: true }).waitFor();
    await noHorizontalScroll(page);
    await context.close();
  });
});

describe('the country modal (SPEC 4)', () => {
  it('blocks Submit until a country is chosen, then goes away for good', async () => {
    const email = unique('nocountry');
    const { context, page, errors } = await newPage(h, {
      signedIn: true,
      viewport: PHONE,
      user: { email, country: null },
    });
    await page.goto('/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Choose your country' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Country').selectOption({ label: 'Senegal' });
    await expect(submit.isEnabled()).resolves.toBe(true);
    await submit.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => localStorage.getItem('isCountry'))).resolves.toBe('true');
    const row = await h.app.database.db.query.users.findFirst({ where: (u) => eq(u.email, email) });
    expect(row?.country).toBe('SN');

    await page.reload();
    await expectHeading(page, 'Map');
    await waitForQuiet(page);
    await expect(page.getByRole('dialog', { name: 'Choose your country' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not show for a user who has a country', async () => {
    const { context, page } = await newPage(h, { signedIn: true });
    await page.goto('/dashboard');
    await expectHeading(page, 'Map');
    await waitForQuiet(page);
    await expect(page.getByRole('dialog', { name: 'Choose your country' }).count()).resolves.toBe(0);
    await context.close();
  });
});

describe('/getUsers (D-11)', () => {
  /** Records the API calls a page makes. */
  const apiCalls = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}`);
    });
    return calls;
  };

  it('tells a visitor and a non-admin it is for administrators only, without fetching users', async () => {
    const visitor = await newPage(h, { quiet: true });
    const visitorCalls = apiCalls(visitor.page);
    await visitor.page.goto('/getUsers');
    await expectHeading(visitor.page, 'Users');
    await visitor.page.getByText('This page is for administrators only.').waitFor();
    await waitForQuiet(visitor.page);
    expect(
      visitorCalls.filter((c) => c.includes('/admin/') || c.includes('getAllUsers') || c.includes('/user/me')),
    ).toEqual([]);
    await visitor.context.close();

    const member = await newPage(h, { signedIn: true });
    const memberCalls = apiCalls(member.page);
    await member.page.goto('/getUsers');
    await member.page.getByText('This page is for administrators only.').waitFor();
    await waitForQuiet(member.page);
    expect(memberCalls.filter((c) => c.includes('/admin/') || c.includes('getAllUsers'))).toEqual([]);
    await expect(member.page.getByRole('table').count()).resolves.toBe(0);
    await member.context.close();
  });

  it('lists users for the admin, sorts by e-mail, shows ID images, and a +ID change persists', async () => {
    const zed = await createSession(h, { email: unique('zed'), firstName: 'Zed' });
    const idUser = await createSession(h, { email: unique('aby'), firstName: 'Aby' });
    // An account with ID, with one image in storage, as registration stores it.
    const key = `id-images/${idUser.user._id}/0-test.png`;
    await h.app.storage.put(key, PNG, 'image/png');
    await h.app.database.db
      .update(users)
      .set({ identityFlag: true, idImages: [key] })
      .where(eq(users.id, idUser.user._id));

    const { context, page, errors } = await newPage(h, { signedIn: true, user: { email: 'admin@example.org' } });
    await page.goto('/getUsers');
    await expectHeading(page, 'Users');
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: zed.user.email, exact: true }).waitFor();

    // Sort by e-mail: ascending, then descending.
    const header = table.getByRole('columnheader', { name: 'Email' });
    await expect(header.getAttribute('aria-sort')).resolves.toBe('none');
    const emails = () => page.locator('td.users-email').allInnerTexts();
    await table.getByRole('button', { name: 'Email' }).click();
    await expect(header.getAttribute('aria-sort')).resolves.toBe('ascending');
    const ascending = await emails();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
    await table.getByRole('button', { name: 'Email' }).click();
    await expect(header.getAttribute('aria-sort')).resolves.toBe('descending');
    expect(await emails()).toEqual([...ascending].reverse());

    // Mobile sorts too.
    await table.getByRole('button', { name: 'Mobile' }).click();
    await expect(table.getByRole('columnheader', { name: 'Mobile' }).getAttribute('aria-sort')).resolves.toBe(
      'ascending',
    );
    await expect(header.getAttribute('aria-sort')).resolves.toBe('none');

    // The admin's own row cannot be changed.
    await expect(
      table.getByRole('switch', { name: '+ID (verified) for admin@example.org' }).isDisabled(),
    ).resolves.toBe(true);

    // ID images open in a modal, through the admin's key.
    await table.getByRole('button', { name: `View 1 image of ${idUser.user.email}` }).click();
    const modal = page.getByRole('dialog', { name: 'ID images of Aby' });
    await modal.waitFor();
    expect(await imageLoads(page, 'ID image 1 of Aby')).toMatch(/^blob:/);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });

    // +ID for Zed, kept after a reload.
    const verified = () => page.getByRole('switch', { name: `+ID (verified) for ${zed.user.email}` });
    await expect(verified().isChecked()).resolves.toBe(false);
    await verified().click();
    await expect.poll(() => verified().isChecked(), { timeout: 10_000 }).toBe(true);
    await page.reload();
    await expectHeading(page, 'Users');
    await verified().waitFor();
    await expect(verified().isChecked()).resolves.toBe(true);
    const row = await h.app.database.db.query.users.findFirst({ where: (u) => eq(u.id, zed.user._id) });
    expect(row?.verified).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone as cards with the sort buttons on top', async () => {
    const { context, page } = await newPage(h, {
      signedIn: true,
      viewport: PHONE,
      user: { email: 'admin@example.org' },
    });
    await page.goto('/getUsers');
    await page.getByRole('button', { name: 'Email' }).waitFor();
    await page.locator('td.users-email').first().waitFor();
    await noHorizontalScroll(page);
    await context.close();
  });
});
