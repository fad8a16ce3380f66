// D-21, D-23: two instances over one PostgreSQL and one Redis. A browser connected to instance two
// sees its mailbox badge rise when a post is requested (D-32) through instance one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayDatabaseUrl } from '../../server/test/databases.js';
import { assertRedisReachable, TEST_REDIS_URL } from '../../server/test/redis.js';
import { createSession, expectHeading, newPage, startHarness, type Harness } from './harness.js';
import { accept, publish, TRACTOR } from './posts.js';

let database: Awaited<ReturnType<typeof throwawayDatabaseUrl>>;
let one: Harness;
let two: Harness;
beforeAll(async () => {
  await assertRedisReachable();
  database = await throwawayDatabaseUrl();
  const env = { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL };
  one = await startHarness(env);
  two = await startHarness(env);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.drop();
});

describe('notifications across instances', () => {
  it('reach a browser on instance two when a post is requested on instance one', async () => {
    const email = `owner-${Date.now()}@example.org`;
    const { page, context, errors } = await newPage(two, { signedIn: true, user: { firstName: 'Awa', email } });
    try {
      const streaming = page.waitForRequest('**/api/notify/stream');
      await page.goto('/myoffers');
      await expectHeading(page, 'My Offers');
      await streaming;
      const ownerKey = (await page.evaluate(() => localStorage.getItem('auth_key')))!;
      const offerId = await publish(one, ownerKey, TRACTOR);

      const client = await createSession(one, { firstName: 'Moussa' });
      await accept(one, client.auth_key, client.user._id, offerId);

      await page.getByTestId('mailbox-badge').filter({ hasText: '1' }).waitFor();
      await page.getByRole('button', { name: 'Mailbox, 1 unread message' }).click();
      await page.getByRole('button', { name: /Moussa sent a request for your post/ }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
