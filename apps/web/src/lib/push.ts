// D-21, SPEC 5 ("a device token for push messaging is added if available"): the browser's Web Push
// subscription, as JSON, when the server has a VAPID key and the user already allowed
// notifications. Never asks for permission by itself, and never delays sign-in for long.
import type { ClientConfig } from '@app/shared';
import { apiFetch } from './api-client';

const WAIT_MS = 3000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The device token to send at sign-in, or undefined. `ask` requests permission first (a user's tap). */
export async function pushDeviceToken({ ask = false } = {}): Promise<string | undefined> {
  try {
    if (!pushSupported()) return undefined;
    // Permission first: a user who never allowed notifications costs no request at sign-in.
    if (ask && Notification.permission === 'default') await Notification.requestPermission();
    if (Notification.permission !== 'granted') return undefined;
    const config = await within(apiFetch<{ data: ClientConfig }>('/config'), WAIT_MS);
    const key = config?.data.vapid_public_key;
    if (!key) return undefined;
    const registration = await within(navigator.serviceWorker.ready, WAIT_MS);
    if (!registration) return undefined;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
    return JSON.stringify(subscription);
  } catch {
    // Push is a bonus: the mailbox and its stream work without it.
    return undefined;
  }
}
