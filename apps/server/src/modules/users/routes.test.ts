import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { sendRequest } from '../../../test/deals.js';
import { publish, tractor } from '../../../test/posts.js';
import type { ConsoleSmsAdapter } from '../../adapters/sms/index.js';
import { users } from '../../db/schema.js';

type Account = Awaited<ReturnType<typeof signedUp>>;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

describe('POST /api/user/logout', () => {
  it('ends the session on the server: the same key is refused afterwards', async () => {
    const [user] = await t.app.database.db
      .insert(users)
      .values({ firstName: 'Moussa', email: 'moussa@example.org', mobileNo: '+22790000001' })
      .returning({ id: users.id });
    const { auth_key } = await t.app.sessions.start(user!.id);

    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'access-token': auth_key } });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'access-token': auth_key },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 'AUTH_FAILED', message: 'Authentication failed' });
  });

  it('answers 401 Authentication failed without a key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_FAILED');
  });
});

describe('the language of messages (D-24)', () => {
  const accept = (who: Account, solutionId: string) => sendRequest(t.app, who, solutionId);
  const setLanguage = (who: Account | undefined, language: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/addNotiLanguage',
      headers: who?.headers ?? {},
      payload: { language },
    });
  const sms = () => t.app.sms as ConsoleSmsAdapter;

  it('keeps the language chosen at registration', async () => {
    const french = await signedUp(t.app, { firstName: 'Aïssa', language: 'fr-ca' });
    expect(french.user.language).toBe('fr');
    const english = await signedUp(t.app, { firstName: 'Ben' });
    expect(english.user.language).toBe('en');
  });

  it('sends the SMS of a request on an offer in French once the owner switched to French, and back', async () => {
    const owner = await signedUp(t.app, { firstName: 'Awa' });
    const client = await signedUp(t.app, { firstName: 'Moussa' });
    const switched = await setLanguage(owner, 'fr-ca');
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({ _id: owner.user._id, language: 'fr' });

    const first = await publish(t.app, owner, tractor());
    expect((await accept(client, first._id)).statusCode).toBe(200);
    const french = sms().lastTo(owner.user.mobile_no);
    expect(french?.text).toContain('Moussa a envoyé une demande pour votre annonce');
    expect(french?.text).not.toContain('sent a request for your post');

    expect((await setLanguage(owner, 'en-us')).json().data.language).toBe('en');
    const second = await publish(t.app, owner, tractor());
    await accept(client, second._id);
    expect(sms().lastTo(owner.user.mobile_no)?.text).toContain('Moussa sent a request for your post');
  });

  it('refuses an unknown language or a visitor, and changes nothing', async () => {
    const me = await signedUp(t.app, { firstName: 'Chloé', language: 'fr-ca' });
    const bad = await setLanguage(me, 'de-de');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect((await setLanguage(undefined, 'en-us')).statusCode).toBe(401);
    const after = await t.app.inject({ url: '/api/user/me', headers: me.headers });
    expect(after.json().data.language).toBe('fr');
  });

  it("keeps the first round's GET form working", async () => {
    const me = await signedUp(t.app, { firstName: 'Dieynaba' });
    const res = await t.app.inject({
      url: `/api/user/addNotiLanguage?_id=${me.user._id}&noti_lan=fr`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user/me', headers: me.headers })).json().data.language).toBe('fr');
  });
});
