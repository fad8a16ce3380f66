// D-21: Web Push with VAPID through the `web-push` library: the payload is encrypted (aes128gcm)
// for the browser's keys and POSTed to the push service named in the subscription's endpoint.
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushAdapter, PushMessage } from './push-adapter.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A day: a notification older than that is stale; the mailbox has it anyway. */
const TTL_SECONDS = 24 * 3600;

export class WebPushAdapter implements PushAdapter {
  readonly name = 'webpush';
  /** `agent`: tests pass one that trusts the local stub's certificate. */
  constructor(
    private readonly vapid: VapidKeys,
    private readonly agent?: Agent,
  ) {}

  async send(deviceToken: string, message: PushMessage) {
    let subscription: webpush.PushSubscription;
    try {
      subscription = JSON.parse(deviceToken) as webpush.PushSubscription;
      if (!subscription.endpoint || !subscription.keys?.p256dh || !subscription.keys.auth) return 'gone';
    } catch {
      // Not a Web Push subscription (an old or foreign token): nothing to send to.
      return 'gone';
    }
    try {
      await webpush.sendNotification(subscription, JSON.stringify(message), {
        vapidDetails: this.vapid,
        TTL: TTL_SECONDS,
        timeout: 10_000,
        contentEncoding: 'aes128gcm',
        ...(this.agent ? { agent: this.agent } : {}),
      });
      return 'sent';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return 'gone';
      throw error;
    }
  }
}
