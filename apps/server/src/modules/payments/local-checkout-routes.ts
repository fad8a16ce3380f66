// The local stand-ins' pages (never in production): the mobile-money checkout and the card
// provider's approval page, each registered only when its local adapter is configured.
import { errorSchema } from '@app/shared';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocalPaymentAdapter, LOCAL_CHECKOUT_PATH } from '../../adapters/payments/index.js';
import { LocalMobileMoneyAdapter, LOCAL_MOMO_PATH } from '../../adapters/mobile-money/index.js';

import { AppError } from '../../lib/app-error.js';
import { redirectAnswer, textAnswer } from '../../plugins/openapi.js';

/** Registered by routes.ts, in its context; `notifyPath` is where CinetPay would post its notifications. */
export function localCheckoutRoutes(app: Parameters<FastifyPluginAsyncZod>[0], notifyPath: string) {
  const momo = app.mobileMoney;
  if (momo instanceof LocalMobileMoneyAdapter) {
    // The local checkout notifies this app through the same route CinetPay would call.
    momo.connect(async (fields, headers) => {
      await app.inject({
        method: 'POST',
        url: notifyPath,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    });
    const params = z.object({ tx: z.string().regex(/^[A-Z0-9-]{4,60}$/) });
    app.get(
      `${LOCAL_MOMO_PATH}/:tx`,
      {
        schema: {
          tags: ['payment'],
          summary: 'The local mobile-money checkout (never in production)',
          params,
          response: { 200: textAnswer('The checkout page', 'text/html'), 404: errorSchema },
        },
      },
      async (request, reply) => {
        const page = await momo.page(request.params.tx);
        if (!page) throw new AppError('NOT_FOUND');
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
      },
    );
    const decision = z.object({ operator: z.string().max(60).optional(), phone: z.string().max(30).optional() });
    for (const action of ['approve', 'refuse'] as const) {
      app.post(
        `${LOCAL_MOMO_PATH}/:tx/${action}`,
        {
          schema: {
            tags: ['payment'],
            summary: `The local mobile-money checkout: ${action}`,
            params,
            response: { 303: redirectAnswer, 404: errorSchema },
          },
        },
        async (request, reply) => {
          // The refuse form carries no fields: the body is optional, so it is read here.
          const parsed = decision.safeParse(request.body ?? {});
          if (!parsed.success) throw new AppError('VALIDATION');
          const body = parsed.data;
          const target = await momo.decide(
            request.params.tx,
            action === 'approve' ? 'approved' : 'refused',
            body.operator,
            body.phone,
          );
          if (!target) throw new AppError('NOT_FOUND');
          return reply.redirect(target, 303);
        },
      );
    }
  }

  const local = app.payments;
  if (local instanceof LocalPaymentAdapter) {
    const params = z.object({ orderId: z.string().regex(/^[A-Z0-9-]{4,60}$/) });
    app.get(
      `${LOCAL_CHECKOUT_PATH}/:orderId`,
      {
        schema: {
          tags: ['payment'],
          summary: "The local provider's approval page (never in production)",
          params,
          response: { 200: textAnswer('The approval page', 'text/html'), 404: errorSchema },
        },
      },
      async (request, reply) => {
        const page = await local.page(request.params.orderId);
        if (!page) throw new AppError('NOT_FOUND');
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
      },
    );
    for (const action of ['approve', 'cancel'] as const) {
      app.post(
        `${LOCAL_CHECKOUT_PATH}/:orderId/${action}`,
        {
          schema: {
            tags: ['payment'],
            summary: `The local provider: ${action}`,
            params,
            response: { 303: redirectAnswer, 404: errorSchema },
          },
        },
        async (request, reply) => {
          const target = await local[action](request.params.orderId);
          if (!target) throw new AppError('NOT_FOUND');
          return reply.redirect(target, 303);
        },
      );
    }
  }
}
