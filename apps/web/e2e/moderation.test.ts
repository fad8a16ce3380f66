// Reports and moderation in a real Chromium against the real API (D-29): a user reports a post
// from its details; the admin sees the report on /admin/reports and hides the post; the post is
// gone from the map and the list for everyone else, while its owner still has it in My Offers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, expectHeading, newPage, startHarness, type Harness } from './harness.js';
import { TRACTOR, publish } from './posts.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/**
 * The admin of this journey: the harness's ADMIN_EMAILS user. The one place to change when the
 * way admins are made changes (for example a proven e-mail).
 */
const asAdmin = () => newPage(h, { signedIn: true, user: { firstName: 'Mariama', email: 'admin@example.org' } });

describe('moderation', () => {
  it('a post reported by a user and hidden by the admin leaves the map and the list for others', async () => {
    const owner = await createSession(h, { firstName: 'Ousmane', email: `ousmane-${Date.now()}@example.org` });
    // D-30: the post's own title names it on the map, the lists and the admin's reports.
    const title = 'Cheap tractor, pay first';
    const postId = await publish(h, owner.auth_key, {
      ...TRACTOR,
      title,
      description: 'Cheap tractor, pay first by wire',
    });
    const marker = /^Supplier's offer: Cheap tractor, pay first,/;
    const link = /Cheap tractor, pay first/;

    // Someone else sees it on the map and on the Suppliers list.
    const other = await newPage(h, { signedIn: true, quiet: true, user: { firstName: 'Fatou' } });
    await other.page.goto('/dashboard');
    await other.page.getByRole('button', { name: marker }).waitFor();
    await other.page.goto('/suppliers');
    await other.page.getByRole('link', { name: link }).waitFor();

    // A user reports it from its details.
    const reporter = await newPage(h, { signedIn: true, quiet: true, user: { firstName: 'Binta' } });
    await reporter.page.goto(`/supplierdetails/${postId}/${owner.user._id}`);
    await expectHeading(reporter.page, "Supplier's Solution");
    await reporter.page.getByRole('button', { name: 'Report this post' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByLabel('Reason').selectOption({ label: 'Scam or fraud' });
    await dialog.getByLabel(/What happened/).fill('Asks to be paid before any meeting.');
    await dialog.getByRole('button', { name: 'Send the report' }).click();
    await reporter.page.getByText('Thank you. Your report was sent to the administrators.').waitFor();

    // The admin sees it, open, and hides the post.
    const admin = await asAdmin();
    await admin.page.goto('/admin/reports');
    await expectHeading(admin.page, 'Reports');
    const card = admin.page.getByRole('article', { name: /Scam or fraud/ });
    await card.getByText('Asks to be paid before any meeting.').waitFor();
    await expect(card.getByText('Binta').count()).resolves.toBe(1);
    await card.getByRole('button', { name: `Hide the post "${title}"` }).click();
    await card.getByText('hidden from everyone').waitFor();
    await card.getByRole('button', { name: `Show the post "${title}" again` }).waitFor();

    // Gone for the others: the map, the list, and its details.
    // Listening before the navigation: the answer may come before the page has settled.
    const mapAnswer = other.page.waitForResponse((r) => r.url().includes('/api/solution/map') && r.ok());
    await other.page.goto('/dashboard');
    await other.page.getByRole('region', { name: 'Map of needs and offers' }).waitFor();
    await other.page.locator('.map-pulse').waitFor();
    await mapAnswer;
    await expect(other.page.getByRole('button', { name: marker }).count()).resolves.toBe(0);
    // The list in a fresh profile (the first one may show the list it kept, for offline use).
    const fresh = await newPage(h, { signedIn: true, quiet: true, user: { firstName: 'Aïda' } });
    const listAnswer = fresh.page.waitForResponse((r) => r.url().includes('/api/solution/getAllSolutions') && r.ok());
    await fresh.page.goto('/suppliers');
    await expectHeading(fresh.page, 'A Solution of a Supplier');
    await listAnswer;
    await expect(fresh.page.getByRole('link', { name: link }).count()).resolves.toBe(0);
    const details = await h.app.inject({
      url: `/api/solution/getSolutionDetails/${postId}`,
      headers: { 'access-token': (await createSession(h, { firstName: 'Moussa' })).auth_key },
    });
    expect(details.statusCode).toBe(404);

    // Its owner still has it.
    const mine = await newPage(h, { signedIn: true, quiet: true, user: { email: owner.user.email } });
    await mine.page.goto('/myoffers');
    await mine.page.getByRole('link', { name: link }).waitFor();

    for (const p of [other, fresh, reporter, admin, mine]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });
});
