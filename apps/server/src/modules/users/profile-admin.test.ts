// The user/* calls of API.md through the real app, with their codes and SPEC's texts.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipart, newAccount, photoWithGps, proveEmail, signedUp, verifiedToken } from '../../../test/accounts.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { usersTestApp } from '../../../test/users-suite.js';

const suite = usersTestApp();
const { post } = suite;

describe('profile and ownership', () => {
  it("answers 403 to another user's user_id on every call that takes one", async () => {
    const me = await signedUp(suite.t.app);
    const other = await signedUp(suite.t.app);
    const calls = [
      suite.t.app.inject({
        method: 'PATCH',
        url: '/api/user/updateCountry',
        headers: me.headers,
        payload: { user_id: other.user._id, country: 'NE' },
      }),
      suite.t.app.inject({ url: `/api/user/addNotiLanguage?_id=${other.user._id}&noti_lan=fr`, headers: me.headers }),
      suite.t.app.inject({ method: 'DELETE', url: `/api/user/${other.user._id}`, headers: me.headers }),
      suite.t.app.inject({
        method: 'PUT',
        url: '/api/user/updateUser',
        ...(() => {
          const f = multipart([{ name: 'user_id', value: other.user._id }]);
          return { payload: f.payload, headers: { ...f.headers, ...me.headers } };
        })(),
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const after = await suite.t.app.inject({ url: '/api/user/me', headers: other.headers });
    expect(after.json().data.country).toBe('SN');
  });

  it('sets the country, the notification language and the avatar (re-encoded, no GPS)', async () => {
    const me = await signedUp(suite.t.app);
    const country = await suite.t.app.inject({
      method: 'PATCH',
      url: '/api/user/updateCountry',
      headers: me.headers,
      payload: { user_id: me.user._id, country: 'cd' },
    });
    expect(country.json().data.country).toBe('CD');
    const bad = await suite.t.app.inject({
      method: 'PATCH',
      url: '/api/user/updateCountry',
      headers: me.headers,
      payload: { user_id: me.user._id, country: 'XX' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await suite.t.app.inject({
          url: `/api/user/addNotiLanguage?_id=${me.user._id}&noti_lan=fr`,
          headers: me.headers,
        })
      ).statusCode,
    ).toBe(204);

    const form = multipart([
      { name: 'user_id', value: me.user._id },
      { name: 'update_data', value: JSON.stringify({ physical_address: 'Plateau, Dakar' }) },
      { name: 'files', value: await photoWithGps(), filename: 'me.jpg', type: 'image/jpeg' },
    ]);
    const res = await suite.t.app.inject({
      method: 'PUT',
      url: '/api/user/updateUser',
      payload: form.payload,
      headers: { ...form.headers, ...me.headers },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      language: 'fr',
      physical_address: 'Plateau, Dakar',
      country: 'CD',
      firstName: 'Aminata',
    });
    const avatar = await suite.t.app.inject(user.profile_pic);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/webp');
    const meta = await sharp(avatar.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([256, 256, undefined]);
  });

  it('refuses to change the read-only name, e-mail or mobile', async () => {
    const me = await signedUp(suite.t.app);
    const form = multipart([
      { name: 'user_id', value: me.user._id },
      { name: 'update_data', value: JSON.stringify({ email: 'thief@example.org' }) },
    ]);
    const res = await suite.t.app.inject({
      method: 'PUT',
      url: '/api/user/updateUser',
      payload: form.payload,
      headers: { ...form.headers, ...me.headers },
    });
    expect(res.statusCode).toBe(400);
  });

  it('deletes the account (D-12): contacts erased, session ended, sign-in refused', async () => {
    const me = await signedUp(suite.t.app);
    expect(
      (await suite.t.app.inject({ method: 'DELETE', url: `/api/user/${me.user._id}`, headers: me.headers })).statusCode,
    ).toBe(204);
    expect((await suite.t.app.inject({ url: '/api/user/me', headers: me.headers })).statusCode).toBe(401);
    expect((await post('/api/user/login', { email: me.account.email, password: me.account.password })).statusCode).toBe(
      401,
    );
    const row = await suite.t.app.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, me.user._id) });
    expect(row).toMatchObject({ email: null, mobileNo: null, passwordHash: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // The number can be used for a new account.
    expect((await post('/api/user/sendMessage', { mobile_no: me.account.mobile_no })).statusCode).toBe(200);
  });
});

describe('admins (D-11)', () => {
  it('answers 403 to getAllUsers and the admin views for a non-admin, 401 for a visitor', async () => {
    const me = await signedUp(suite.t.app);
    for (const url of ['/api/user/getAllUsers', '/api/admin/users']) {
      expect((await suite.t.app.inject({ url, headers: me.headers })).statusCode).toBe(403);
      expect((await suite.t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('lists users for an admin named in ADMIN_EMAILS who proved the address, without hashes or keys', async () => {
    await signedUp(suite.t.app);
    const boss = await signedUp(suite.t.app, { email: 'boss@example.org' });
    // The address alone is not enough (admin-proof.test.ts).
    expect(boss.user.admin).toBe(false);
    expect((await proveEmail(suite.t.app, boss.headers)).admin).toBe(true);
    const res = await suite.t.app.inject({ url: '/api/user/getAllUsers', headers: boss.headers });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows.length).toBeGreaterThan(2);
    expect(Object.keys(rows[0]).sort()).toEqual(['_id', 'email', 'firstName', 'mobile_no']);
    expect(res.body).not.toMatch(/argon2|password|auth_key/i);
  });

  it("lets an admin see a withID account's ID images and set its badges, but not their own", async () => {
    const boss = await signedUp(suite.t.app, { email: 'boss2@example.org' });
    // boss2 is not in ADMIN_EMAILS: promote through configuration, as an operator would.
    const admin = await buildTestApp({ ADMIN_EMAILS: 'boss2@example.org' });
    await admin.close();
    const account = newAccount({ account_type: 'withID' });
    const token = await verifiedToken(suite.t.app, account.mobile_no);
    const form = multipart([
      { name: 'new_user', value: JSON.stringify({ ...account, verification_token: token }) },
      { name: 'files', value: await photoWithGps(), filename: 'id.jpg', type: 'image/jpeg' },
    ]);
    const created = (await suite.t.app.inject({ method: 'POST', url: '/api/user/register', ...form })).json().data;

    const real = await signedUp(suite.t.app, { email: 'boss@example.org', mobile_no: undefined }).catch(() => null);
    const adminHeaders =
      real?.headers ??
      (await post('/api/user/login', { email: 'boss@example.org', password: 'correct horse 1' })).json().data;
    const headers = 'access-token' in adminHeaders ? adminHeaders : { 'access-token': adminHeaders.auth_key };
    const list = (await suite.t.app.inject({ url: '/api/admin/users', headers })).json().data;
    const row = list.find((u: { _id: string }) => u._id === created._id);
    expect(row).toMatchObject({
      identity_flag: true,
      verified: false,
      vip: false,
      id_images: [{ url: `/api/admin/users/${created._id}/id-images/0` }],
    });
    const image = await suite.t.app.inject({ url: row.id_images[0].url, headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await suite.t.app.inject({ url: row.id_images[0].url, headers: boss.headers })).statusCode).toBe(403);

    const set = await suite.t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${created._id}`,
      headers,
      payload: { verified: true, vip: true },
    });
    expect(set.json().data).toMatchObject({ verified: true, vip: true });
    const me = (await suite.t.app.inject({ url: '/api/user/me', headers })).json().data;
    const own = await suite.t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${me._id}`,
      headers,
      payload: { vip: true },
    });
    expect(own.statusCode).toBe(403);
  });
});

describe('per-address limits', () => {
  it('refuses the 31st SMS send from one address within 15 minutes, whatever the numbers', async () => {
    const fresh = await buildTestApp();
    await fresh.app.ready();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/user/sendMessage',
        payload: { mobile_no: newAccount().mobile_no },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    await fresh.close();
  });
});

describe('subscription state on the User record (D-16)', () => {
  it('shows a running trial with its dates, then trail_complete once it has ended', async () => {
    const me = await signedUp(suite.t.app);
    const { subscriptions } = await import('../../db/schema.js');
    const start = new Date();
    const end = new Date(start.getTime() + 90 * 24 * 3600 * 1000);
    await suite.t.app.database.db
      .insert(subscriptions)
      .values({ userId: me.user._id, kind: 'trial', status: 'active', startAt: start, endAt: end });
    const running = (await suite.t.app.inject({ url: '/api/user/me', headers: me.headers })).json().data.subscription;
    expect(running).toMatchObject({
      subscription_type: '90 days trail',
      subscription_flag: true,
      trail_complete: false,
      subscription_end_date: end.toISOString(),
    });

    const { eq } = await import('drizzle-orm');
    await suite.t.app.database.db
      .update(subscriptions)
      .set({ endAt: new Date(start.getTime() - 1000) })
      .where(eq(subscriptions.userId, me.user._id));
    const ended = (await suite.t.app.inject({ url: '/api/user/me', headers: me.headers })).json().data.subscription;
    expect(ended).toMatchObject({ subscription_flag: false, trail_complete: true });
  });
});
