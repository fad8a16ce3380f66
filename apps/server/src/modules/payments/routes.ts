// payment/* and admin/markSubscriptionPaid of API.md (D-13 to D-18, D-22), and the local
// provider's approval page. Handlers stay thin: the service holds the rules.
import {
  dataOf,
  errorSchema,
  idSchema,
  markSubscriptionPaidBodySchema,
  payBodySchema,
  paymentSchema,
  paymentSuccessBodySchema,
  paymentSuccessResultSchema,
  redirectResultSchema,
  subscribeBodySchema,
  subscriptionReturnBodySchema,
  userSchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocalPaymentAdapter } from '../../adapters/payments/index.js';
import { LocalMobileMoneyAdapter } from '../../adapters/mobile-money/index.js';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { redirectAnswer } from '../../plugins/openapi.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import { buildPaymentsService } from './build.js';
import type { MobileMoneyUrls, ReturnUrls } from './payment-records.js';
import { localCheckoutRoutes } from './local-checkout-routes.js';

const secured = [{ accessToken: [] }];
const caller = (request: FastifyRequest): Caller => request.user!;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Where the provider sends the payer back after approving a one-time payment (see the route). */
export const PAYMENT_RETURN_PATH = '/api/payment/return';
/** D-38: CinetPay's notifications (API.md). */
export const CINETPAY_NOTIFY_PATH = '/api/payment/notify/cinetpay';
/** D-38: where the mobile-money checkout sends the payer back. */
export const MOBILE_MONEY_RETURN_PATH = '/api/payment/mobile-money/return';

/** CinetPay's notification fields (https://docs.cinetpay.com/api/1.0-en/checkout/hmac), all text. */
const field = z.string().max(500).optional();
const cinetpayNotificationSchema = z.object({
  cpm_site_id: field,
  cpm_trans_id: z.string().max(100).optional(),
  cpm_trans_date: field,
  cpm_amount: field,
  cpm_currency: field,
  signature: field,
  payment_method: field,
  cel_phone_num: field,
  cpm_phone_prefixe: field,
  cpm_language: field,
  cpm_version: field,
  cpm_payment_config: field,
  cpm_page_action: field,
  cpm_custom: field,
  cpm_designation: field,
  cpm_error_message: field,
});

const returnParam = z.string().min(1).max(200).optional();
const paymentReturnQuerySchema = z.object({
  solution_id: z.string().max(100).default(''),
  token: returnParam,
  paymentId: returnParam,
  PayerID: returnParam,
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, for webhook signatures. */
    rawBody?: string;
  }
}

