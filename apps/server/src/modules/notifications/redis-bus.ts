// D-21, D-23: with REDIS_URL every instance publishes new notifications on one Redis channel and
// delivers those of its own connected users, so a user connected to instance B hears of an accept
// made on instance A. If Redis is down, delivery falls back to this instance's own streams; the
// stored notification and the mailbox poll remain the record.
import { EventEmitter } from 'node:events';
import type { Notification } from '@app/shared';
import { Redis } from 'ioredis';
import type { NotificationBus } from './bus.js';

const CHANNEL = 'notifications';

export interface BusLogger {
  warn(obj: object, msg: string): void;
}

export function redisNotificationBus(url: string, log: BusLogger): NotificationBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  // Fail fast rather than queue while Redis is away: a late notification is worth less than a
  // request that does not hang.
  const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5_000, lazyConnect: false };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => log.warn({ err: error.message }, 'redis notification bus'));
  }
  void subscriber.subscribe(CHANNEL).catch(() => undefined);
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const { userId, notification } = JSON.parse(message) as { userId: string; notification: Notification };
      local.emit(userId, notification);
    } catch {
      // Not ours: ignore.
    }
  });

  return {
    async publish(userId, notification) {
      try {
        await publisher.publish(CHANNEL, JSON.stringify({ userId, notification }));
      } catch (error) {
        log.warn({ err: (error as Error).message }, 'redis down: notification delivered locally only');
        local.emit(userId, notification);
      }
    },
    subscribe(userId, listener) {
      local.on(userId, listener);
      return () => local.off(userId, listener);
    },
    async close() {
      local.removeAllListeners();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
