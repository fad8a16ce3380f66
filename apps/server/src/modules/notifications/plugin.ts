// D-21: the notification bus (in memory, or Redis pub/sub with REDIS_URL) and the notifier that
// delivers stored notifications after their transaction commits.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memoryNotificationBus, type NotificationBus } from './bus.js';
import { createNotifier, type Notifier } from './notifier.js';
import { redisNotificationBus } from './redis-bus.js';
import type { Config } from '../../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    notificationBus: NotificationBus;
    notifier: Notifier;
  }
}

export const notificationsPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const bus = config.redisUrl ? redisNotificationBus(config.redisUrl, app.log) : memoryNotificationBus();
  app.decorate('notificationBus', bus);
  // A sign-in or logout anywhere ends that user's older streams on every instance.
  app.sessions.onEnded((userId) => void bus.sessionEnded(userId));
  // D-9: a session ended on another instance leaves this one's session cache at once.
  bus.onAnySessionEnded((userId) => app.sessions.forget(userId));
  app.decorate('notifier', createNotifier({ db: app.database.db, bus, sms: app.sms, push: app.push, log: app.log }));
  app.addHook('onClose', async () => bus.close());
});
