// The job queue for real (plugins/jobs.ts on pg-boss, in the app's own database): on PGlite and on
// PostgreSQL, the app with JOBS=on creates the queue's schema and the deal clock's schedule, a
// request left unanswered expires through the queue's own worker (no test calls the clock), and the
// schedule is still in the database after the app closes and opens again on the same data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { signedUp } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { dealAs } from '../../test/deal-parties.js';
import { requested } from '../../test/deals.js';
import { publish, tractor } from '../../test/posts.js';
import { queryRows, throwawayDatabaseUrl } from '../../test/databases.js';

const DAY = 86_400_000;
/** pg-boss looks at its cron schedules every 30 s and sends each minute's job: at most ~90 s. */
const QUEUE_WAIT_MS = 120_000;

const schedules = (t: TestApp) =>
  queryRows<{ name: string; cron: string }>(t.app.database.db, sql`select name, cron from pgboss.schedule`);

/** Where the app keeps its data: a PGlite folder, or a throwaway PostgreSQL database. */
async function storeFor(
  kind: 'pglite' | 'postgres',
): Promise<{ env: Record<string, string>; remove(): Promise<unknown> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'jobs-test-'));
    return { env: { DATA_DIR: join(dir, 'data') }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const db = await throwawayDatabaseUrl();
  return { env: { DATABASE_URL: db.url }, remove: () => db.drop() };
}

// The two databases wait on the queue's minute at the same time.
describe.concurrent('the deal clock on the durable job queue', () => {
  it.for(['pglite', 'postgres'] as const)(
    'on %s: schedules the clock, expires a request through the queue, and keeps the schedule across a restart',
    { timeout: QUEUE_WAIT_MS + 60_000 },
    // Concurrent tests must use their own `expect` (expect.poll refuses the global one there).
    async (kind, { expect }) => {
      const store = await storeFor(kind);
      try {
        const first = await buildTestApp({ JOBS: 'on', ...store.env });
        let dealId: string;
        let asker: Awaited<ReturnType<typeof signedUp>>;
        try {
          await first.app.ready();
          const [schema] = await queryRows<{ n: number }>(
            first.app.database.db,
            sql`select count(*)::int as n from information_schema.schemata where schema_name = 'pgboss'`,
          );
          expect(schema?.n).toBe(1);
          expect(await schedules(first)).toEqual([{ name: 'deal-clock', cron: '* * * * *' }]);

          const owner = await signedUp(first.app, { firstName: 'Owner' });
          asker = await signedUp(first.app, { firstName: 'Asker' });
          const offer = await publish(first.app, owner, {
            ...tractor(),
            category: 'Space',
            sub_category_id: 'space-villa',
          });
          dealId = await requested(first.app, asker, offer._id, { from: undefined, to: undefined });
          // D-32: 7 days unanswered; the queue's next minute finds it due.
          first.app.clock.advance(8 * DAY);
          await expect
            .poll(async () => (await dealAs(first.app, asker, dealId)).status, {
              timeout: QUEUE_WAIT_MS,
              interval: 2_000,
            })
            .toBe('expired');
          // The queue's worker did it: its run is in the app's log.
          expect(first.logs.some((line) => line.includes('"job":"deal-clock"') && line.includes('job done'))).toBe(
            true,
          );
        } finally {
          await first.close();
        }

        // Opened again on the same data without a queue: the schedule was kept by the database.
        const again = await buildTestApp({ JOBS: 'off', ...store.env });
        try {
          await again.app.ready();
          expect(await schedules(again)).toEqual([{ name: 'deal-clock', cron: '* * * * *' }]);
          const [jobs] = await queryRows<{ n: number }>(
            again.app.database.db,
            sql`select count(*)::int as n from pgboss.job where name = 'deal-clock' and state = 'completed'`,
          );
          expect(jobs?.n).toBeGreaterThanOrEqual(1);
        } finally {
          await again.close();
        }
      } finally {
        await store.remove();
      }
    },
  );
});
