// Accounts: registration, sign-in, password reset, profile, deletion and admin views.
import { randomBytes, randomUUID } from 'node:crypto';
import countries from 'i18n-iso-countries';
import { TRIAL_DAYS, type Language, type NewUser } from '@app/shared';
import type { StorageAdapter } from '../../adapters/storage/storage-adapter.js';
import { AppError } from '../../lib/app-error.js';
import { reencodeImage } from '../../lib/images.js';
import { looksLikeEmail, normalizeMobile } from '../../lib/phone.js';
import type { SessionUser as Caller, SessionsService } from '../sessions/service.js';
import type { Db } from '../../db/client.js';
import type { SmsAdapter } from '../../adapters/sms/sms-adapter.js';
import type { MailAdapter } from '../../adapters/mail/mail-adapter.js';
import { isAdmin, type Admins } from './admin-rule.js';
import { emailVerificationService, type EmailVerificationService } from './email-verification.js';
import { codesRepository, emailCodesRepository, usersRepository, type UsersRepository } from './repository.js';
import { hashPassword, needsNewHash, verifyPassword } from './password-hash.js';
import { toUser } from './user-record.js';
import { verificationService, type VerificationService } from './verification.js';

interface Deps {
  users: UsersRepository;
  verification: VerificationService;
  emailVerification: EmailVerificationService;
  sessions: SessionsService;
  storage: StorageAdapter;
  admins: Admins;
  /** D-34: ends the account's requests and deals, telling the other parties (modules/deals). */
  endDeals: (userId: string) => Promise<void>;
  now: () => Date;
}

const DAY_MS = 86_400_000;

// Verified when an account has no password, so a miss costs as long as a wrong password.
const DUMMY_HASH = hashPassword(randomBytes(16).toString('hex'));

export function mobileOrFail(input: string): string {
  const mobile = normalizeMobile(input);
  if (!mobile) throw new AppError('VALIDATION', 'Invalid phone number', { mobile_no: 'Invalid phone number' });
  return mobile;
}

function countryOrFail(code: string): string {
  if (!countries.isValid(code)) throw new AppError('VALIDATION', 'Unknown country', { country: 'Unknown country' });
  return code;
}

/** API.md: `user_id` must be the caller's own id (admins excepted where stated). */
export function assertSelf(caller: Caller, userId: string): void {
  if (caller.userId !== userId) throw new AppError('FORBIDDEN');
}

export const idImageUrl = (userId: string, index: number) => `/api/admin/users/${userId}/id-images/${index}`;

