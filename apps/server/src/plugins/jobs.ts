// `app.jobs`: work done on a schedule, on the durable queue of db/job-queue.ts rather than on timers
// in memory, so it survives a restart and runs once across instances. Modules name their jobs while
// the app is built; the queue starts when the app is ready and stops with it. JOBS=off (the API
// tests) builds the app without a queue; those tests run a job's work themselves.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createJobQueue, startJobQueue } from '../db/job-queue.js';

export interface Jobs {
  /** Runs `work` on the cron schedule `cron` (UTC), on one instance at a time. */
  every(name: string, cron: string, work: () => Promise<unknown>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export const jobsPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const scheduled: { name: string; cron: string; work: () => Promise<unknown> }[] = [];
  app.decorate('jobs', { every: (name, cron, work) => void scheduled.push({ name, cron, work }) } satisfies Jobs);
  if (!config.jobs) return;

  const boss = createJobQueue(app.database);
  boss.on('error', (error: unknown) => app.log.error({ err: error }, 'job queue error'));
  app.addHook('onReady', async () => {
    await startJobQueue(boss, app.database);
    for (const job of scheduled) {
      await boss.createQueue(job.name);
      await boss.schedule(job.name, job.cron);
      await boss.work(job.name, async () => {
        const result = await job.work();
        app.log.info({ job: job.name, result }, 'job done');
      });
    }
  });
  // Before the database closes (plugins close in reverse order of registration).
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, timeout: 5_000, close: false });
  });
});
