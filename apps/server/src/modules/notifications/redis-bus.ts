// D-21, D-23: with REDIS_URL every instance publishes new notifications on one Redis channel and
// delivers those of its own connected users, so a user connected to instance B hears of an accept
// made on instance A. If Redis is down, delivery falls back to this instance's own streams; the
// stored notification and the mailbox poll remain the record.
import { EventEmitter } from 'node:events';
import type { Message, Notification } from '@app/shared';
import { Redis } from 'ioredis';
import { ANY_ENDED, endedEvent, eventsOf, notificationsOf, type NotificationBus, type StreamEvent } from './bus.js';

const CHANNEL = 'notifications';
/** User ids whose session ended, so every instance ends that user's stale streams. */
const SESSIONS_CHANNEL = 'session-ended';

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
  void subscriber.subscribe(CHANNEL, SESSIONS_CHANNEL).catch(() => undefined);
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === SESSIONS_CHANNEL) {
      local.emit(endedEvent(message));
      local.emit(ANY_ENDED, message);
      return;
    }
    try {
      // D-28: a deal message travels as `message`; anything else is a notification.
      const parsed = JSON.parse(message) as { userId: string; notification?: Notification; message?: Message };
      const event: StreamEvent | null = parsed.message
        ? { event: 'message', data: parsed.message }
        : parsed.notification
          ? { event: 'notification', data: parsed.notification }
          : null;
      if (event) local.emit(parsed.userId, event);
    } catch {
      // Not ours: ignore.
    }
  });

  async function send(userId: string, event: StreamEvent) {
    const payload = event.event === 'message' ? { userId, message: event.data } : { userId, notification: event.data };
    try {
      await publisher.publish(CHANNEL, JSON.stringify(payload));
    } catch (error) {
      log.warn({ err: (error as Error).message }, `redis down: ${event.event} delivered locally only`);
      local.emit(userId, event);
    }
  }

  return {
    publish: (userId, notification) => send(userId, { event: 'notification', data: notification }),
    subscribe: (userId, listener) => notificationsOf(local, userId, listener),
    publishMessage: (userId, message) => send(userId, { event: 'message', data: message }),
    subscribeEvents: (userId, listener) => eventsOf(local, userId, listener),
    async sessionEnded(userId) {
      try {
        await publisher.publish(SESSIONS_CHANNEL, userId);
      } catch (error) {
        // The streams of other instances still re-check their session at each keepalive.
        log.warn({ err: (error as Error).message }, 'redis down: session end announced locally only');
        local.emit(endedEvent(userId));
        local.emit(ANY_ENDED, userId);
      }
    },
    onAnySessionEnded(listener) {
      local.on(ANY_ENDED, listener);
    },
    onSessionEnded(userId, listener) {
      local.on(endedEvent(userId), listener);
      return () => local.off(endedEvent(userId), listener);
    },
    async close() {
      local.removeAllListeners();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
