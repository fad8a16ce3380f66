// ADMIN_EMAILS gave admin rights to whoever registered (or signed in) with the
// address, proving only the phone. Now the e-mail must be proven by a code mailed to it (or the
// number be in ADMIN_PHONES, proven by its SMS code), on PGlite and on PostgreSQL. Before the fix,
// the first test below saw `admin: true` and 200 from every admin call.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastMailCode,
  multipart,
  newAccount,
  photoWithGps,
  proveEmail,
  signedUp,
  verifiedToken,
} from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { DB_TIMEOUT_MS, throwawayDatabaseUrl } from '../../../test/databases.js';
import { OutboxMailAdapter } from '../../adapters/mail/outbox.js';
import { subscriptions, users } from '../../db/schema.js';

const BOSS = 'boss@example.org';
const PHONE_BOSS = '+221701112299';

for (const kind of ['pglite', 'postgres'] as const) {
  describe(`admin rights need a proven identity [${kind}]`, { timeout: DB_TIMEOUT_MS }, () => {
    let t: TestApp;
    let drop: (() => Promise<void>) | undefined;
    /** A withID account whose ID image and badges the admin calls aim at. */
    let target: { _id: string };

    beforeAll(async () => {
      const env: Record<string, string> = {
        RATE_LIMIT_SCALE: '100',
        ADMIN_EMAILS: `${BOSS}, other-boss@example.org`,
        ADMIN_PHONES: PHONE_BOSS,
      };
      if (kind === 'postgres') {
        const db = await throwawayDatabaseUrl();
        drop = db.drop;
        env.DATABASE_URL = db.url;
      }
      t = await buildTestApp(env);
      await t.app.ready();
      const account = newAccount({ account_type: 'withID' });
      const token = await verifiedToken(t.app, account.mobile_no);
      const form = multipart([
        { name: 'new_user', value: JSON.stringify({ ...account, verification_token: token }) },
        { name: 'files', value: await photoWithGps(), filename: 'id.jpg', type: 'image/jpeg' },
      ]);
      target = (await t.app.inject({ method: 'POST', url: '/api/user/register', ...form })).json().data;
    }, 400_000);
    afterAll(async () => {
      await t?.close();
      await drop?.();
    }, DB_TIMEOUT_MS);

    const mail = () => {
      if (!(t.app.mail instanceof OutboxMailAdapter)) throw new Error('tests need the outbox mail adapter');
      return t.app.mail;
    };

    /** Every admin call of D-11 and D-18, as `headers`: their status codes. */
    async function adminStatuses(headers: Record<string, string>) {
      const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
        t.app.inject({ method, url, headers, ...(payload && { payload }) }).then((r) => r.statusCode);
      return {
        getAllUsers: await inject('GET', '/api/user/getAllUsers'),
        adminUsers: await inject('GET', '/api/admin/users'),
        idImage: await inject('GET', `/api/admin/users/${target._id}/id-images/0`),
        badges: await inject('PATCH', `/api/admin/users/${target._id}`, { vip: true }),
        markSubscriptionPaid: await inject('POST', '/api/admin/markSubscriptionPaid', {
          user_id: target._id,
          reference: 'OM-123456',
        }),
      };
    }
    const ALL_403 = { getAllUsers: 403, adminUsers: 403, idImage: 403, badges: 403, markSubscriptionPaid: 403 };
    const ALL_200 = { getAllUsers: 200, adminUsers: 200, idImage: 200, badges: 200, markSubscriptionPaid: 200 };

    it('gives no admin rights to whoever registers and signs in with an ADMIN_EMAILS address', async () => {
      const squatter = await signedUp(t.app, { email: BOSS });
      expect(squatter.user).toMatchObject({ email: BOSS, admin: false, email_verified: false });
      expect(await adminStatuses(squatter.headers)).toEqual(ALL_403);
      // Signing in again does not grant it either.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: BOSS, password: squatter.account.password },
      });
      expect(login.json().data.user).toMatchObject({ admin: false });
      expect(await adminStatuses({ 'access-token': login.json().data.auth_key })).toEqual(ALL_403);
      // Nothing the refused calls aimed at changed.
      const [row] = await t.app.database.db.select().from(users).where(eq(users.id, target._id));
      expect(row).toMatchObject({ vip: false, verified: false });
      const paid = await t.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, target._id));
      expect(paid).toEqual([]);
    });

    it('makes an admin once the code mailed to the address proves it, in the user’s language', async () => {
      const boss = await signedUp(t.app, { email: 'other-boss@example.org', firstName: 'Awa' });
      await t.app.inject({ url: `/api/user/addNotiLanguage?_id=${boss.user._id}&noti_lan=fr`, headers: boss.headers });
      const sent = await t.app.inject({ method: 'POST', url: '/api/user/email/send-code', headers: boss.headers });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ data: { sent: true } });
      const letter = mail().lastTo('other-boss@example.org');
      expect(letter?.subject).toBe('Confirmez votre adresse courriel');
      expect(letter?.text).toMatch(/^Bonjour Awa,\n\n\d{6} est votre code pour confirmer cette adresse courriel/);

      const wrong = lastMailCode(t.app, 'other-boss@example.org') === '000000' ? '111111' : '000000';
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/user/email/verify',
        headers: boss.headers,
        payload: { code: wrong },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 'CODE_INVALID', message: 'Invalid code' });
      expect(await adminStatuses(boss.headers)).toEqual(ALL_403);

      const proven = await t.app.inject({
        method: 'POST',
        url: '/api/user/email/verify',
        headers: boss.headers,
        payload: { code: lastMailCode(t.app, 'other-boss@example.org') },
      });
      expect(proven.statusCode).toBe(200);
      expect(proven.json().data).toMatchObject({ admin: true, email_verified: true });
      // The same session now has the rights: the database says so on every call.
      expect(await adminStatuses(boss.headers)).toEqual(ALL_200);
      const again = await t.app.inject({ method: 'POST', url: '/api/user/email/send-code', headers: boss.headers });
      expect(again.json()).toEqual({ data: { sent: false } });
    });

    it('writes the English text to an English-speaking user', async () => {
      const me = await signedUp(t.app, { firstName: 'Moussa' });
      await t.app.inject({ method: 'POST', url: '/api/user/email/send-code', headers: me.headers });
      const letter = mail().lastTo(me.account.email as string);
      expect(letter?.subject).toBe('Confirm your e-mail address');
      expect(letter?.text).toMatch(/^Hello Moussa,\n\n\d{6} is your code to confirm this e-mail address/);
    });

    it('locks a code after 5 wrong tries and sends at most 3 codes per 15 minutes', async () => {
      const me = await signedUp(t.app);
      const headers = me.headers;
      const verify = (code: string) =>
        t.app.inject({ method: 'POST', url: '/api/user/email/verify', headers, payload: { code } });
      expect((await verify('123456')).json().code).toBe('CODE_INVALID');
      await t.app.inject({ method: 'POST', url: '/api/user/email/send-code', headers });
      const right = lastMailCode(t.app, me.account.email as string);
      const wrong = right === '000000' ? '111111' : '000000';
      const codes: string[] = [];
      for (let i = 0; i < 5; i++) codes.push((await verify(wrong)).json().code);
      expect(codes).toEqual(['CODE_INVALID', 'CODE_INVALID', 'CODE_INVALID', 'CODE_INVALID', 'CODE_LOCKED']);
      const locked = await verify(right);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('CODE_LOCKED');
      expect((await t.app.inject({ url: '/api/user/me', headers })).json().data.email_verified).toBe(false);

      const sends: number[] = [];
      for (let i = 0; i < 3; i++) {
        sends.push((await t.app.inject({ method: 'POST', url: '/api/user/email/send-code', headers })).statusCode);
      }
      expect(sends).toEqual([200, 200, 429]);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/user/email/verify', payload: { code: right } })).statusCode,
      ).toBe(401);
    });

    it('does not hand the rights of a deleted admin to the next registrant of the address', async () => {
      // BOSS was squatted in the first test; that account is deleted, the real admin proves it...
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: BOSS, password: 'correct horse 1' },
      });
      const squatter = { 'access-token': login.json().data.auth_key as string };
      const squatterId = login.json().data.user._id as string;
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/user/${squatterId}`, headers: squatter })).statusCode,
      ).toBe(204);
      const real = await signedUp(t.app, { email: BOSS });
      expect(real.user.admin).toBe(false);
      expect(await proveEmail(t.app, real.headers)).toMatchObject({ admin: true, email_verified: true });
      expect(await adminStatuses(real.headers)).toEqual(ALL_200);

      // ...and then leaves: whoever registers the address next is no admin until they prove it.
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/user/${real.user._id}`, headers: real.headers })).statusCode,
      ).toBe(204);
      const next = await signedUp(t.app, { email: BOSS });
      expect(next.user).toMatchObject({ admin: false, email_verified: false });
      expect(await adminStatuses(next.headers)).toEqual(ALL_403);
    });

    it('makes an admin of an ADMIN_PHONES number, which registration proves by its SMS code', async () => {
      const boss = await signedUp(t.app, { mobile_no: PHONE_BOSS });
      expect(boss.user).toMatchObject({ mobile_no: PHONE_BOSS, admin: true, email_verified: false });
      expect(await adminStatuses(boss.headers)).toEqual(ALL_200);
    });
  });
}
