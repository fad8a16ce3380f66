// GET /api/notify/stream (D-21): server-sent events, read with fetch() because the key travels in
// the access-token header (D-9) and EventSource cannot send headers. Lines `event: notification`
// and `data: {json}`; a lost connection is retried with a growing pause; a refused key (401) or
// the caller's abort (sign-out, leaving the page) ends it.
import type { Notification } from '@app/shared';
import { apiHeaders } from '../../../lib/api-client';

export const RETRY_MIN_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

interface ServerEvent {
  event: string;
  data: string;
}

/** Splits complete events off `buffer`; returns them and the unfinished rest. */
export function parseEvents(buffer: string): { events: ServerEvent[]; rest: string } {
  const events: ServerEvent[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue; // comments: "connected", keep-alives
      const colon = line.indexOf(':');
      const name = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'event') event = value;
      else if (name === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

class StreamClosed extends Error {}

/** One connection: resolves when the server ends it, throws StreamClosed on a 401. */
async function readOnce(signal: AbortSignal, onNotification: (n: Notification) => void, onOpen: () => void) {
  const headers = apiHeaders();
  headers.set('accept', 'text/event-stream');
  const response = await fetch('/api/notify/stream', { headers, signal, cache: 'no-store' });
  if (response.status === 401 || response.status === 403) throw new StreamClosed();
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  onOpen();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
    buffer = parsed.rest;
    for (const { event, data } of parsed.events) {
      if (event !== 'notification') continue;
      try {
        const notification: unknown = JSON.parse(data);
        if (isNotification(notification)) onNotification(notification);
      } catch {
        // A malformed event is skipped; the next poll brings the list anyway.
      }
    }
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Listens until `signal` aborts or the key is refused, reconnecting after each loss. */
export async function listenToNotifications(
  signal: AbortSignal,
  onNotification: (notification: Notification) => void,
  options: { retryMinMs?: number; retryMaxMs?: number } = {},
): Promise<void> {
  const min = options.retryMinMs ?? RETRY_MIN_MS;
  const max = options.retryMaxMs ?? RETRY_MAX_MS;
  let wait = min;
  while (!signal.aborted) {
    try {
      await readOnce(signal, onNotification, () => {
        wait = min;
      });
    } catch (error) {
      if (error instanceof StreamClosed || signal.aborted) return;
    }
    if (signal.aborted) return;
    await pause(wait, signal);
    wait = Math.min(wait * 2, max);
  }
}

/**
 * The server sends records of its own schema; a light shape check keeps zod out of the header,
 * which every page loads (the first page's bundle budget).
 */
function isNotification(value: unknown): value is Notification {
  const n = value as Partial<Record<keyof Notification, unknown>> | null;
  return (
    typeof n === 'object' &&
    n !== null &&
    typeof n._id === 'string' &&
    (n.status === 'true' || n.status === 'false') &&
    typeof n.message_en === 'string' &&
    typeof n.message_fr === 'string' &&
    typeof n.created_at === 'string'
  );
}
