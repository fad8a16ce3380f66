import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/server';
import { listenToNotifications, parseEvents } from './notification-stream';

const NOTE = {
  _id: 'n1',
  status: 'true',
  message_en: 'Hi',
  message_fr: 'Salut',
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('parseEvents', () => {
  it('reads complete events, skips comments and keeps the unfinished rest', () => {
    const { events, rest } = parseEvents(': connected\n\nevent: notification\ndata: {"a":1}\n\nevent: notif');
    expect(events).toEqual([{ event: 'notification', data: '{"a":1}' }]);
    expect(rest).toBe('event: notif');
  });

  it('joins multi-line data and accepts CRLF', () => {
    expect(parseEvents('data: one\r\ndata: two\r\n\r\n').events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

describe('listenToNotifications', () => {
  it('reconnects after a lost connection and stops on abort', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    let calls = 0;
    server.use(
      http.get('/api/notify/stream', () => {
        calls += 1;
        if (calls === 1) return HttpResponse.error();
        if (calls === 2) return new HttpResponse(`event: notification\ndata: ${JSON.stringify(NOTE)}\n\n`);
        controller.abort();
        return new HttpResponse('');
      }),
    );
    await listenToNotifications(controller.signal, (n) => seen.push(n._id), { retryMinMs: 1, retryMaxMs: 4 });
    expect(seen).toEqual(['n1']);
    expect(calls).toBe(3);
  });

  it('gives up when the session is refused (401)', async () => {
    const answer = vi.fn(() => new HttpResponse('{}', { status: 401 }));
    server.use(http.get('/api/notify/stream', answer));
    await listenToNotifications(new AbortController().signal, () => undefined, { retryMinMs: 1 });
    expect(answer).toHaveBeenCalledOnce();
  });
});