export const paymentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const payments = buildPaymentsService({
    db: app.database.db,
    provider: app.payments,
    mobileMoney: app.mobileMoney,
    cdfPerUsdMilli: config.cdfPerUsdMilli,
    notifier: app.notifier,
    now: app.clock.now,
    log: app.log,
  });

  // Webhook signatures cover the body as sent: keep it (this plugin's routes only).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('VALIDATION', 'Invalid JSON'), undefined);
    }
  });

  // D-38: return and notify addresses come from configuration only, never from Host or
  // X-Forwarded-Host. A real provider needs them absolute (PUBLIC_URL, else this machine's own
  // address); the local pages, served by this app, get them relative without PUBLIC_URL.
  const absoluteBase = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  const cardBase =
    app.payments instanceof LocalPaymentAdapter ? (config.publicUrl?.replace(/\/+$/, '') ?? '') : absoluteBase;
  const momoBase =
    app.mobileMoney instanceof LocalMobileMoneyAdapter ? (config.publicUrl?.replace(/\/+$/, '') ?? '') : absoluteBase;

  /** The web app's own pages the provider returns to (SPEC 2.1). */
  const urls = (_request: FastifyRequest, success: string, cancel: string, query = ''): ReturnUrls => ({
    returnUrl: `${cardBase}${success}${query}`,
    cancelUrl: `${cardBase}${cancel}${query}`,
  });

  const momoUrls: MobileMoneyUrls = {
    returnUrl: (transactionId) => `${momoBase}${MOBILE_MONEY_RETURN_PATH}?tx=${encodeURIComponent(transactionId)}`,
    notifyUrl: `${momoBase}${CINETPAY_NOTIFY_PATH}`,
  };

  // CinetPay posts its notifications, and the checkout pages their forms, form-encoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (request, body, done) => {
      const text = String(body);
      request.rawBody = text;
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );

  // Each call reaches the payment provider: a person pays a few times a day, a script is stopped.
  const paymentCalls = [
    app.requireUser,
    app.limiter('payment', {
      max: 20 * config.rateLimitScale,
      timeWindow: 15 * 60 * 1000,
      key: (request) => request.user?.userId ?? request.ip,
    }),
  ];

  app.post(
    '/api/payment/pay',
    {
      preHandler: paymentCalls,
      schema: {
        tags: ['payment'],
        summary:
          "Pay-as-you-go for one confirmed deal (`deal_id`, or `solution_id` for the payer's deal on that post): 15% of the deal's total in the payer's currency, priced by the server; XOF, XAF and CDF by mobile money (D-15 revised, D-38)",
        security: secured,
        body: payBodySchema,
        response: { 200: dataOf(redirectResultSchema), ...errors, 503: errorSchema },
      },
    },
    async (request) => ({
      data: await payments.pay(
        caller(request),
        request.body,
        (id) => urls(request, PAYMENT_RETURN_PATH, '/cancelUrl', `?solution_id=${encodeURIComponent(id)}`),
        momoUrls,
      ),
    }),
  );

  // PayPal sends the payer back with `token` (its order id) and `PayerID` added to the return URL,
  // and the order id is not known when that URL is built: this hop hands the web app's /successurl
  // the `paymentId` it posts to /api/payment/success. Nothing is trusted here; it only redirects.
  app.get(
    PAYMENT_RETURN_PATH,
    {
      schema: {
        tags: ['payment'],
        summary: "The provider's return for one deal: to /successurl with paymentId, PayerID and solution_id",
        querystring: paymentReturnQuerySchema,
        response: { 303: redirectAnswer },
      },
    },
    async (request, reply) => {
      const { solution_id, token, paymentId, PayerID } = request.query;
      const query = new URLSearchParams({ solution_id });
      const id = paymentId ?? token;
      if (id) query.set('paymentId', id);
      if (PayerID) query.set('PayerID', PayerID);
      // From configuration only, never Host or X-Forwarded-Host. Without PUBLIC_URL the
      // redirect is relative: the browser resolves it against the address it really asked.
      const base = config.publicUrl?.replace(/\/+$/, '') ?? '';
      return reply.header('cache-control', 'no-store').redirect(`${base}/successurl?${query.toString()}`, 303);
    },
  );

  app.post(
    '/api/payment/success',
    {
      preHandler: paymentCalls,
      schema: {
        tags: ['payment'],
        summary: "The provider's return: capture and record once (D-17), then the other party's contacts",
        security: secured,
        body: paymentSuccessBodySchema,
        response: { 200: dataOf(paymentSuccessResultSchema), ...errors, 402: errorSchema, 503: errorSchema },
      },
    },
    async (request) => ({ data: await payments.success(caller(request), request.body) }),
  );

  app.post(
    '/api/payment/subscribe',
    {
      preHandler: paymentCalls,
      schema: {
        tags: ['payment'],
        summary: "The yearly subscription in a currency: the provider's approval page (D-15, D-22)",
        security: secured,
        body: subscribeBodySchema,
        response: { 200: dataOf(redirectResultSchema), ...errors, 503: errorSchema },
      },
    },
    async (request) => ({
      data: await payments.subscribe(
        caller(request),
        request.body.currency,
        urls(request, '/subscriptionsuccess', '/subscriptioncancel'),
        request.body.method,
        momoUrls,
      ),
    }),
  );

  app.post(
    '/api/payment/updateSubscription',
    {
      preHandler: paymentCalls,
      schema: {
        tags: ['payment'],
        summary: 'The return from the subscription approval: confirmed with the provider, 12 months from then',
        security: secured,
        body: subscriptionReturnBodySchema,
        response: { 200: dataOf(userSchema), ...errors, 402: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      await payments.confirmSubscription(caller(request), request.body.subscription_id);
      return { data: await payments.user(caller(request).userId) };
    },
  );

  app.post(
    '/api/payment/webhook/:provider',
    {
      schema: {
        tags: ['payment'],
        summary: "The provider's events, trusted only once the provider confirms the signature (D-17)",
        params: z.object({ provider: z.enum(['local', 'paypal']) }),
        response: { 204: z.null(), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const event =
        request.params.provider === app.payments.name
          ? await app.payments.verifyWebhook(request.headers, request.rawBody ?? '')
          : null;
      if (!event) throw new AppError('VALIDATION', 'Webhook signature not verified');
      await payments.webhook(event);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/markSubscriptionPaid',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['admin'],
        summary: 'Activate a yearly subscription paid by mobile money, keeping its reference (admins only, D-18)',
        security: secured,
        body: markSubscriptionPaidBodySchema,
        response: { 200: dataOf(userSchema), ...errors },
      },
    },
    async (request) => {
      await payments.markPaid(caller(request), request.body);
      return { data: await payments.user(request.body.user_id) };
    },
  );

  app.get(
    '/api/payment/getUserPayments/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payment'],
        summary: "The user's own payments, newest first (the profile's history)",
        security: secured,
        params: z.object({ userId: idSchema }),
        response: { 200: dataOf(z.array(paymentSchema)), ...errors },
      },
    },
    async (request) => ({ data: await payments.history(caller(request), request.params.userId) }),
  );

  // D-38: CinetPay pings the notify URL with GET to see that it answers.
  app.get(
    CINETPAY_NOTIFY_PATH,
    {
      schema: {
        tags: ['payment'],
        summary: "CinetPay's availability ping of the notify URL",
        response: { 200: z.null() },
      },
    },
    async (_request, reply) => reply.code(200).send(null),
  );

  app.post(
    CINETPAY_NOTIFY_PATH,
    {
      schema: {
        tags: ['payment'],
        summary:
          "CinetPay's notification: the x-token is checked (HMAC-SHA256, constant time), then the status is asked of CinetPay before anything is granted; recorded once (D-17, D-38)",
        body: cinetpayNotificationSchema,
        response: { 200: z.null(), 400: errorSchema, 401: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const fields = request.body ?? {};
      const transactionId = app.mobileMoney.verifyNotification(request.headers, fields);
      if (!transactionId) throw new AppError('AUTH_FAILED', 'Notification token not verified');
      await payments.confirmMobileMoney(transactionId);
      return reply.code(200).send(null);
    },
  );

  // D-38: the payer back from the mobile-money checkout (CinetPay returns with POST). Nothing is
  // trusted here: the web app's return page asks the server, which asks the provider.
  const momoReturn = {
    schema: {
      tags: ['payment'],
      summary: 'The return from the mobile-money checkout: to the success page of what was paid',
      querystring: z.object({ tx: z.string().regex(/^[A-Z0-9-]{4,60}$/) }),
      response: { 303: redirectAnswer, 404: errorSchema },
    },
  };
  const momoReturnHandler = async (request: FastifyRequest<{ Querystring: { tx: string } }>, reply: FastifyReply) => {
    const tx = request.query.tx;
    const payment = await payments.paymentFor(tx);
    if (!payment) throw new AppError('NOT_FOUND');
    const base = config.publicUrl?.replace(/\/+$/, '') ?? '';
    const target =
      payment.kind === 'subscription'
        ? `/subscriptionsuccess?${new URLSearchParams({ subscription_id: tx }).toString()}`
        : `/successurl?${new URLSearchParams({ solution_id: payment.solutionId ?? '', paymentId: tx }).toString()}`;
    return reply.header('cache-control', 'no-store').redirect(`${base}${target}`, 303);
  };
  app.get(MOBILE_MONEY_RETURN_PATH, momoReturn, momoReturnHandler);
  app.post(MOBILE_MONEY_RETURN_PATH, momoReturn, momoReturnHandler);
  localCheckoutRoutes(app, CINETPAY_NOTIFY_PATH);
};
