// notify/* of API.md (D-21): the mailbox list, marking read, and a server-sent event stream
// authenticated by the access-token header (the web app reads it with fetch, so no key in a URL).
import {
  dataOf,
  errorSchema,
  listOf,
  notificationSchema,
  updateNotificationBodySchema,
  userIdParamsSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildNotificationsService } from './service.js';

const secured = [{ accessToken: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
/** A comment line this often keeps proxies and phones from closing an idle stream. */
const KEEPALIVE_MS = 25_000;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = buildNotificationsService(app.database.db);
  // Open streams end before the server closes, or closing would wait on them forever.
  const streams = new Set<() => void>();
  app.metrics.gauge('notification_streams_open', 'Open notification event streams', () => streams.size);
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/api/notify/getUserNotif/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notify'],
        summary: 'Your notifications, newest first',
        security: secured,
        params: userIdParamsSchema,
        response: { 200: listOf(notificationSchema), ...errors },
      },
    },
    async (request) => ({
      data: await notifications.list(request.user!, request.params.userId),
      next_cursor: null,
    }),
  );

  app.put(
    '/api/notify/updateNotification',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notify'],
        summary: 'Mark one of your notifications read',
        security: secured,
        body: updateNotificationBodySchema,
        response: { 200: dataOf(notificationSchema), ...errors },
      },
    },
    async (request) => ({ data: await notifications.markRead(request.user!, request.body) }),
  );

  app.get(
    '/api/notify/stream',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notify'],
        summary: 'Server-sent events: one `notification` event per new notification of yours',
        security: secured,
        response: { 401: errorSchema },
      },
    },
    async (request, reply) => {
      // Hijacked: the stream stays open and bypasses compression and serialization.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      const unsubscribe = app.notificationBus.subscribe(request.user!.userId, (notification) => {
        res.write(`event: notification\ndata: ${JSON.stringify(notification)}\n\n`);
      });
      const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
      const end = () => {
        clearInterval(keepalive);
        unsubscribe();
        streams.delete(end);
        res.end();
      };
      streams.add(end);
      request.raw.on('close', end);
    },
  );
};
