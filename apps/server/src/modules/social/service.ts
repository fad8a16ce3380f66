// Social sign-in (SPEC 4, 7; API.md): the browser goes to the provider and back to our callback,
// which finds or creates the user and ends at /middleware with a one-time code. The web app
// trades that code for a session with loginVia: a key never travels in a URL (D-9). Social users
// then complete their account (SPEC 5) with register-via-fb.
//
// Against login CSRF, the flow is bound to the browser tab that started it, with no cookie. The
// tab keeps a random verifier in its sessionStorage and sends only its SHA-256 (`binding`) at the
// start; the binding is stored with the OAuth state, handed on to the one-time code, and loginVia
// needs the verifier. An attacker's code sent to a victim's browser meets another tab's verifier
// (or none) and is refused, so it never signs the victim into the attacker's account.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { generateCodeVerifier, generateState } from 'arctic';
import {
  emailSchema,
  type SocialProvider,
  type User,
  type socialCompletionBodySchema,
  type socialSessionResultSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { normalizeMobile } from '../../lib/phone.js';
import type { SessionsService } from '../sessions/service.js';
import { isAdmin, type Admins } from '../users/admin-rule.js';
import { codesRepository, usersRepository } from '../users/repository.js';
import { useVerificationToken } from '../users/verification.js';
import { toUser, type SubscriptionState } from '../users/user-record.js';
import { oauthProviders, type OAuthProviders, type SocialProfile } from './providers.js';
import { isUniqueViolation, socialRepository, type SocialRepository, type UserRow } from './repository.js';

export const STATE_TTL_MS = 10 * 60 * 1000;
export const LOGIN_CODE_TTL_MS = 2 * 60 * 1000;
/** Where every failed social sign-in ends: the login page shows its own message. */
export const SOCIAL_FAILED_PATH = '/login?error=social';
export const LOCAL_PAGE_PATH = '/api/auth/local/page';
/** SPEC 8, word for word (D-2): what social completion shows for a taken e-mail or number. */
export const SOCIAL_USER_EXISTS_MESSAGE = 'User already exists.';

/** A sign-in the provider or the browser got wrong: denied consent, bad state, failed exchange. */
export class SocialSignInError extends Error {}

export type SocialSessionResult = z.infer<typeof socialSessionResultSchema>;
export type SocialCompletion = z.infer<typeof socialCompletionBodySchema>;

export interface OAuthCallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

export interface LocalSignInForm {
  state?: string | undefined;
  first_name?: string | undefined;
  email?: string | undefined;
}

export interface SocialServiceOptions {
  providers: OAuthProviders;
  /** The made-up-identity page (config.social.local); never in production. */
  localEnabled: boolean;
  sessions: Pick<SessionsService, 'start'>;
  /**
   * Uses a registration verification token once, for the number it proves (the
   * users module's D-10 tokens). Without it, completion refuses every number.
   */
  useRegistrationToken?: (mobileNo: string, token: string) => Promise<boolean>;
  /** Admins by proven identity; a completion proves the number. */
  admins?: Admins;
  /** The subscription block of the User record, as the users module computes it (D-16). */
  subscriptionState?: (userId: string, now: Date) => Promise<SubscriptionState>;
  now?: () => Date;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the starting tab sends: the SHA-256, in lowercase hex, of the verifier it keeps. */
export const BINDING_PATTERN = /^[0-9a-f]{64}$/;

/** Whether `verifier` is the one whose hash `bindingHash` is; in constant time. */
function proves(verifier: string | undefined, bindingHash: string): boolean {
  if (!verifier || !BINDING_PATTERN.test(bindingHash)) return false;
  return timingSafeEqual(Buffer.from(sha256(verifier)), Buffer.from(bindingHash));
}

/** SPEC 5: a social account is complete with an e-mail, a mobile number and a country. */
export const needsCompletion = (user: UserRow): boolean => !user.email || !user.mobileNo || !user.country;

export function socialService(repo: SocialRepository, options: SocialServiceOptions) {
  const { providers, localEnabled, sessions } = options;
  const now = options.now ?? (() => new Date());
  const later = (ms: number) => new Date(now().getTime() + ms);
  const record = async (row: UserRow): Promise<User> =>
    toUser(row, options.subscriptionState ? await options.subscriptionState(row.id, now()) : undefined);

  const oauthProvider = (provider: string) =>
    provider === 'google' || provider === 'facebook' ? providers[provider] : undefined;

  const isEnabled = (provider: string): provider is SocialProvider =>
    provider === 'local' ? localEnabled : oauthProvider(provider) !== undefined;

  async function newState(provider: SocialProvider, codeVerifier: string, bindingHash: string): Promise<string> {
    const state = generateState();
    await repo.saveState(state, provider, codeVerifier, bindingHash, later(STATE_TTL_MS), now());
    return state;
  }

  /** The identity's user, or a new one. Never an existing account found by e-mail. */
  async function findOrCreateUser(provider: SocialProvider, profile: SocialProfile, retried = false): Promise<UserRow> {
    const found = await repo.findIdentityUser(provider, profile.subject);
    if (found && !found.deleted) return found.user;
    try {
      return await repo.createSocialUser(
        {
          provider,
          subject: profile.subject,
          firstName: profile.firstName,
          // Linking by e-mail would hand an existing account to whoever controls the social
          // profile: a taken address is left empty and completion asks for another.
          emailIfFree: profile.email,
          googleAuth: provider === 'google',
          fbAuth: provider === 'facebook',
        },
        found !== undefined,
      );
    } catch (error) {
      // A concurrent callback created this identity or took the e-mail first: look again.
      if (!retried && isUniqueViolation(error)) return findOrCreateUser(provider, profile, true);
      throw error;
    }
  }

  /** Signs the profile in and returns where the browser goes next: /middleware with a one-time code. */
  async function signIn(provider: SocialProvider, profile: SocialProfile, bindingHash: string): Promise<string> {
    const user = await findOrCreateUser(provider, profile);
    const code = randomBytes(32).toString('base64url');
    await repo.saveLoginCode(
      sha256(code),
      user.id,
      needsCompletion(user),
      bindingHash,
      later(LOGIN_CODE_TTL_MS),
      now(),
    );
    return `/middleware?code=${code}`;
  }

  return {
    isEnabled,

    /**
     * GET /api/auth/:provider: where to send the browser (the provider, or the local page).
     * `binding` is the starting tab's hash (BINDING_PATTERN); without it, SocialSignInError.
     */
    async begin(provider: string, redirectUri: string, binding: string | undefined): Promise<string> {
      if (!isEnabled(provider)) throw new AppError('NOT_FOUND');
      if (!binding || !BINDING_PATTERN.test(binding)) throw new SocialSignInError('start without a tab binding');
      const client = oauthProvider(provider);
      if (!client) return `${LOCAL_PAGE_PATH}?state=${await newState('local', '', binding)}`;
      const codeVerifier = generateCodeVerifier();
      const state = await newState(provider, codeVerifier, binding);
      return client.authorizationUrl(state, codeVerifier, redirectUri).toString();
    },

    /** GET /api/auth/:provider/callback. Throws SocialSignInError for anything the provider side got wrong. */
    async finish(provider: string, query: OAuthCallbackQuery, redirectUri: string): Promise<string> {
      const client = oauthProvider(provider);
      if (!client) throw new AppError('NOT_FOUND');
      if (!query.state) throw new SocialSignInError('callback without state');
      // Consumed before anything else, so a state is good for one try whatever happens next.
      const taken = await repo.takeState(query.state, client.name, now());
      if (taken === undefined) throw new SocialSignInError('unknown, used or expired state');
      if (query.error || !query.code)
        throw new SocialSignInError(`provider answered ${query.error ?? 'without a code'}`);
      let profile: SocialProfile;
      try {
        profile = await client.identify(query.code, taken.codeVerifier, redirectUri);
      } catch (error) {
        throw new SocialSignInError(`${client.name} sign-in failed`, { cause: error });
      }
      return signIn(client.name, profile, taken.bindingHash);
    },

    /**
     * POST /api/auth/local/page: signs in a made-up identity, the same one again for the same
     * e-mail. Throws VALIDATION with `fields` for a form to show again.
     */
    async finishLocal(form: LocalSignInForm): Promise<string> {
      if (!localEnabled) throw new AppError('NOT_FOUND');
      if (!form.state) throw new SocialSignInError('form without state');
      const firstName = form.first_name?.trim() ?? '';
      const emailText = form.email?.trim() ?? '';
      const email = emailSchema.safeParse(emailText);
      const fields: Record<string, string> = {};
      if (firstName.length === 0 || firstName.length > 60) fields.first_name = 'Required, at most 60 characters';
      if (emailText !== '' && !email.success) fields.email = 'Invalid e-mail';
      if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', undefined, fields);
      // Checked after the fields, so that a typo does not use the state up.
      const taken = await repo.takeState(form.state, 'local', now());
      if (taken === undefined) throw new SocialSignInError('unknown, used or expired state');
      const address = email.success ? email.data : null;
      const subject = address ? `email:${sha256(address)}` : randomUUID();
      return signIn('local', { subject, email: address, firstName }, taken.bindingHash);
    },

    /**
     * POST /api/user/loginVia/:provider: a one-time code and the starting tab's verifier for a
     * session. D-9 ends the previous one. The code is used up by any try, so a code refused for a
     * wrong or missing verifier can never be tried again.
     */
    async loginVia(code: string, verifier: string | undefined): Promise<SocialSessionResult> {
      const taken = await repo.takeLoginCode(sha256(code), now());
      if (taken && !proves(verifier, taken.bindingHash)) throw new SocialSignInError('code from another browser tab');
      const found = taken && (await repo.findUser(taken.userId));
      if (!found) throw new AppError('AUTH_FAILED');
      // D-11: rights follow the configuration at each sign-in, as a password sign-in's do.
      const admin = options.admins ? isAdmin(found, options.admins) : found.admin;
      const user = admin === found.admin ? found : ((await repo.setAdmin(found.id, admin)) ?? found);
      // D-29: a blocked account signs in by no door.
      if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED');
      const session = await sessions.start(user.id);
      return { user: await record(user), ...session, needs_completion: needsCompletion(user) };
    },

    /**
     * PUT /api/user/register-via-fb/:userId (SPEC 5): the caller's missing e-mail, a mobile number
     * and a country. E-mail and number are read-only once set (SPEC 5, profile), so an existing one
     * may be sent again but not changed here.
     */
    async complete(callerId: string, userId: string, body: SocialCompletion): Promise<User> {
      // API.md: nobody acts for somebody else by changing an id.
      if (callerId !== userId) throw new AppError('FORBIDDEN');
      const user = await repo.findUser(userId);
      if (!user) throw new AppError('NOT_FOUND');

      const fields: Record<string, string> = {};
      const mobileNo = normalizeMobile(body.mobile_no);
      if (!mobileNo) fields.mobile_no = 'Invalid phone number';
      else if (user.mobileNo && user.mobileNo !== mobileNo) fields.mobile_no = 'Already set';
      if (!user.email && !body.email) fields.email = 'Required';
      else if (user.email && body.email && body.email !== user.email) fields.email = 'Already set';
      if (!mobileNo || Object.keys(fields).length > 0) throw new AppError('VALIDATION', undefined, fields);

      const email = user.email ? undefined : body.email;
      const taken = await repo.contactsTakenByOthers(userId, { email: email ?? null, mobileNo });
      if (taken.email || taken.mobileNo) throw new AppError('USER_EXISTS', SOCIAL_USER_EXISTS_MESSAGE);
      // The number is proven by its SMS code, as registration proves it (D-10);
      // otherwise anyone could squat a real person's number. Spent last, so a refused e-mail or
      // a taken number does not cost the user a new code.
      const proven = mobileNo === user.mobileNo && user.mobileVerifiedAt !== null;
      const useToken = options.useRegistrationToken;
      const token = body.verification_token;
      if (!proven && !(useToken && token && (await useToken(mobileNo, token)))) {
        throw new AppError('INVALID_NUMBER_OR_EMAIL');
      }
      try {
        const mobileVerifiedAt = user.mobileVerifiedAt ?? now();
        const identity = {
          email: email ?? user.email,
          // A new e-mail is not proven: it needs its own code.
          emailVerifiedAt: email === undefined ? user.emailVerifiedAt : null,
          mobileNo,
          mobileVerifiedAt,
        };
        const row = await repo.completeUser(userId, {
          ...(email !== undefined && { email, emailVerifiedAt: null }),
          mobileNo,
          mobileVerifiedAt,
          country: body.country,
          ...(options.admins && { admin: isAdmin(identity, options.admins) }),
        });
        if (!row) throw new AppError('NOT_FOUND');
        return await record(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('USER_EXISTS', SOCIAL_USER_EXISTS_MESSAGE);
        throw error;
      }
    },
  };
}

export type SocialService = ReturnType<typeof socialService>;

/** The service over the app's database and configured providers. */
export const createSocialService = (
  db: Db,
  social: Config['social'],
  sessions: Pick<SessionsService, 'start'>,
  /** D-16: subscriptions are judged on the server's clock. */
  clock: () => Date = () => new Date(),
  /** The admins of configuration. */
  admins?: Admins,
) =>
  socialService(socialRepository(db), {
    providers: oauthProviders(social),
    localEnabled: social.local,
    sessions,
    useRegistrationToken: (mobileNo, token) =>
      useVerificationToken(codesRepository(db), mobileNo, 'register', token, clock()),
    ...(admins && { admins }),
    subscriptionState: (userId) => usersRepository(db).subscriptionState(userId, clock()),
  });
