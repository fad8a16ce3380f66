// Social sign-in calls of API.md: the browser redirects (/api/auth/*), the one-time code for a
// session (loginVia) and registration completion (register-via-fb).
import { parse as parseForm } from 'node:querystring';
import {
  SOCIAL_PROVIDERS,
  dataOf,
  errorSchema,
  idSchema,
  loginViaBodySchema,
  socialCompletionBodySchema,
  socialSessionResultSchema,
  userSchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { renderLocalPage } from './local-page.js';
import { SOCIAL_FAILED_PATH, SocialSignInError, createSocialService } from './service.js';
import { textAnswer } from '../../plugins/openapi.js';

const providerParams = z.object({
  provider: z
    .string()
    .max(32)
    .meta({ description: `One of ${SOCIAL_PROVIDERS.join(', ')}, when enabled` }),
});
const redirect = z.undefined().meta({ description: 'Redirect (Location header)' });
const localForm = z.object({
  state: z.string().max(200).optional(),
  first_name: z.string().max(200).optional(),
  email: z.string().max(300).optional(),
});

export const socialRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const service = createSocialService(app.database.db, config.social, app.sessions, app.clock.now, {
    emails: config.adminEmails,
    phones: config.adminPhones,
  });

  // The local page posts a plain HTML form; this parser exists only inside this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, parseForm(String(body))),
  );

  /** The callback URL registered with the provider; identical at authorization and token exchange. */
  const callbackUrl = (_request: FastifyRequest, provider: string) => {
    // Never from Host or X-Forwarded-Host: PUBLIC_URL, else this machine's own address.
    const base = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
    return `${base}/api/auth/${provider}/callback`;
  };
  // Sign-in redirects carry one-time values: never cached.
  const redirectTo = (reply: FastifyReply, target: string) =>
    reply.header('cache-control', 'no-store').redirect(target, 302);

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which social sign-ins are enabled here (the login screen shows only those)',
        response: { 200: dataOf(z.object({ google: z.boolean(), facebook: z.boolean(), local: z.boolean() })) },
      },
    },
    async () => ({
      data: {
        google: service.isEnabled('google'),
        facebook: service.isEnabled('facebook'),
        local: service.isEnabled('local'),
      },
    }),
  );

  app.get(
    '/api/auth/:provider',
    {
      // Each start writes an OAuth state row: bounded per address.
      preHandler: app.limiter('social-start', {
        max: 30 * config.rateLimitScale,
        timeWindow: 15 * 60 * 1000,
        key: (request) => request.ip,
      }),
      schema: {
        tags: ['auth'],
        summary: 'Start a social sign-in: redirect to the provider (or the local sign-in page)',
        description:
          'binding: the SHA-256 (64 lowercase hex digits) of a random verifier the starting tab keeps; ' +
          'loginVia needs that verifier. Without a valid binding: redirect to /login?error=social.',
        params: providerParams,
        querystring: z.object({ binding: z.string().max(200).optional() }),
        response: { 302: redirect, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      try {
        return redirectTo(reply, await service.begin(provider, callbackUrl(request, provider), request.query.binding));
      } catch (error) {
        if (!(error instanceof SocialSignInError)) throw error;
        request.log.warn({ err: error, provider }, 'social sign-in refused');
        return redirectTo(reply, SOCIAL_FAILED_PATH);
      }
    },
  );

  app.get(
    '/api/auth/:provider/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "The provider's return: redirect to /middleware?code=... (one-time), or /login?error=social",
        params: providerParams,
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
        response: { 302: redirect, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      try {
        return redirectTo(reply, await service.finish(provider, request.query, callbackUrl(request, provider)));
      } catch (error) {
        if (!(error instanceof SocialSignInError)) throw error;
        request.log.warn({ err: error, provider }, 'social sign-in refused');
        return redirectTo(reply, SOCIAL_FAILED_PATH);
      }
    },
  );

  app.get(
    '/api/auth/local/page',
    {
      schema: {
        tags: ['auth'],
        summary: 'The local sign-in page (HTML), when the local provider is enabled',
        querystring: z.object({ state: z.string().max(200).optional() }),
        response: { 200: textAnswer('HTML page', 'text/html'), 302: redirect, 404: errorSchema },
      },
    },
    async (request, reply) => {
      if (!service.isEnabled('local')) throw new AppError('NOT_FOUND');
      const { state } = request.query;
      if (!state) return redirectTo(reply, '/api/auth/local');
      return sendPage(reply, 200, renderLocalPage({ state }));
    },
  );

  app.post(
    '/api/auth/local/page',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in a made-up identity from the local page (form post)',
        body: localForm,
        response: {
          302: redirect,
          // The page again with what was wrong, or the envelope when the form is malformed.
          400: {
            description: 'The page again, or the error envelope',
            content: { 'text/html': { schema: z.string() }, 'application/json': { schema: errorSchema } },
          },
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const form = request.body;
      try {
        return redirectTo(reply, await service.finishLocal(form));
      } catch (error) {
        if (error instanceof SocialSignInError) {
          request.log.warn({ err: error, provider: 'local' }, 'social sign-in refused');
          return redirectTo(reply, SOCIAL_FAILED_PATH);
        }
        if (!(error instanceof AppError) || error.code !== 'VALIDATION' || !form.state) throw error;
        const page = renderLocalPage({
          state: form.state,
          firstName: form.first_name,
          email: form.email,
          errors: error.fields,
        });
        return sendPage(reply, 400, page);
      }
    },
  );

  app.post(
    '/api/user/loginVia/:provider',
    {
      schema: {
        tags: ['user'],
        summary: 'Trade the one-time code from /middleware for a session (ends the previous one, D-9)',
        description:
          'verifier: the random value whose SHA-256 the starting tab sent as binding. A missing or wrong ' +
          'verifier answers 401 and uses the code up (a code works only in the tab that started).',
        params: z.object({ provider: z.enum(SOCIAL_PROVIDERS) }),
        body: loginViaBodySchema,
        response: { 200: dataOf(socialSessionResultSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return { data: await service.loginVia(request.body.code, request.body.verifier) };
      } catch (error) {
        if (!(error instanceof SocialSignInError)) throw error;
        request.log.warn({ err: error }, 'social sign-in refused');
        throw new AppError('AUTH_FAILED');
      }
    },
  );

  app.put(
    '/api/user/register-via-fb/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Complete a social sign-up: e-mail (if missing), mobile number and country',
        security: [{ accessToken: [] }],
        params: z.object({ userId: idSchema }),
        body: socialCompletionBodySchema,
        response: {
          200: dataOf(userSchema),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const caller = request.user;
      if (!caller) throw new AppError('AUTH_FAILED');
      return { data: await service.complete(caller.userId, request.params.userId, request.body) };
    },
  );
};

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
