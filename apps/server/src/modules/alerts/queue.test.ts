// D-36 on the durable queue for real (JOBS=on): the publish call only queues the alert-match job;
// the queue's own worker matches it and the alert's owner finds the notification in the mailbox,
// with no test code running the job. The job row is in the database (pgboss.job).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { queryRows } from '../../../test/databases.js';
import { publish, tractor } from '../../../test/posts.js';
import { ALERT_MATCH_JOB } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOBS: 'on', RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
});
afterAll(() => t.close());

it('matches a published need through the queue and reaches the alert owner mailbox', { timeout: 90_000 }, async () => {
  const supplier = await signedUp(t.app, { firstName: 'Fatou' });
  const farmer = await signedUp(t.app, { firstName: 'Ousmane' });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: supplier.headers,
    payload: { type: 'needSolution', q: 'tracteur', near: '-16.93,14.79', radius_km: 30 },
  });
  expect(made.statusCode, made.body).toBe(201);
  const need = await publish(t.app, farmer, {
    ...tractor('needSolution'),
    pickup_city: 'Thiès',
    pickup_lat: 14.79,
    pickup_lng: -16.93,
  });
  const jobs = await queryRows<{ n: number }>(
    t.app.database.db,
    sql`select count(*)::int as n from pgboss.job where name = ${ALERT_MATCH_JOB} and data->>'solutionId' = ${need._id}`,
  );
  expect(jobs[0]?.n).toBe(1);
  await expect
    .poll(
      async () => {
        const res = await t.app.inject({
          url: `/api/notify/getUserNotif/${supplier.user._id}`,
          headers: supplier.headers,
        });
        return (res.json().data as { solution_id?: string }[]).map((n) => n.solution_id);
      },
      { timeout: 60_000, interval: 500 },
    )
    .toContain(need._id);
  // Never the poster: the farmer is told nothing.
  const own = await t.app.inject({ url: `/api/notify/getUserNotif/${farmer.user._id}`, headers: farmer.headers });
  expect(own.json().data).toEqual([]);
});
