// D-36: `app.alerts`, the alerts service for every module (the inbound SMS "STOP" of D-37 calls
// `app.alerts.stopSmsAlerts(userId)`), and the alert jobs' workers on the durable queue.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { ALERT_MATCH_JOB, ALERT_SMS_JOB, type AlertsService, buildAlertsService, type HeldSms } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsService;
  }
}

export const alertsPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const alerts = buildAlertsService({
    db: app.database.db,
    notifier: app.notifier,
    jobs: app.jobs,
    now: app.clock.now,
    publicUrl: config.publicUrl,
  });
  app.decorate('alerts', alerts);
  app.jobs.on<{ solutionId: string }>(ALERT_MATCH_JOB, (data) => alerts.matchPost(data.solutionId));
  app.jobs.on<HeldSms>(ALERT_SMS_JOB, (data) => alerts.sendHeld(data));
});
