// D-37, API.md "Added in the third round": POST /api/ussd/africastalking/:secret (the USSD menu)
// and POST /api/sms/africastalking/:secret (inbound SMS), accepted only on the configured secret
// path; POST /api/ussd/simulator, the same menu for the /ussd screen.
import { timingSafeEqual } from 'node:crypto';
import {
  dataOf,
  errorSchema,
  inboundSmsSchema,
  ussdCallbackSchema,
  ussdScreenSchema,
  ussdSimulatorBodySchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { normalizeMobile } from '../../lib/phone.js';
import { textAnswer } from '../../plugins/openapi.js';
import { buildUssdPorts } from './build.js';
import { inboundSms } from './inbound-sms.js';
import { ussdStep } from './menu.js';
import { simulatorPhone } from './simulator-access.js';

const secretParams = z.object({ secret: z.string().max(200) });

export const ussdRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { portsFor, mobileOf } = buildUssdPorts(app, config);
  const settings = {
    code: config.ussd.code,
    web: (config.publicUrl ?? `http://localhost:${config.port}`).replace(/^https?:\/\//, '').replace(/\/+$/, ''),
    now: app.clock.now,
  };
  const expected = config.ussd.callbackSecret ? Buffer.from(config.ussd.callbackSecret) : undefined;
  /** Any other path, or none configured, is a route that does not exist. */
  const checkSecret = async (request: FastifyRequest<{ Params: { secret: string } }>) => {
    const given = Buffer.from(request.params.secret);
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('NOT_FOUND');
    }
  };

  // Africa's Talking posts its callbacks form-encoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const step = async (sessionId: string, phone: string, text: string, request: FastifyRequest, reply: FastifyReply) =>
    ussdStep({ sessionId, phone, text }, portsFor(request, reply), settings);

  app.post(
    '/api/ussd/africastalking/:secret',
    {
      // Before the form is read or checked: a wrong path is a route that does not exist.
      preValidation: checkSecret,
      schema: {
        tags: ['ussd'],
        summary: "Africa's Talking's USSD callback: the next screen, `CON ` or `END `, at most 182 characters (D-37)",
        params: secretParams,
        body: ussdCallbackSchema,
        response: {
          200: textAnswer('The screen', 'text/plain'),
          400: errorSchema,
          404: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const phone = normalizeMobile(request.body.phoneNumber);
      if (!phone) throw new AppError('VALIDATION', undefined, { phoneNumber: 'Not a phone number' });
      const screen = await step(request.body.sessionId, phone, request.body.text, request, reply);
      return reply.type('text/plain; charset=utf-8').send(screen.reply);
    },
  );

  app.post(
    '/api/sms/africastalking/:secret',
    {
      preValidation: checkSecret,
      schema: {
        tags: ['ussd'],
        summary:
          'Africa\'s Talking\'s inbound SMS: "STOP" turns the sender\'s SMS alerts off, "AIDE"/"HELP" answers (D-37)',
        params: secretParams,
        body: inboundSmsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), 400: errorSchema, 404: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const from = normalizeMobile(request.body.from);
      if (from) {
        await inboundSms(from, request.body.text, {
          userByPhone: portsFor(request, reply).userByPhone,
          stopSmsAlerts: (userId) => app.alerts.stopSmsAlerts(userId),
          sms: (to, text) => app.notifier.sms(to, text),
          code: settings.code,
          web: settings.web,
        });
      }
      // Africa's Talking only needs to hear it was received.
      return { ok: true as const };
    },
  );

  app.post(
    '/api/ussd/simulator',
    {
      schema: {
        tags: ['ussd'],
        summary:
          "The USSD menu for the /ussd screen: the signed-in user's own number (outside production, any typed number); in production, admins only (D-37)",
        body: ussdSimulatorBodySchema,
        response: {
          200: dataOf(ussdScreenSchema),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const token = request.headers['access-token'];
      const user = await app.sessions.authenticate(typeof token === 'string' ? token : undefined);
      const own = user ? await mobileOf(user.userId) : undefined;
      const phone = simulatorPhone({
        production: config.env === 'production',
        simulator: config.ussd.simulator,
        caller: user,
        own,
        typed: request.body.phone ? normalizeMobile(request.body.phone) : undefined,
      });
      // A session of the simulator is its own: the id is prefixed so it never meets a network's.
      const screen = await step(`sim-${request.body.session_id}`, phone, request.body.text, request, reply);
      return { data: screen };
    },
  );
};
