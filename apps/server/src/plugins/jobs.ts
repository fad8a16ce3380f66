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
  /** Runs `work` for each job sent to `name`, once across instances (a failure is retried). */
  on<T extends object>(name: string, work: (data: T) => Promise<unknown>): void;
  /**
   * Queues a job in the database, to run at once or from `startAfter`. With JOBS=off nothing
   * runs: the job is kept in `unsent`, where the API tests find it and run its work themselves.
   */
  send(name: string, data: object, options?: { startAfter?: Date }): Promise<void>;
  /** JOBS=off only: the jobs sent, oldest first. */
  readonly unsent: { name: string; data: object; startAfter?: Date | undefined }[];
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export const jobsPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const scheduled: { name: string; cron: string; work: () => Promise<unknown> }[] = [];
  const handlers: { name: string; work: (data: object) => Promise<unknown> }[] = [];
  const unsent: Jobs['unsent'][number][] = [];
  const boss = config.jobs ? createJobQueue(app.database) : undefined;
  app.decorate('jobs', {
    every: (name, cron, work) => void scheduled.push({ name, cron, work }),
    on: (name, work) => void handlers.push({ name, work: work as (data: object) => Promise<unknown> }),
    async send(name, data, options) {
      if (!boss) {
        unsent.push({ name, data, startAfter: options?.startAfter });
        return;
      }
      await boss.send(name, data, options?.startAfter ? { startAfter: options.startAfter } : {});
    },
    unsent,
  } satisfies Jobs);
  if (!boss) return;
  const queue = boss;
  boss.on('error', (error: unknown) => app.log.error({ err: error }, 'job queue error'));
  app.addHook('onReady', async () => {
    await startJobQueue(
      queue,
      app.database,
      [...scheduled, ...handlers].map((job) => job.name),
    );
    for (const job of scheduled) {
      await queue.schedule(job.name, job.cron);
      await queue.work(job.name, async () => {
        const result = await job.work();
        app.log.info({ job: job.name, result }, 'job done');
      });
    }
    for (const handler of handlers) {
      await queue.work<object>(handler.name, async (jobs) => {
        for (const job of jobs) {
          const result = await handler.work(job.data);
          app.log.info({ job: handler.name, result }, 'job done');
        }
      });
    }
  });
  // Before the database closes (plugins close in reverse order of registration).
  app.addHook('onClose', async () => {
    await queue.stop({ graceful: true, timeout: 5_000, close: false });
  });
});
