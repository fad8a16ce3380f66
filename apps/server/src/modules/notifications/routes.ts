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
import { accessToken } from '../sessions/plugin.js';
import { textAnswer } from '../../plugins/openapi.js';
import { buildNotificationsService } from './service.js';

const secured = [{ accessToken: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
/** A comment line this often keeps proxies and phones from closing an idle stream. */
const KEEPALIVE_MS = 25_000;
/**
 * Open streams per user on one instance (tabs and a phone reconnecting); a new one
 * beyond this ends the user's oldest, which a dropped connection may have left behind.
 */
export const MAX_STREAMS_PER_USER = 4;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = buildNotificationsService(app.database.db);
  // Open streams end before the server closes, or closing would wait on them forever.
  const streams = new Set<() => void>();
  const byUser = new Map<string, Set<() => void>>();
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
        summary:
          'Server-sent events: `notification` per new notification of yours, `message` per new message on your deals (D-28)',
        security: secured,
        response: {
          200: textAnswer(
            '`event: notification` or `event: message`, then `data:` the JSON record',
            'text/event-stream',
          ),
          401: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.user!;
      const key = accessToken(request) ?? '';
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
      // The stream lives only as long as its session. It asks again before each
      // notification, when a session of this user ends anywhere (through Redis with several
      // instances), and at each keepalive; a lost answer (database away) keeps it open.
      let checks = Promise.resolve(true);
      const stillSignedIn = () => {
        checks = checks.then(
          async (open) => open && (await app.sessions.authenticate(key))?.userId === userId,
          () => true,
        );
        void checks.then(
          (open) => open || end(),
          () => undefined,
        );
        return checks;
      };
      // D-28: deal messages arrive on the same stream as the event `message`.
      const unsubscribe = app.notificationBus.subscribeEvents(userId, ({ event, data }) => {
        void stillSignedIn().then((open) => {
          if (open) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        });
      });
      const offEnded = app.notificationBus.onSessionEnded(userId, () => void stillSignedIn());
      const keepalive = setInterval(() => {
        res.write(': keepalive\n\n');
        void stillSignedIn();
      }, KEEPALIVE_MS);
      const mine = byUser.get(userId) ?? new Set<() => void>();
      byUser.set(userId, mine);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(keepalive);
        unsubscribe();
        offEnded();
        streams.delete(end);
        mine.delete(end);
        if (mine.size === 0) byUser.delete(userId);
        res.end();
      };
      // The oldest first: a Set keeps insertion order.
      for (const older of [...mine].slice(0, Math.max(0, mine.size - MAX_STREAMS_PER_USER + 1))) older();
      mine.add(end);
      streams.add(end);
      request.raw.on('close', end);
    },
  );
};
