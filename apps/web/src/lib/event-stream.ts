// GET /api/notify/stream (D-21, D-28): the user's one server-sent event stream, read with fetch()
// because the key travels in the access-token header (D-9) and EventSource cannot send headers.
// One connection per tab, shared by every listener (the mailbox's notifications, a deal's
// messages): the server caps streams per user, so a second screen must not open a second one.
// A lost connection is retried with a growing pause; a refused key (401/403) or the last listener
// leaving ends it. Each (re)connection is announced as the event 'open', so a listener can fetch
// what it may have missed while the stream was down.
import { apiHeaders } from './api-client';
import { firstScreenLoaded } from '../early-load/first-screen-loaded';

export const RETRY_MIN_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
export const STREAM_OPEN = 'open';

export interface ServerEvent {
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
async function readOnce(signal: AbortSignal, onEvent: (event: ServerEvent) => void, onOpen: () => void) {
  // Live notifications are not the first screen's: the stream opens once that screen has loaded.
  await firstScreenLoaded();
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
    for (const event of parsed.events) onEvent(event);
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
export async function listenToEvents(
  signal: AbortSignal,
  onEvent: (event: ServerEvent) => void,
  options: { retryMinMs?: number; retryMaxMs?: number } = {},
): Promise<void> {
  const min = options.retryMinMs ?? RETRY_MIN_MS;
  const max = options.retryMaxMs ?? RETRY_MAX_MS;
  let wait = min;
  while (!signal.aborted) {
    try {
      await readOnce(signal, onEvent, () => {
        wait = min;
        onEvent({ event: STREAM_OPEN, data: '' });
      });
    } catch (error) {
      if (error instanceof StreamClosed || signal.aborted) return;
    }
    if (signal.aborted) return;
    await pause(wait, signal);
    wait = Math.min(wait * 2, max);
  }
}

type Listener = (data: unknown) => void;
const listeners = new Map<string, Set<Listener>>();
let connection: AbortController | null = null;

function dispatch({ event, data }: ServerEvent) {
  const wanted = listeners.get(event);
  if (!wanted || wanted.size === 0) return;
  let parsed: unknown = null;
  if (event !== STREAM_OPEN) {
    try {
      parsed = JSON.parse(data);
    } catch {
      return; // A malformed event is skipped; the listeners' next fetch brings the data anyway.
    }
  }
  for (const listener of [...wanted]) listener(parsed);
}

const listenerCount = () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0);

/**
 * Calls `listener` with the parsed data of every `event` on the shared stream (or with null for
 * STREAM_OPEN); the stream opens with the first listener and closes with the last. Returns the
 * unsubscribe function.
 */
export function subscribeToStream(event: string, listener: Listener): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(listener);
  if (!connection) {
    const controller = new AbortController();
    connection = controller;
    void listenToEvents(controller.signal, dispatch).finally(() => {
      if (connection === controller) connection = null;
    });
  }
  return () => {
    set.delete(listener);
    if (listenerCount() === 0 && connection) {
      connection.abort();
      connection = null;
    }
  };
}