export function usersService(deps: Deps) {
  const { users, verification, emailVerification, sessions, storage, admins, endDeals, now } = deps;

  /** What an identifier typed in a sign-in names: an e-mail (lower case) or a phone number, or neither. */
  const namedBy = (identifier: string) => {
    const text = identifier.trim();
    const email = looksLikeEmail(text) ? text.toLowerCase() : null;
    return { text, email, mobile: email ? null : normalizeMobile(text) };
  };
  const findAccount = async (identifier: string) => {
    const { email, mobile } = namedBy(identifier);
    return (email || mobile ? await users.findByEmailOrMobile(email, mobile) : undefined) ?? null;
  };

  const record = async (row: Parameters<typeof toUser>[0]) => toUser(row, await users.subscriptionState(row.id, now()));

  async function load(userId: string) {
    const row = await users.findById(userId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    /** The account an e-mail or a phone number names, read as a sign-in reads it (null: none). */
    findAccount,

    /**
     * The rate-limit key of a sign-in or reset: the account itself, however it is named; `account`
     * is what findAccount(identifier) found.
     */
    accountKey(identifier: string, account: Account | null): string {
      if (account) return `user:${account.id}`;
      const { text, email, mobile } = namedBy(identifier);
      return `name:${email ?? mobile ?? text}`;
    },

    /** `language`: the asking page's (D-24); a known account's own choice wins for a reset. */
    async sendCode(
      input: { mobile_no: string; email?: string | undefined; forget_password: boolean },
      language: Language,
    ) {
      const mobile = mobileOrFail(input.mobile_no);
      const existing = await users.findByEmailOrMobile(input.email ?? null, mobile);
      const asked = language === 'fr-ca' ? 'fr' : 'en';
      if (!input.forget_password) {
        if (existing) throw new AppError('USER_EXISTS');
        await verification.send(mobile, 'register', asked);
      } else if (existing?.mobileNo === mobile) {
        await verification.send(mobile, 'forgot', existing.language);
      }
      // For an unknown number nothing is sent, and the answer is the same: no account discovery.
    },

    async checkCode(input: { mobile_no: string; code: string; forget_password: boolean }) {
      return verification.check(
        mobileOrFail(input.mobile_no),
        input.forget_password ? 'forgot' : 'register',
        input.code,
      );
    },

    async register(input: NewUser, idFiles: Buffer[]) {
      const mobile = mobileOrFail(input.mobile_no);
      const country = countryOrFail(input.country);
      if (await users.findByEmailOrMobile(input.email, mobile)) throw new AppError('USER_EXISTS');
      const withId = input.account_type === 'withID';
      // Images are checked before the single-use token is spent: a refused file must not cost
      // the user a new SMS code (uploads.test.ts).
      const images = withId
        ? await Promise.all(idFiles.map((f) => reencodeImage(f, { width: 1600, height: 1600, fit: 'inside' })))
        : [];
      if (!(await verification.useToken(mobile, 'register', input.verification_token))) {
        throw new AppError('INVALID_NUMBER_OR_EMAIL');
      }
      const id = randomUUID();
      // The token just proved the number; the e-mail is proven later, by a code sent to it.
      const proven = { email: input.email, emailVerifiedAt: null, mobileNo: mobile, mobileVerifiedAt: now() };
      const keys = images.map((_, i) => `id-images/${id}/${i}-${randomBytes(6).toString('hex')}.webp`);
      await Promise.all(images.map((body, i) => storage.put(keys[i]!, body, 'image/webp')));
      try {
        const row = await users.insert({
          id,
          firstName: input.firstName,
          lastName: withId ? (input.lastName ?? null) : null,
          email: input.email,
          mobileNo: mobile,
          country,
          physicalAddress: withId ? (input.physical_address ?? null) : null,
          passwordHash: await hashPassword(input.password),
          idImages: keys,
          // SPEC 5: identity_flag only when an ID file came.
          identityFlag: keys.length > 0,
          mobileVerifiedAt: proven.mobileVerifiedAt,
          // An admin address alone is not enough (admin-rule.ts).
          admin: isAdmin(proven, admins),
          // D-24: SMS, push and e-mail go out in the language the user registered in.
          language: input.language === 'fr-ca' ? 'fr' : 'en',
        });
        return toUser(row);
      } catch (error) {
        await Promise.all(keys.map((k) => storage.delete(k)));
        // A parallel registration of the same e-mail or number won the race.
        if (
          (error as { cause?: { code?: string }; code?: string }).cause?.code === '23505' ||
          (error as { code?: string }).code === '23505'
        ) {
          throw new AppError('USER_EXISTS');
        }
        throw error;
      }
    },

    /**
     * A sign-in's password check: the account it names, or INVALID_CREDENTIALS (a wrong password
     * and an unknown account take the same time and get the same refusal), then ACCOUNT_BLOCKED.
     * `account`: findAccount(input.email), when the caller has it already (the sign-in's failure
     * limiter read it): the same read is not made twice.
     */
    async checkPassword(
      input: { email: string; password: string },
      account: Promise<Account | null> = findAccount(input.email),
    ): Promise<Account> {
      const row = await account;
      // A stored value that is not an argon2 hash (an account that cannot sign in with a password)
      // is checked against the dummy hash: same time, same refusal.
      const stored = row?.passwordHash?.startsWith('$argon2') ? row.passwordHash : await DUMMY_HASH;
      const ok = (await verifyPassword(stored, input.password)) && stored === row?.passwordHash;
      if (!row?.passwordHash || !ok) throw new AppError('INVALID_CREDENTIALS');
      // D-29: said only to who knows the password, so it tells a stranger nothing.
      if (row.blockedAt) throw new AppError('ACCOUNT_BLOCKED');
      return row;
    },

    /** D-9: the session of an account whose password checkPassword has just accepted; ends any other. */
    async startSession(row: Account, input: { password: string; device_token?: string | undefined }) {
      const admin = isAdmin(row, admins);
      const changes = {
        ...(admin === row.admin ? {} : { admin }),
        // D-8: while the password is known, a hash of an older release's settings is made anew.
        ...(row.passwordHash && needsNewHash(row.passwordHash)
          ? { passwordHash: await hashPassword(input.password) }
          : {}),
      };
      const current = Object.keys(changes).length === 0 ? row : ((await users.update(row.id, changes)) ?? row);
      // Side by side: the record reads nothing the new session changes.
      const [session, user] = await Promise.all([sessions.start(row.id, input.device_token), record(current)]);
      return { user, ...session };
    },

    async resetPassword(input: { mobile_no: string; password: string; verification_token: string }) {
      const mobile = mobileOrFail(input.mobile_no);
      if (!(await verification.useToken(mobile, 'forgot', input.verification_token))) {
        throw new AppError('INVALID_NUMBER_OR_EMAIL');
      }
      const row = await users.findByEmailOrMobile(null, mobile);
      if (!row) throw new AppError('INVALID_NUMBER_OR_EMAIL');
      await users.update(row.id, {
        passwordHash: await hashPassword(input.password),
        // The forgot-password code proved the number too.
        mobileVerifiedAt: row.mobileVerifiedAt ?? now(),
      });
      // A new password ends the session everywhere (D-9).
      await users.endSessions(row.id);
    },

    async me(caller: Caller) {
      return record(await load(caller.userId));
    },

    /** A code to the caller's own e-mail; false when it is proven already. */
    async sendEmailCode(caller: Caller): Promise<boolean> {
      const row = await load(caller.userId);
      if (!row.email) throw new AppError('VALIDATION', 'No e-mail to prove', { email: 'Required' });
      if (row.emailVerifiedAt) return false;
      await emailVerification.send({ id: row.id, email: row.email, firstName: row.firstName, language: row.language });
      return true;
    },

    /**
     * The right code proves the e-mail; only then may ADMIN_EMAILS make the
     * caller an admin.
     */
    async verifyEmail(caller: Caller, code: string) {
      const row = await load(caller.userId);
      // A proven address has no open code left: the same CODE_INVALID as a wrong code.
      if (!row.email) throw new AppError('CODE_INVALID');
      await emailVerification.check(row.id, row.email, code);
      const proven = await users.markEmailVerified(row.id, row.email, now());
      if (!proven) throw new AppError('CODE_INVALID');
      const admin = isAdmin(proven, admins);
      const current = admin === proven.admin ? proven : ((await users.update(proven.id, { admin })) ?? proven);
      return record(current);
    },

    /**
     * user/updateSubscription (SPEC 4, D-16): `true, false` starts the 90-day free trial, once ever
     * (409 TRIAL_USED after); `false, true` acknowledges a trial the server has ended and changes
     * nothing. The trial's end is judged on the server's clock each time the User is read.
     */
    async updateSubscription(caller: Caller, body: { user_id: string; status: boolean; trail_complete: boolean }) {
      assertSelf(caller, body.user_id);
      const row = await load(body.user_id);
      if (body.status && !body.trail_complete) {
        const start = now();
        const end = new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
        if (!(await users.startTrial(row.id, start, end))) throw new AppError('TRIAL_USED');
      } else if (body.status || !body.trail_complete) {
        throw new AppError('VALIDATION', 'Invalid input', {
          status: 'Start the trial with status true, trail_complete false',
        });
      }
      return record(row);
    },

    async updateCountry(caller: Caller, userId: string, country: string) {
      assertSelf(caller, userId);
      const row = await users.update(userId, { country: countryOrFail(country) });
      if (!row) throw new AppError('NOT_FOUND');
      return record(row);
    },

    async updateProfile(
      caller: Caller,
      userId: string,
      data: { physical_address?: string | undefined; country?: string | undefined; language?: 'en' | 'fr' | undefined },
      avatar: Buffer | undefined,
    ) {
      assertSelf(caller, userId);
      const before = await load(userId);
      // Checked before the avatar is stored: a refused update leaves no file behind.
      const country = data.country !== undefined ? countryOrFail(data.country) : undefined;
      let avatarKey: string | undefined;
      if (avatar) {
        const file = `${userId}-${randomBytes(6).toString('hex')}.webp`;
        const body = await reencodeImage(avatar, { width: 256, height: 256, fit: 'cover' });
        avatarKey = `avatars/${file}`;
        await storage.put(avatarKey, body, 'image/webp');
      }
      const profilePic = avatarKey && `/api/media/${avatarKey}`;
      let row;
      try {
        row = await users.update(userId, {
          ...(data.physical_address !== undefined && { physicalAddress: data.physical_address || null }),
          ...(country !== undefined && { country }),
          ...(data.language !== undefined && { language: data.language }),
          ...(profilePic && { profilePic }),
        });
      } catch (error) {
        if (avatarKey) await storage.delete(avatarKey);
        throw error;
      }
      if (profilePic && before.profilePic?.startsWith('/api/media/avatars/')) {
        await storage.delete(before.profilePic.slice('/api/media/'.length));
      }
      return record(row ?? before);
    },

    async setNotificationLanguage(caller: Caller, userId: string, language: 'en' | 'fr') {
      assertSelf(caller, userId);
      await users.update(userId, { language });
    },

    /** PUT /api/user/addNotiLanguage (D-24): the caller's own language, on every switch. */
    async setLanguage(caller: Caller, language: Language) {
      await users.update(caller.userId, { language: language === 'fr-ca' ? 'fr' : 'en' });
      return record(await load(caller.userId));
    },

    async deleteAccount(caller: Caller, userId: string) {
      assertSelf(caller, userId);
      const row = await load(userId);
      // D-34: before the posts go, so each other party is told which post their deal was on.
      await endDeals(userId);
      await users.erase(userId, now());
      const files = [...row.idImages, ...(row.profilePic?.startsWith('/api/media/') ? [row.profilePic.slice(11)] : [])];
      await Promise.all(files.map((k) => storage.delete(k)));
    },

    // D-11: admins only.
    async listForAdmin(caller: Caller) {
      if (!caller.admin) throw new AppError('FORBIDDEN');
      return (await users.listAll()).map((row) => ({
        _id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        mobile_no: row.mobileNo,
        identity_flag: row.identityFlag,
        verified: row.verified,
        vip: row.vip,
        id_images: row.idImages.map((_, i) => ({ url: idImageUrl(row.id, i) })),
      }));
    },

    async setFlags(
      caller: Caller,
      userId: string,
      flags: { verified?: boolean | undefined; vip?: boolean | undefined },
    ) {
      if (!caller.admin) throw new AppError('FORBIDDEN');
      // Nobody sets their own badges.
      if (caller.userId === userId) throw new AppError('FORBIDDEN');
      await load(userId);
      await users.update(userId, {
        ...(flags.verified !== undefined && { verified: flags.verified }),
        ...(flags.vip !== undefined && { vip: flags.vip }),
      });
      const list = await this.listForAdmin(caller);
      return list.find((u) => u._id === userId)!;
    },

    async idImage(caller: Caller, userId: string, index: number) {
      if (!caller.admin) throw new AppError('FORBIDDEN');
      const key = (await load(userId)).idImages[index];
      const file = key ? await storage.get(key) : null;
      if (!file) throw new AppError('NOT_FOUND');
      return file;
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
/** An account as a sign-in reads it (UsersService.findAccount). */
export type Account = NonNullable<Awaited<ReturnType<UsersRepository['findByEmailOrMobile']>>>;

/** Wires the service to its repositories (only repositories touch the database). */
export function buildUsersService(deps: {
  db: Db;
  sms: SmsAdapter;
  sessions: SessionsService;
  storage: StorageAdapter;
  mail: MailAdapter;
  admins: Admins;
  endDeals: (userId: string) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return usersService({
    users: usersRepository(deps.db),
    verification: verificationService(codesRepository(deps.db), deps.sms, now),
    emailVerification: emailVerificationService(emailCodesRepository(deps.db), deps.mail, now),
    sessions: deps.sessions,
    storage: deps.storage,
    admins: deps.admins,
    endDeals: deps.endDeals,
    now,
  });
}
