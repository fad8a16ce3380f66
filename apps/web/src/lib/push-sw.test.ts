// @vitest-environment node
// D-21: the service worker's push handlers (public/push-sw.js, imported by the generated
// worker), run against a fake `self` with its registration and clients.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const source = readFileSync(new URL('../../public/push-sw.js', import.meta.url), 'utf8');

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** A worker scope holding the listeners push-sw.js adds, with the given open windows. */
function worker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const opened: string[] = [];
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async (url: string) => {
        opened.push(url);
        return null;
      }),
    },
  };
  runInNewContext(source, { self });

  /** Fires an event and waits for what it handed to waitUntil. */
  const fire = async (type: string, fields: object) => {
    const waited: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    if (!listener) throw new Error(`push-sw.js adds no ${type} listener`);
    listener({ ...fields, waitUntil: (p: Promise<unknown>) => waited.push(p) });
    expect(waited).toHaveLength(1);
    await Promise.all(waited);
  };
  return { self, fire, opened };
}

const pushOf = (payload: unknown) => ({
  data: {
    json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
  },
});

const notification = (data: unknown) => ({ close: vi.fn(), data });

const openWindow = (url: string): FakeWindow => ({
  url,
  focus: vi.fn(async () => undefined),
  navigate: vi.fn(async () => undefined),
});

describe('a push message', () => {
  it('shows a notification with its title and body, and keeps its url for the tap', async () => {
    const { self, fire } = worker();
    await fire('push', pushOf({ title: 'New deal', body: 'Awa accepted your offer', url: '/deals/42' }));
    expect(self.registration.showNotification).toHaveBeenCalledWith('New deal', {
      body: 'Awa accepted your offer',
      data: { url: '/deals/42' },
      icon: '/icon-192.png',
    });
  });

  it('without a JSON payload still shows the generic title, leading to /dashboard', async () => {
    const { self, fire } = worker();
    await fire('push', pushOf('not json'));
    await fire('push', { data: null });
    expect(self.registration.showNotification).toHaveBeenCalledTimes(2);
    for (const call of self.registration.showNotification.mock.calls as unknown[][]) {
      expect(call).toEqual(['Needs & Offers', { body: '', data: { url: '/dashboard' }, icon: '/icon-192.png' }]);
    }
  });
});

describe('a tap on the notification', () => {
  it('closes it and brings an open window of the app to the message', async () => {
    const open = openWindow('https://app.example/map');
    const { self, fire, opened } = worker([open]);
    const tapped = notification({ url: '/deals/42' });
    await fire('notificationclick', { notification: tapped });
    expect(tapped.close).toHaveBeenCalled();
    expect(self.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(open.navigate).toHaveBeenCalledWith('/deals/42');
    expect(open.focus).toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it('opens a new window at the message when the app is not open', async () => {
    const { fire, opened } = worker([]);
    const tapped = notification({ url: '/deals/42' });
    await fire('notificationclick', { notification: tapped });
    expect(tapped.close).toHaveBeenCalled();
    expect(opened).toEqual(['/deals/42']);
  });

  it('opens /dashboard when the notification carries no url', async () => {
    const { fire, opened } = worker();
    await fire('notificationclick', { notification: notification(undefined) });
    expect(opened).toEqual(['/dashboard']);
  });
});
