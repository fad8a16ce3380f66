// user/* calls of API.md, the admin views of D-11 and the avatar files.
import {
  addNotiLanguageBodySchema,
  addNotiLanguageQuerySchema,
  codeValidationBodySchema,
  dataOf,
  emailVerifyBodySchema,
  errorSchema,
  idSchema,
  loginBodySchema,
  newUserSchema,
  registerBodySchema,
  sendMessageBodySchema,
  sessionResultSchema,
  updateCountryBodySchema,
  updatePasswordBodySchema,
  updateSubscriptionBodySchema,
  userSchema,
  verificationResultSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { jsonField, readMultipart } from '../../lib/multipart.js';
import { parseOrFail } from '../../lib/validate.js';
import { accessToken } from '../sessions/plugin.js';
import { fileParts, jsonPart, multipartForm } from '../../plugins/openapi.js';
import { pickLanguage } from '../../plugins/web.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import { buildDealLifecycleService } from '../deals/build.js';
import { buildUsersService, type Account } from './service.js';
import { adminUserRoutes } from './admin-routes.js';
import { avatarRoutes } from './avatar-routes.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const secured = [{ accessToken: [] }];
const caller = (request: FastifyRequest): Caller => request.user!;
const ip = (request: FastifyRequest) => `ip:${request.ip}`;

export const userRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { lifecycle: dealLifecycle } = buildDealLifecycleService({
    db: app.database.db,
    notifier: app.notifier,
    now: app.clock.now,
    eurPerUsdMicro: config.eurPerUsdMicro,
  });
  const users = buildUsersService({
    db: app.database.db,
    sms: app.sms,
    sessions: app.sessions,
    storage: app.storage,
    mail: app.mail,
    admins: { emails: config.adminEmails, phones: config.adminPhones },
    endDeals: (userId) => dealLifecycle.endForAccount(userId),
    now: app.clock.now,
  });
  // Per address, generous: many phones share one carrier address (CGNAT). The per-account and
  // per-number limits (here and D-10) are the real guard. Each named limiter counts separately,
  // so a route can have both.
  const perAddress = (name: string, max: number) =>
    app.limiter(`${name}:address`, { max: max * config.rateLimitScale, timeWindow: FIFTEEN_MINUTES, key: ip });
  /**
   * The account a sign-in or reset aims at (whether named by e-mail or by phone), from this
   * address. Counted per account alone, 9 wrong passwords from anywhere locked
   * the owner out everywhere; per account and address, a stranger's guesses only lock the
   * stranger, and the per-address limit still bounds how many accounts one address tries.
   */
  // The account a request names, read once per request: a sign-in's failure limiter asks for its
  // key three times (its guard twice, then the success or failure it counts) and the sign-in
  // itself reads the account, each a database read before.
  const identifierOf = (request: FastifyRequest) => {
    const body = (request.body ?? {}) as { email?: unknown; mobile_no?: unknown };
    return String(body.email ?? body.mobile_no ?? '');
  };
  const accounts = new WeakMap<FastifyRequest, Promise<Account | null>>();
  const accountOf = (request: FastifyRequest): Promise<Account | null> => {
    let account = accounts.get(request);
    if (!account) accounts.set(request, (account = users.findAccount(identifierOf(request))));
    return account;
  };
  /** Starts reading the account while the address's count is taken; the guard then waits for it. */
  const startAccountRead = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    // A failed read fails the request where it is awaited (accountFromAddress, the sign-in).
    accountOf(request).catch(() => undefined);
    done();
  };
  const passwordChecks = new WeakMap<FastifyRequest, Promise<Account>>();
  const passwordCheckOf = (request: FastifyRequest): Promise<Account> =>
    passwordChecks.get(request) ?? Promise.reject(new Error('the sign-in route checks the password first'));
  const accountFromAddress = async (request: FastifyRequest) =>
    `${users.accountKey(identifierOf(request), await accountOf(request))}|${ip(request)}`;
  const perAccount = (name: string, max: number) =>
    app.limiter(`${name}:account`, { max, timeWindow: FIFTEEN_MINUTES, key: accountFromAddress });
  // Each sign-in counts as wrong until its password proves right, which clears the count: the
  // owner signing in often is never locked out, and a guesser gets 10 tries per account and
  // address, however many are sent at once. (One that fails on a server error counts too.)
  const signInFailures = app.failureLimiter('login:account', {
    max: 10,
    timeWindow: FIFTEEN_MINUTES,
    key: accountFromAddress,
  });

  app.post(
    '/api/user/sendMessage',
    {
      preHandler: perAddress('sms-send', 30),
      schema: {
        tags: ['user'],
        summary: 'Send an SMS code to register or to reset a password (D-10)',
        body: sendMessageBodySchema,
        response: { 200: dataOf(z.object({ sent: z.literal(true) })), 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      // D-24: the language the page named, else the app's cookie or the browser's.
      await users.sendCode(request.body, request.body.language ?? pickLanguage(request));
      return { data: { sent: true as const } };
    },
  );

  app.post(
    '/api/user/codeValidation',
    {
      preHandler: perAddress('sms-check', 60),
      schema: {
        tags: ['user'],
        summary: 'Check an SMS code; a right one yields a single-use verification token',
        body: codeValidationBodySchema,
        response: { 200: dataOf(verificationResultSchema), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => ({ data: { verification_token: await users.checkCode(request.body) } }),
  );

  app.post(
    '/api/user/register',
    {
      preHandler: perAddress('register', 30),
      schema: {
        tags: ['user'],
        summary: 'Create an account: JSON {new_user}, or multipart with part new_user and repeated files (ID images)',
        requestContent: {
          'application/json': registerBodySchema,
          'multipart/form-data': multipartForm(
            {
              new_user: jsonPart(newUserSchema, 'The new user (JSON), as `new_user` of the JSON body'),
              files: fileParts('ID images (account_type withID), checked by content', 4),
            },
            ['new_user'],
          ),
        },
        response: {
          201: dataOf(userSchema),
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request, reply) => {
      let input;
      let files: Buffer[] = [];
      if (request.isMultipart()) {
        const form = await readMultipart(request);
        input = jsonField(form.fields, 'new_user', (v) => parseOrFail(newUserSchema, v, 'new_user'));
        files = form.files;
      } else {
        input = parseOrFail(registerBodySchema, request.body).new_user;
      }
      return reply.code(201).send({ data: await users.register(input, files) });
    },
  );

  app.post(
    '/api/user/login',
    {
      // The password's hash (argon2, the dearest step) starts once the address may try, and runs
      // while the account's failure count is read; it is not waited for when that count refuses.
      preHandler: [
        startAccountRead,
        perAddress('login', 60),
        (request, _reply, done) => {
          const check = users.checkPassword(request.body, accountOf(request));
          check.catch(() => undefined);
          passwordChecks.set(request, check);
          done();
        },
        signInFailures.guard,
      ],
      // A new session changes no post: the answer goes without waiting for the caches' marker.
      config: { changesNoPublicAnswer: true },
      schema: {
        tags: ['user'],
        summary: 'Sign in with an e-mail or a phone number; ends any previous session (D-9)',
        body: loginBodySchema,
        response: { 200: dataOf(sessionResultSchema), 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      // A refusal needs no more: the guard counted this attempt as a failure before it was checked.
      const account = await passwordCheckOf(request);
      // Both follow from the right password alone, so the count is cleared while the session starts.
      const [session] = await Promise.all([
        users.startSession(account, request.body),
        signInFailures.succeeded(request),
      ]);
      return { data: session };
    },
  );

  app.post(
    '/api/user/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'End the current session on the server',
        security: secured,
        response: { 204: z.undefined(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      await app.sessions.end(accessToken(request) ?? '');
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/user/updatePassword',
    {
      preHandler: [perAddress('password-reset', 30), perAccount('password-reset', 5)],
      schema: {
        tags: ['user'],
        summary: 'Set a new password with a verification token of the forgot-password code',
        body: updatePasswordBodySchema,
        response: { 204: z.undefined(), 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await users.resetPassword(request.body);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/user/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        security: secured,
        response: { 200: dataOf(userSchema), 401: errorSchema },
      },
    },
    async (request) => ({ data: await users.me(caller(request)) }),
  );

  // Proving the e-mail, so that ADMIN_EMAILS may grant admin rights.
  app.post(
    '/api/user/email/send-code',
    {
      preHandler: [app.requireUser, perAddress('email-send', 30)],
      schema: {
        tags: ['user'],
        summary: "Send a code to the caller's own e-mail, to prove it (false: proven already)",
        security: secured,
        response: {
          200: dataOf(z.object({ sent: z.boolean() })),
          400: errorSchema,
          401: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => ({ data: { sent: await users.sendEmailCode(caller(request)) } }),
  );

  app.post(
    '/api/user/email/verify',
    {
      preHandler: [app.requireUser, perAddress('email-check', 60)],
      schema: {
        tags: ['user'],
        summary: 'Check the code sent to the e-mail; the right one proves it (email_verified)',
        security: secured,
        body: emailVerifyBodySchema,
        response: { 200: dataOf(userSchema), 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => ({ data: await users.verifyEmail(caller(request), request.body.code) }),
  );

  app.patch(
    '/api/user/updateCountry',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: "Set the user's country",
        security: secured,
        body: updateCountryBodySchema,
        response: { 200: dataOf(userSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => ({
      data: await users.updateCountry(caller(request), request.body.user_id, request.body.country),
    }),
  );

  app.post(
    '/api/user/updateSubscription',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Start the 90-day free trial once (true, false) or acknowledge its end (false, true) (D-16)',
        security: secured,
        body: updateSubscriptionBodySchema,
        response: { 200: dataOf(userSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema },
      },
    },
    async (request) => ({ data: await users.updateSubscription(caller(request), request.body) }),
  );
  app.get(
    '/api/user/addNotiLanguage',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'The language of notifications',
        security: secured,
        querystring: addNotiLanguageQuerySchema,
        response: { 204: z.undefined(), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      await users.setNotificationLanguage(caller(request), request.query._id, request.query.noti_lan);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/user/addNotiLanguage',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: "The caller's language for SMS, push and e-mail, kept on every switch (D-24)",
        security: secured,
        body: addNotiLanguageBodySchema,
        response: { 200: dataOf(userSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => ({ data: await users.setLanguage(caller(request), request.body.language) }),
  );

  app.delete(
    '/api/user/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Delete the own account (D-12): posts leave the listings, contacts are erased',
        security: secured,
        params: z.object({ userId: idSchema }),
        response: { 204: z.undefined(), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      await users.deleteAccount(caller(request), request.params.userId);
      return reply.code(204).send();
    },
  );
  avatarRoutes(app, users, config.rateLimitScale);
  adminUserRoutes(app, users);
};
