import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { sendRequest } from '../../../test/deals.js';
import { startPushStub } from '../../../test/push-stub.js';
import { loadConfig } from '../../config.js';
import { createPushAdapter, LocalPushAdapter, WebPushAdapter } from './index.js';

const vapid = webpush.generateVAPIDKeys();
let stub: Awaited<ReturnType<typeof startPushStub>>;
beforeAll(async () => {
  stub = await startPushStub();
});
afterAll(() => stub.close());

const message = { title: 'New notification', body: 'Moussa accepted your post', url: '/dashboard' };

describe('the Web Push adapter (D-21)', () => {
  const adapter = () => new WebPushAdapter({ ...vapid, subject: 'mailto:ops@example.org' }, stub.agent);

  it('POSTs an encrypted payload with a VAPID signature to the subscription endpoint', async () => {
    const subscription = stub.subscription('a');
    expect(await adapter().send(JSON.stringify(subscription), message)).toBe('sent');
    const request = stub.received.at(-1)!;
    expect(request.path).toBe('/push/a');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${vapid.publicKey}$`));
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    // Encrypted: the text itself never travels in the clear.
    expect(request.body.length).toBeGreaterThan(0);
    expect(request.body.includes(Buffer.from('Moussa'))).toBe(false);
  });

  it("answers 'gone' when the push service says the subscription expired, or the token is not one", async () => {
    stub.answer(410);
    expect(await adapter().send(JSON.stringify(stub.subscription('b')), message)).toBe('gone');
    stub.answer(201);
    expect(await adapter().send('not-json', message)).toBe('gone');
  });

  it('is chosen by PUSH_PROVIDER=webpush with VAPID keys, and the local adapter is the default', () => {
    const log = { info: () => undefined };
    expect(createPushAdapter(loadConfig({}), log)).toBeInstanceOf(LocalPushAdapter);
    const config = loadConfig({
      PUSH_PROVIDER: 'webpush',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
    expect(createPushAdapter(config, log)).toBeInstanceOf(WebPushAdapter);
    expect(() => createPushAdapter(loadConfig({ PUSH_PROVIDER: 'webpush' }), log)).toThrow(/VAPID_PUBLIC_KEY/);
  });
});

describe('a notification pushed to the device token given at login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      { RATE_LIMIT_SCALE: '100' },
      { push: new WebPushAdapter({ ...vapid, subject: 'mailto:ops@example.org' }, stub.agent) },
    );
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('reaches the owner’s browser when somebody requests their post', async () => {
    const owner = await signedUp(t.app);
    const subscription = stub.subscription('owner');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: {
        email: owner.account.email,
        password: owner.account.password,
        device_token: JSON.stringify(subscription),
      },
    });
    const headers = { 'access-token': login.json().data.auth_key as string };
    const { multipart } = await import('../../../test/accounts.js');
    const body = multipart([
      {
        name: 'new_solution',
        value: JSON.stringify({
          user_role: 'provideSolution',
          category: 'Space',
          sub_category_id: 'space-bed',
          description: 'A bed for the night',
          pickup_lat: 14.7,
          pickup_lng: -17.4,
          pickup_city: 'Dakar',
          pickup_country: 'Senegal',
          pickup_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        }),
      },
    ]);
    const offer = (
      await t.app.inject({
        method: 'POST',
        url: '/api/solution/addSolution',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      })
    ).json().data;
    const client = await signedUp(t.app);
    const before = stub.received.length;
    // A bed is booked by the night (D-33): the helper's request names its dates.
    expect((await sendRequest(t.app, client, offer._id)).statusCode).toBe(200);
    await expect.poll(() => stub.received.slice(before).some((r) => r.path === '/push/owner')).toBe(true);
  });
});
