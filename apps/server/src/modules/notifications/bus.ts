// D-21: a new notification reaches its user's open streams at once. In one process an
// EventEmitter carries it; with REDIS_URL a Redis channel does, so any instance delivers it.
import { EventEmitter } from 'node:events';
import type { Notification } from '@app/shared';

export interface NotificationBus {
  publish(userId: string, notification: Notification): Promise<void>;
  /** Calls `listener` for each new notification of `userId`; returns the unsubscribe. */
  subscribe(userId: string, listener: (notification: Notification) => void): () => void;
  close(): Promise<void>;
}

export function memoryNotificationBus(): NotificationBus {
  const emitter = new EventEmitter();
  // One listener per open stream: many tabs and phones may listen.
  emitter.setMaxListeners(0);
  return {
    async publish(userId, notification) {
      emitter.emit(userId, notification);
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
