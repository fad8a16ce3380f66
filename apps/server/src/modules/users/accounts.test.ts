// The user/* calls of API.md through the real app, with their codes and SPEC's texts.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { lastCode, multipart, newAccount, photoWithGps, signedUp, verifiedToken } from '../../../test/accounts.js';
import { usersTestApp } from '../../../test/users-suite.js';

const suite = usersTestApp();
const { post } = suite;

describe('registration', () => {
  it('registers a withOutID account after the SMS code, normalising the number to E.164', async () => {
    const account = newAccount({ mobile_no: '+221 77 987 65 43', email: '  Fatou@Example.ORG ' });
    const token = await verifiedToken(suite.t.app, '+221779876543');
    const res = await post('/api/user/register', { new_user: { ...account, verification_token: token } });
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user).toMatchObject({
      email: 'fatou@example.org',
      mobile_no: '+221779876543',
      country: 'SN',
      identity_flag: false,
      admin: false,
    });
    expect(JSON.stringify(user)).not.toMatch(/password|argon2|auth_key/i);
  });

  it('answers 409 "User already exist" for a taken number and for a taken e-mail', async () => {
    const { account } = await signedUp(suite.t.app);
    const sameNumber = await post('/api/user/sendMessage', { mobile_no: account.mobile_no });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json()).toEqual({ code: 'USER_EXISTS', message: 'User already exist' });
    const sameEmail = await post('/api/user/sendMessage', {
      mobile_no: '+221770000999',
      email: account.email.toUpperCase(),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('User already exist');
  });

  it('answers 401 "Invalid number or Email" to a token that does not prove this number', async () => {
    const proven = newAccount();
    const token = await verifiedToken(suite.t.app, proven.mobile_no);
    const other = newAccount();
    const res = await post('/api/user/register', { new_user: { ...other, verification_token: token } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INVALID_NUMBER_OR_EMAIL', message: 'Invalid number or Email' });
    const made = await post('/api/user/login', { email: other.email, password: other.password });
    expect(made.statusCode).toBe(401);
  });

  it('uses a verification token once, and only for the purpose it was issued for', async () => {
    const account = newAccount();
    const token = await verifiedToken(suite.t.app, account.mobile_no);
    const reset = await suite.t.app.inject({
      method: 'PUT',
      url: '/api/user/updatePassword',
      payload: { mobile_no: account.mobile_no, password: 'another pass 2', verification_token: token },
    });
    expect(reset.statusCode).toBe(401);
    const first = await post('/api/user/register', { new_user: { ...account, verification_token: token } });
    expect(first.statusCode).toBe(201);
    const again = await post('/api/user/register', {
      new_user: { ...account, email: 'x' + account.email, mobile_no: account.mobile_no, verification_token: token },
    });
    expect(again.statusCode).toBe(409);
  });

  it('registers a withID account with ID images: identity_flag true, images re-encoded without GPS', async () => {
    const account = newAccount({ account_type: 'withID', lastName: 'Diop', physical_address: 'Rue 10, Dakar' });
    const token = await verifiedToken(suite.t.app, account.mobile_no);
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const form = multipart([
      { name: 'new_user', value: JSON.stringify({ ...account, verification_token: token }) },
      { name: 'files', value: photo, filename: 'id.jpg', type: 'image/jpeg' },
    ]);
    const res = await suite.t.app.inject({ method: 'POST', url: '/api/user/register', ...form });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ identity_flag: true, lastName: 'Diop', physical_address: 'Rue 10, Dakar' });
    const stored = await suite.t.app.storage.get(
      (await suite.t.app.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, account.email) }))!
        .idImages[0]!,
    );
    const meta = await sharp(stored!.body).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it('keeps identity_flag false for a withID account without files, and drops ID fields for withOutID', async () => {
    const account = newAccount({ account_type: 'withOutID', lastName: 'Ignored' });
    const token = await verifiedToken(suite.t.app, account.mobile_no);
    const res = await post('/api/user/register', { new_user: { ...account, verification_token: token } });
    expect(res.json().data).toMatchObject({ identity_flag: false, lastName: null });
  });

  it('refuses a file that is not an image, and more than 4 images', async () => {
    const account = newAccount({ account_type: 'withID' });
    const token = await verifiedToken(suite.t.app, account.mobile_no);
    const body = JSON.stringify({ ...account, verification_token: token });
    const fake = multipart([
      { name: 'new_user', value: body },
      { name: 'files', value: Buffer.from('%PDF-1.4 not an image'), filename: 'id.jpg', type: 'image/jpeg' },
    ]);
    const res = await suite.t.app.inject({ method: 'POST', url: '/api/user/register', ...fake });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA');
    const photo = await photoWithGps();
    const five = multipart([
      { name: 'new_user', value: body },
      ...Array.from({ length: 5 }, (_, i) => ({
        name: 'files',
        value: photo,
        filename: `${i}.jpg`,
        type: 'image/jpeg',
      })),
    ]);
    const many = await suite.t.app.inject({ method: 'POST', url: '/api/user/register', ...five });
    expect(many.statusCode).toBe(400);
    expect(many.json().code).toBe('TOO_MANY_IMAGES');
  });

  it('validates fields with the field at fault', async () => {
    const res = await post('/api/user/register', {
      new_user: { ...newAccount(), password: 'short', verification_token: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('new_user.password');
  });
});

describe('SMS codes (D-10)', () => {
  it('sends a 6-digit code and refuses the fourth send to a number within 15 minutes', async () => {
    const mobile = newAccount().mobile_no;
    for (let i = 0; i < 3; i++)
      expect((await post('/api/user/sendMessage', { mobile_no: mobile })).statusCode).toBe(200);
    expect(lastCode(suite.t.app, mobile)).toMatch(/^\d{6}$/);
    const fourth = await post('/api/user/sendMessage', { mobile_no: mobile });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('RATE_LIMITED');
  });

  it("sends the code's SMS in the asking page's language only, naming the product in it (D-24)", async () => {
    const sms = (mobile: string) =>
      (suite.t.app.sms as unknown as { lastTo(m: string): { text: string } }).lastTo(mobile).text;
    const french = newAccount().mobile_no;
    await post('/api/user/sendMessage', { mobile_no: french, language: 'fr-ca' });
    expect(sms(french)).toMatch(/^Besoins & Offres\u00a0: \d{6} est votre code\. Il expire dans 10 minutes\.$/);
    const english = newAccount().mobile_no;
    await post('/api/user/sendMessage', { mobile_no: english, language: 'en-us' });
    expect(sms(english)).toMatch(/^Needs & Offers: \d{6} is your code\. It expires in 10 minutes\.$/);
    // A client that names no language: the browser's, as the page would be.
    const browser = newAccount().mobile_no;
    await post('/api/user/sendMessage', { mobile_no: browser }, { 'accept-language': 'fr-SN,fr;q=0.9,en;q=0.5' });
    expect(sms(browser)).toContain('est votre code');
    expect(sms(browser)).not.toMatch(/is your code|Needs & Offers/);
  });

  it("sends a password reset's code in the account's own language", async () => {
    const { account } = await signedUp(suite.t.app, { language: 'fr-ca' });
    await post('/api/user/sendMessage', { mobile_no: account.mobile_no, forget_password: true, language: 'en-us' });
    expect(
      (suite.t.app.sms as unknown as { lastTo(m: string): { text: string } }).lastTo(account.mobile_no).text,
    ).toMatch(/^Besoins & Offres\u00a0: \d{6} est votre code/);
  });

  it('locks a code after five wrong tries, even for the right code afterwards', async () => {
    const mobile = newAccount().mobile_no;
    await post('/api/user/sendMessage', { mobile_no: mobile });
    const right = lastCode(suite.t.app, mobile);
    const wrong = right === '000000' ? '111111' : '000000';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await post('/api/user/codeValidation', { mobile_no: mobile, code: wrong, forget_password: false })).statusCode,
      );
    }
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    const late = await post('/api/user/codeValidation', { mobile_no: mobile, code: right, forget_password: false });
    expect(late.statusCode).toBe(429);
    expect(late.json().code).toBe('CODE_LOCKED');
  });

  it('lets 200 parallel guesses count at most 5 tries', async () => {
    const mobile = newAccount().mobile_no;
    await post('/api/user/sendMessage', { mobile_no: mobile });
    const right = lastCode(suite.t.app, mobile);
    const guesses = Array.from({ length: 200 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(
      guesses.map((code) => post('/api/user/codeValidation', { mobile_no: mobile, code, forget_password: false })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(0);
    const row = await suite.t.app.database.db.query.smsCodes.findFirst({
      where: (c, { eq }) => eq(c.mobileNo, mobile),
    });
    expect(row?.attempts).toBe(5);
  });

  it('verifies a code only for the purpose it was sent for', async () => {
    const { account } = await signedUp(suite.t.app);
    await post('/api/user/sendMessage', { mobile_no: account.mobile_no, forget_password: true });
    const code = lastCode(suite.t.app, account.mobile_no);
    const asRegister = await post('/api/user/codeValidation', {
      mobile_no: account.mobile_no,
      code,
      forget_password: false,
    });
    expect(asRegister.statusCode).toBe(400);
    const asForgot = await post('/api/user/codeValidation', {
      mobile_no: account.mobile_no,
      code,
      forget_password: true,
    });
    expect(asForgot.statusCode).toBe(200);
  });
});

describe('sign-in and sessions (D-9)', () => {
  it('signs in with the e-mail or the phone number however it is written', async () => {
    const { account } = await signedUp(suite.t.app);
    const byPhone = await post('/api/user/login', {
      email: account.mobile_no.replace('+', '00'),
      password: account.password,
    });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().data.auth_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const byEmail = await post('/api/user/login', {
      email: ` ${account.email.toUpperCase()} `,
      password: account.password,
    });
    expect(byEmail.statusCode).toBe(200);
  });

  it('answers 401 INVALID_CREDENTIALS to a wrong password or an unknown account, alike', async () => {
    const { account } = await signedUp(suite.t.app);
    const wrong = await post('/api/user/login', { email: account.email, password: 'wrong password' });
    const unknown = await post('/api/user/login', { email: 'nobody@example.org', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('answers 401, not 500, for an account whose stored password is not a hash (demo accounts without sign-in)', async () => {
    const { users } = await import('../../db/schema.js');
    const { NO_LOGIN_PASSWORD_HASH } = await import('../../db/seed.js');
    await suite.t.app.database.db.insert(users).values({
      firstName: 'Demo',
      email: 'no-login@example.org',
      mobileNo: '+221770009999',
      passwordHash: NO_LOGIN_PASSWORD_HASH,
    });
    const res = await post('/api/user/login', { email: 'no-login@example.org', password: NO_LOGIN_PASSWORD_HASH });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it("makes an older release's password hash anew at the next sign-in, and the password still works", async () => {
    const argon2 = (await import('@node-rs/argon2')).default;
    const { eq } = await import('drizzle-orm');
    const { users } = await import('../../db/schema.js');
    const { db } = suite.t.app.database;
    const { account } = await signedUp(suite.t.app);
    // argon2id (algorithm 2) with OWASP's 19 MiB × 2.
    const older = await argon2.hash(account.password, { algorithm: 2 as never, memoryCost: 19456, timeCost: 2 });
    await db.update(users).set({ passwordHash: older }).where(eq(users.email, account.email));
    const stored = async () => (await db.select().from(users).where(eq(users.email, account.email)))[0]!.passwordHash!;

    expect((await post('/api/user/login', { email: account.email, password: account.password })).statusCode).toBe(200);
    const renewed = await stored();
    expect(renewed).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect((await post('/api/user/login', { email: account.email, password: account.password })).statusCode).toBe(200);
    // Made once: the next sign-in keeps it.
    expect(await stored()).toBe(renewed);
    expect((await post('/api/user/login', { email: account.email, password: 'wrong password' })).statusCode).toBe(401);
  });

  it('ends the first session when the user signs in again: its key answers 401 Authentication failed', async () => {
    const { account, headers } = await signedUp(suite.t.app);
    expect((await suite.t.app.inject({ url: '/api/user/me', headers })).statusCode).toBe(200);
    await post('/api/user/login', { email: account.email, password: account.password });
    const stale = await suite.t.app.inject({ url: '/api/user/me', headers });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ code: 'AUTH_FAILED', message: 'Authentication failed' });
  });

  it('limits sign-in attempts per account: after 10 wrong ones in 15 minutes even the right password waits', async () => {
    const { account } = await signedUp(suite.t.app); // its sign-in, a right one, does not count
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await post('/api/user/login', { email: account.email, password: 'nope nope' })).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await post('/api/user/login', { email: account.mobile_no, password: account.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });

  it('counts wrong passwords sent at once: of 15 in flight together, 10 are checked and 5 refused', async () => {
    const { account } = await signedUp(suite.t.app);
    const attempts = await Promise.all(
      Array.from({ length: 15 }, () => post('/api/user/login', { email: account.email, password: 'nope nope' })),
    );
    const codes = attempts.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    expect((await post('/api/user/login', { email: account.email, password: account.password })).statusCode).toBe(429);
  });

  it('clears the count on the right password: the owner who mistypes now and then is never locked out', async () => {
    const { account } = await signedUp(suite.t.app);
    const wrong = () => post('/api/user/login', { email: account.email, password: 'nope nope' });
    for (let round = 0; round < 2; round++) {
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) statuses.push((await wrong()).statusCode);
      expect(statuses).toEqual(Array(9).fill(401));
      const right = await post('/api/user/login', { email: account.email, password: account.password });
      expect(right.statusCode).toBe(200);
    }
    expect((await wrong()).statusCode).toBe(401);
  });

  it('does not let one address lock the owner out: wrong passwords from A stop A only', async () => {
    const { account } = await signedUp(suite.t.app); // signed in from 127.0.0.1
    const from = (remoteAddress: string, password: string) =>
      suite.t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress,
        payload: { email: account.email, password },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await from('198.51.100.7', 'nope nope')).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    // The attacker's address is limited, even with the right password...
    const attacker = await from('198.51.100.7', account.password);
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().code).toBe('RATE_LIMITED');
    // ...while the owner, from their own address, signs in.
    const owner = await from('203.0.113.20', account.password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user.email).toBe(account.email);
  });
});

describe('forgot password', () => {
  it('resets the password with the forgot code, ends the session, and the old password stops working', async () => {
    const { account, headers } = await signedUp(suite.t.app);
    const token = await verifiedToken(suite.t.app, account.mobile_no, true);
    const res = await suite.t.app.inject({
      method: 'PUT',
      url: '/api/user/updatePassword',
      payload: { mobile_no: account.mobile_no, password: 'brand new pass', verification_token: token },
    });
    expect(res.statusCode).toBe(204);
    expect((await suite.t.app.inject({ url: '/api/user/me', headers })).statusCode).toBe(401);
    expect((await post('/api/user/login', { email: account.email, password: account.password })).statusCode).toBe(401);
    expect((await post('/api/user/login', { email: account.email, password: 'brand new pass' })).statusCode).toBe(200);
  });

  it('refuses updatePassword without a verified code', async () => {
    const { account } = await signedUp(suite.t.app);
    const res = await suite.t.app.inject({
      method: 'PUT',
      url: '/api/user/updatePassword',
      payload: { mobile_no: account.mobile_no, password: 'brand new pass', verification_token: 'made-up-token' },
    });
    expect(res.statusCode).toBe(401);
    expect((await post('/api/user/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('sends no code to an unknown number but answers the same', async () => {
    const mobile = newAccount().mobile_no;
    const res = await post('/api/user/sendMessage', { mobile_no: mobile, forget_password: true });
    expect(res.statusCode).toBe(200);
    expect(() => lastCode(suite.t.app, mobile)).toThrow();
  });
});
