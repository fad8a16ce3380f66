// D-21: a new notification reaches its user's open streams at once. In one process an
// EventEmitter carries it; with REDIS_URL a Redis channel does, so any instance delivers it.
// D-28: a deal's new message travels the same way, as the stream's `message` event.
import { EventEmitter } from 'node:events';
import type { Message, Notification } from '@app/shared';

/** What a user's event stream carries: its event name and data. */
export type StreamEvent = { event: 'notification'; data: Notification } | { event: 'message'; data: Message };

export interface NotificationBus {
  publish(userId: string, notification: Notification): Promise<void>;
  /** Calls `listener` for each new notification of `userId`; returns the unsubscribe. */
  subscribe(userId: string, listener: (notification: Notification) => void): () => void;
  /** D-28: a deal message for `userId`'s streams, on every instance. */
  publishMessage(userId: string, message: Message): Promise<void>;
  /** Every event of `userId` (notifications and messages); returns the unsubscribe. */
  subscribeEvents(userId: string, listener: (event: StreamEvent) => void): () => void;
  /** A session of `userId` ended on some instance; every instance's streams of that user re-check theirs. */
  sessionEnded(userId: string): Promise<void>;
  onSessionEnded(userId: string, listener: () => void): () => void;
  /** Every user whose session ended on any instance (the session cache forgets them). */
  onAnySessionEnded(listener: (userId: string) => void): void;
  close(): Promise<void>;
}

/** The local event of a user's ended session (user ids never contain a colon). */
export const endedEvent = (userId: string) => `session-ended:${userId}`;
/** The local event of any user's ended session, with the user's id. */
export const ANY_ENDED = 'session-ended';

/** Subscribing to notifications only, over an emitter of StreamEvents keyed by user id. */
export function notificationsOf(emitter: EventEmitter, userId: string, listener: (n: Notification) => void) {
  const only = (event: StreamEvent) => {
    if (event.event === 'notification') listener(event.data);
  };
  emitter.on(userId, only);
  return () => void emitter.off(userId, only);
}

export function eventsOf(emitter: EventEmitter, userId: string, listener: (event: StreamEvent) => void) {
  emitter.on(userId, listener);
  return () => void emitter.off(userId, listener);
}

export function memoryNotificationBus(): NotificationBus {
  const emitter = new EventEmitter();
  // One listener per open stream: many tabs and phones may listen.
  emitter.setMaxListeners(0);
  return {
    async publish(userId, notification) {
      emitter.emit(userId, { event: 'notification', data: notification } satisfies StreamEvent);
    },
    subscribe: (userId, listener) => notificationsOf(emitter, userId, listener),
    async publishMessage(userId, message) {
      emitter.emit(userId, { event: 'message', data: message } satisfies StreamEvent);
    },
    subscribeEvents: (userId, listener) => eventsOf(emitter, userId, listener),
    async sessionEnded(userId) {
      emitter.emit(endedEvent(userId));
      emitter.emit(ANY_ENDED, userId);
    },
    onAnySessionEnded(listener) {
      emitter.on(ANY_ENDED, listener);
    },
    onSessionEnded(userId, listener) {
      emitter.on(endedEvent(userId), listener);
      return () => emitter.off(endedEvent(userId), listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
