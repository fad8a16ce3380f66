import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestsReceived, server } from '../testing/server';
import { pushDeviceToken } from './push';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const subscription = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } };

function browser(permission: NotificationPermission) {
  const fetchMock = vi.fn(() => HttpResponse.json({ data: { tile_url: null, vapid_public_key: KEY } }));
  server.use(http.all('*', fetchMock));
  const subscribe = vi.fn().mockResolvedValue({ toJSON: () => subscription, ...subscription });
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn() });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }) },
  });
  return { fetchMock, subscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the device token sent at sign-in (D-21)', () => {
  it("is the browser's push subscription when notifications are allowed and the server has a key", async () => {
    const { subscribe } = browser('granted');
    expect(JSON.parse((await pushDeviceToken())!)).toMatchObject({ endpoint: subscription.endpoint });
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
  });

  it('is absent, without asking anything of the network, when notifications were never allowed', async () => {
    const { fetchMock, subscribe } = browser('default');
    await expect(pushDeviceToken()).resolves.toBeUndefined();
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();
  });
});
