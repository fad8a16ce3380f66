import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifiedToken } from '../../../test/accounts.js';
import { users } from '../../db/schema.js';
import { ADMIN_EMAIL, ADMIN_PHONE, socialTestApp } from '../../../test/social-suite.js';

/** A verification token that the completion never reaches: a field or a taken contact stops it first. */
const NOT_REACHED = 'not-reached';

const suite = socialTestApp();
const { unique, googleSignIn, facebookSignIn, loginVia, passwordUser, complete, logout } = suite;

describe('PUT /api/user/register-via-fb/:userId', () => {
  async function newSocialUser() {
    const sub = unique('g');
    const { data } = (await loginVia('google', await googleSignIn({ sub, given_name: 'Oumar' }))).json();
    return { id: data.user._id as string, key: data.auth_key as string, sub };
  }

  it('answers 401 without a key and 403 for somebody else’s id', async () => {
    const me = await newSocialUser();
    const other = await newSocialUser();
    expect(
      (await complete(me.id, undefined, { mobile_no: '+221771000001', country: 'SN', verification_token: NOT_REACHED }))
        .statusCode,
    ).toBe(401);
    const res = await complete(other.id, me.key, {
      email: 'x@example.org',
      mobile_no: '+221771000001',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('shows "User already exists." when the e-mail or the number is taken', async () => {
    const ownerEmail = `${unique('taken')}@example.org`;
    await passwordUser(ownerEmail, '+221771234567');
    const me = await newSocialUser();

    const email = await complete(me.id, me.key, {
      email: ownerEmail.toUpperCase(),
      mobile_no: '+221 77 000 11 22',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ code: 'USER_EXISTS', message: 'User already exists.' });

    // The same number written another way is the same number.
    const mobile = await complete(me.id, me.key, {
      email: `${unique('free')}@example.org`,
      mobile_no: '00221 77 123 45 67',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(mobile.statusCode).toBe(409);
    expect(mobile.json()).toEqual({ code: 'USER_EXISTS', message: 'User already exists.' });
  });

  it('answers 400 with fields.mobile_no for an invalid number and fields.email when none is known', async () => {
    const me = await newSocialUser();
    const bad = await complete(me.id, me.key, {
      email: `${unique('v')}@example.org`,
      mobile_no: '+221 12',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', fields: { mobile_no: expect.any(String) } });

    const noEmail = await complete(me.id, me.key, {
      mobile_no: '+221 77 555 00 01',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 'VALIDATION', fields: { email: 'Required' } });
  });

  it('stores the number in E.164, and the next sign-in no longer needs completion', async () => {
    const me = await newSocialUser();
    const email = `${unique('done')}@example.org`;
    const digits = String(Date.now()).slice(-7);
    const mobile = `+221 76 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
    const verification_token = await verifiedToken(suite.t.app, mobile.replaceAll(' ', ''));
    const res = await complete(me.id, me.key, {
      email: ` ${email.toUpperCase()} `,
      mobile_no: mobile,
      country: 'sn',
      verification_token,
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({ _id: me.id, email, country: 'SN', google_auth: true });
    expect(user.mobile_no).toBe(mobile.replaceAll(' ', ''));
    expect(user).not.toHaveProperty('password_hash');

    const next = (await loginVia('google', await googleSignIn({ sub: me.sub, given_name: 'Oumar' }))).json().data;
    expect(next.user._id).toBe(me.id);
    expect(next.needs_completion).toBe(false);
  });

  it('does not let completion change an e-mail the account already has', async () => {
    const sub = unique('g');
    const own = `${sub}@gmail.example`;
    const { data } = (
      await loginVia('google', await googleSignIn({ sub, email: own, email_verified: true, given_name: 'Penda' }))
    ).json();
    const res = await complete(data.user._id, data.auth_key, {
      email: `${unique('other')}@example.org`,
      mobile_no: '+221 77 999 00 01',
      country: 'SN',
      verification_token: NOT_REACHED,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Already set' });
  });

  // Before, completion took any number, so anyone could squat a real person's
  // number (who then got USER_EXISTS at registration).
  it('refuses a number without its SMS code with 401 "Invalid number or Email", and the number stays free', async () => {
    const me = await newSocialUser();
    const victim = `+22176${String(Date.now()).slice(-7)}`;
    const body = { email: `${unique('squat')}@example.org`, mobile_no: victim, country: 'SN' };
    for (const verification_token of ['forged-token', await verifiedToken(suite.t.app, '+221701234500')]) {
      const res = await complete(me.id, me.key, { ...body, verification_token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'INVALID_NUMBER_OR_EMAIL', message: 'Invalid number or Email' });
    }
    const [row] = await suite.t.app.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ mobileNo: null, email: null, country: null });
    // The number's owner still registers with it.
    const sent = await suite.t.app.inject({
      method: 'POST',
      url: '/api/user/sendMessage',
      payload: { mobile_no: victim },
    });
    expect(sent.statusCode).toBe(200);
    const again = (await loginVia('google', await googleSignIn({ sub: me.sub, given_name: 'Oumar' }))).json().data;
    expect(again.needs_completion).toBe(true);
  });

  it('takes a proven number once: the same token does not complete a second account', async () => {
    const first = await newSocialUser();
    const second = await newSocialUser();
    const mobile = `+22178${String(Date.now()).slice(-7)}`;
    const verification_token = await verifiedToken(suite.t.app, mobile);
    const body = { mobile_no: mobile, country: 'SN', verification_token };
    const ok = await complete(first.id, first.key, { ...body, email: `${unique('a')}@example.org` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ mobile_no: mobile, admin: false, email_verified: false });
    // The number is now taken (409); a fresh number with the spent token is refused (401).
    const other = `+22178${String(Date.now() + 1).slice(-7)}`;
    const replay = await complete(second.id, second.key, {
      ...body,
      mobile_no: other,
      email: `${unique('b')}@example.org`,
    });
    expect(replay.statusCode).toBe(401);
  });

  it('makes an admin of a proven ADMIN_PHONES number, never of an ADMIN_EMAILS address given here', async () => {
    const byEmail = await newSocialUser();
    const mobile = `+22177${String(Date.now()).slice(-7)}`;
    const res = await complete(byEmail.id, byEmail.key, {
      email: ADMIN_EMAIL,
      mobile_no: mobile,
      country: 'SN',
      verification_token: await verifiedToken(suite.t.app, mobile),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: ADMIN_EMAIL, admin: false, email_verified: false });
    const headers = { 'access-token': byEmail.key };
    expect((await suite.t.app.inject({ url: '/api/user/getAllUsers', headers })).statusCode).toBe(403);

    const byPhone = await newSocialUser();
    const proven = await complete(byPhone.id, byPhone.key, {
      email: `${unique('phone-boss')}@example.org`,
      mobile_no: '+221 70 111 22 33',
      country: 'SN',
      verification_token: await verifiedToken(suite.t.app, ADMIN_PHONE),
    });
    expect(proven.statusCode).toBe(200);
    expect(proven.json().data).toMatchObject({ mobile_no: ADMIN_PHONE, admin: true });
    const list = await suite.t.app.inject({ url: '/api/user/getAllUsers', headers: { 'access-token': byPhone.key } });
    expect(list.statusCode).toBe(200);
    const again = (await loginVia('google', await googleSignIn({ sub: byPhone.sub, given_name: 'Oumar' }))).json();
    expect(again.data.user.admin).toBe(true);
  });

  it('takes back at sign-in the admin flag of an account that proved nothing (rows from before admins had to prove their address)', async () => {
    const sub = unique('g');
    const email = ADMIN_EMAIL.replace('@', '+old@');
    const first = (await loginVia('google', await googleSignIn({ sub, email, email_verified: true }))).json().data;
    await suite.t.app.database.db.update(users).set({ admin: true }).where(eq(users.id, first.user._id));
    const next = (await loginVia('google', await googleSignIn({ sub, email, email_verified: true }))).json().data;
    expect(next.user.admin).toBe(false);
    const res = await suite.t.app.inject({ url: '/api/user/getAllUsers', headers: { 'access-token': next.auth_key } });
    expect(res.statusCode).toBe(403);
  });
});

describe('one session per user (D-9)', () => {
  it('ends the first session when loginVia signs the same user in again', async () => {
    const profile = { id: unique('fb'), first_name: 'Rokhaya' };
    const first = (await loginVia('facebook', await facebookSignIn(profile))).json().data;
    const second = (await loginVia('facebook', await facebookSignIn(profile))).json().data;
    expect(second.user._id).toBe(first.user._id);

    const old = await logout(first.auth_key);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ code: 'AUTH_FAILED', message: 'Authentication failed' });
    expect((await logout(second.auth_key)).statusCode).toBe(204);
  });
});

describe('OpenAPI', () => {
  it('documents the social sign-in calls', async () => {
    const doc = (await suite.t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/{provider}',
        '/api/auth/{provider}/callback',
        '/api/user/loginVia/{provider}',
        '/api/user/register-via-fb/{userId}',
      ]),
    );
  });
});
