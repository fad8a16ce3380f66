// D-21: the notification bus (in memory, or Redis with REDIS_URL: issue 5) and the notifier that
// delivers stored notifications after their transaction commits.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memoryNotificationBus, type NotificationBus } from '../modules/notifications/bus.js';
import { createNotifier, type Notifier } from '../modules/notifications/notifier.js';

declare module 'fastify' {
  interface FastifyInstance {
    notificationBus: NotificationBus;
    notifier: Notifier;
  }
}

export const notificationsPlugin = fp(async (app: FastifyInstance) => {
  const bus = memoryNotificationBus();
  app.decorate('notificationBus', bus);
  app.decorate('notifier', createNotifier({ bus, sms: app.sms, log: app.log }));
  app.addHook('onClose', async () => bus.close());
});
