// The notification stream ends when its session ends (a logout, or a new sign-in
// elsewhere, D-9), on every instance (two instances over one PostgreSQL and one Redis), and a
// user holds at most MAX_STREAMS_PER_USER streams on an instance. Before, a stream opened with a
// session kept delivering the user's notifications after that session ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import type { TestApp } from '../../../test/build-test-app.js';
import { twoInstances, type TwoInstances } from '../../../test/two-instances.js';
import { MAX_STREAMS_PER_USER } from './routes.js';

type Account = Awaited<ReturnType<typeof signedUp>>;

/** An open stream: `ended` settles with the text received when the server closes it. */
interface OpenStream {
  ended: Promise<string>;
  text: () => string;
  close: () => void;
}

async function openStream(base: string, who: { headers: Record<string, string> }): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notify/stream`, { headers: who.headers, signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = '';
  const first = await reader.read();
  text += new TextDecoder().decode(first.value);
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += new TextDecoder().decode(value);
    }
  })().catch(() => text);
  return { ended, text: () => text, close: () => controller.abort() };
}

/** Settles with 'ended' when the stream ends, or 'open' once `probe` has shown it is still open. */
const endedOrOpen = (stream: OpenStream, probe: Promise<unknown>) =>
  Promise.race([stream.ended.then(() => 'ended' as const), probe.then(() => 'open' as const)]);

describe('notification streams end with their session, on every instance', () => {
  let both: TwoInstances;
  let one: TestApp;
  let baseOne: string;
  let baseTwo: string;
  beforeAll(async () => {
    both = await twoInstances();
    one = both.one;
    baseOne = await one.app.listen({ port: 0, host: '127.0.0.1' });
    baseTwo = await both.two.app.listen({ port: 0, host: '127.0.0.1' });
  }, 400_000);
  afterAll(() => both?.close());

  const login = async (app: TestApp, who: Account) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: who.account.email, password: who.account.password },
    });
    expect(res.statusCode).toBe(200);
    return { headers: { 'access-token': res.json().data.auth_key as string } };
  };

  /** A notification for `who` from the server's own notifier, as an accept or a payment makes one. */
  const notify = async (app: TestApp, who: Account, text: string) => {
    await app.app.notificationBus.publish(who.user._id, {
      _id: `n-${text}`,
      status: 'false',
      message_en: text,
      message_fr: text,
      created_at: new Date().toISOString(),
    });
  };

  it('ends a stream on instance two when its user signs in again on instance one (D-9)', async () => {
    const who = await signedUp(one.app, { firstName: 'Awa' });
    const stream = await openStream(baseTwo, who);
    await login(one, who);
    const text = await stream.ended;
    // Nothing of the user's reaches the old session any more.
    await notify(one, who, 'after-new-sign-in');
    expect(text).not.toContain('after-new-sign-in');
  });

  it('ends a stream on instance two when its session logs out on instance one', async () => {
    const who = await signedUp(one.app, { firstName: 'Moussa' });
    const stream = await openStream(baseTwo, who);
    const out = await one.app.inject({ method: 'POST', url: '/api/user/logout', headers: who.headers });
    expect(out.statusCode).toBeLessThan(300);
    await stream.ended;
  });

  it("keeps the new session's stream, and delivers to it, when the old one ends", async () => {
    const who = await signedUp(one.app, { firstName: 'Fatou' });
    const old = await openStream(baseTwo, who);
    const fresh = await login(one, who);
    await old.ended;
    const current = await openStream(baseTwo, fresh);
    // Another user's sign-in ends nothing of this user's.
    const other = await signedUp(one.app, { firstName: 'Ali' });
    await login(one, other);
    await notify(one, who, 'for-the-new-session');
    const arrived = (async () => {
      while (!current.text().includes('for-the-new-session')) await new Promise((r) => setTimeout(r, 50));
    })();
    expect(await endedOrOpen(current, arrived)).toBe('open');
    current.close();
  });

  it(`holds at most ${MAX_STREAMS_PER_USER} streams of one user on an instance, ending the oldest`, async () => {
    const who = await signedUp(one.app, { firstName: 'Binta' });
    const streams: OpenStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER + 1; i += 1) streams.push(await openStream(baseOne, who));
    // The first one ended when the fifth opened; the others still deliver.
    await streams[0]!.ended;
    await notify(one, who, 'to-the-open-ones');
    for (const stream of streams.slice(1)) {
      const arrived = (async () => {
        while (!stream.text().includes('to-the-open-ones')) await new Promise((r) => setTimeout(r, 50));
      })();
      expect(await endedOrOpen(stream, arrived)).toBe('open');
      stream.close();
    }
    expect(streams[0]!.text()).not.toContain('to-the-open-ones');
  });
});
