// Posts, accepts and messages made without a signal wait here (IndexedDB) and go
// out when it returns (the `online` event, every start, and a timed retry with backoff while items
// wait: a phone often still says it is online when the network has dropped), each once: every item carries the
// Idempotency-Key its first attempt used (D-31), so a send the network cut after the server acted
// is answered with that first answer, never made twice. The user sees what waits and can cancel it.
import { clear, createStore, del, set, values, type UseStore } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { ApiError, apiFetch } from './api-client';

export type OutboxKind = 'post' | 'accept' | 'message';

/** A FormData entry as IndexedDB can keep it (a File or Blob is stored as it is: photos included). */
interface Part {
  name: string;
  value: string | Blob;
  filename?: string;
}

export interface OutboxItem {
  /** Also the Idempotency-Key of every attempt. */
  id: string;
  kind: OutboxKind;
  /** What the user recognises it by (a post's description, the post accepted, a message's words). */
  label: string;
  /** A message's deal: its thread shows the message as waiting. */
  dealId?: string;
  path: string;
  method: 'POST' | 'PUT';
  json?: unknown;
  form?: Part[];
  createdAt: number;
  /** `refused`: the server said no (kept so the user sees why, until dismissed). */
  state: 'waiting' | 'refused';
  error?: string;
}

export interface OutboxRequest {
  kind: OutboxKind;
  label: string;
  path: string;
  method: 'POST' | 'PUT';
  body: unknown;
  dealId?: string;
}

export type Sent<T> = { queued: false; data: T } | { queued: true; item: OutboxItem };

let store: UseStore | undefined;
const outboxStore = () => (store ??= createStore('app-outbox', 'items'));
const canStore = () => typeof indexedDB !== 'undefined';

let items: OutboxItem[] = [];
const listeners = new Set<() => void>();
type SentListener = (item: OutboxItem, answer: unknown) => void;
const sentListeners = new Set<SentListener>();

function publish(next: OutboxItem[]) {
  items = [...next].sort((a, b) => a.createdAt - b.createdAt);
  for (const listener of listeners) listener();
}

const NOTHING: OutboxItem[] = [];

/** What waits (or was refused) now, oldest first. */
export const currentOutbox = (): OutboxItem[] => items;

export function useOutbox(): OutboxItem[] {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    currentOutbox,
    () => NOTHING,
  );
}

/** Called after each item the server accepted, with its answer (the app refreshes its lists). */
export function onOutboxSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** No answer at all, or a server asking to try again shortly: worth sending again later. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK' || [502, 503, 504].includes(error.status));
}

function toParts(form: FormData): Part[] {
  const parts: Part[] = [];
  form.forEach((value, name) => {
    parts.push(typeof value === 'string' ? { name, value } : { name, value, filename: value.name });
  });
  return parts;
}

function bodyOf(item: OutboxItem): unknown {
  if (!item.form) return item.json;
  const form = new FormData();
  for (const part of item.form) {
    if (typeof part.value === 'string') form.append(part.name, part.value);
    else form.append(part.name, part.value, part.filename);
  }
  return form;
}

async function save(item: OutboxItem) {
  publish([...items.filter((i) => i.id !== item.id), item]);
  if (canStore()) await set(item.id, item, outboxStore());
}

/** The first retry after a failed send, doubled after each further failure, up to the last. */
export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

const waiting = () => items.some((i) => i.state === 'waiting');
const nextWaiting = () => items.find((i) => i.state === 'waiting');

/** While items wait, the next attempt comes by itself: 5 s, 10 s, 20 s … then every 5 minutes. */
function scheduleRetry(): void {
  if (retryTimer !== undefined || !waiting()) return;
  const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failures);
  failures += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void flushOutbox();
  }, delay);
}

function stopRetrying(): void {
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
  failures = 0;
}

async function remove(id: string) {
  publish(items.filter((i) => i.id !== id));
  if (canStore()) await del(id, outboxStore());
}

/** Reads what waits from IndexedDB (on start). */
export async function loadOutbox(): Promise<void> {
  if (!canStore()) return;
  publish(await values<OutboxItem>(outboxStore()));
}

/**
 * Sends now when there is a signal; queues when there is none or the network fails on the way.
 * The attempt and the queued item share one Idempotency-Key.
 */
export async function sendOrQueue<T>(request: OutboxRequest): Promise<Sent<T>> {
  const id = newIdempotencyKey();
  const item: OutboxItem = {
    id,
    kind: request.kind,
    label: request.label,
    path: request.path,
    method: request.method,
    ...(request.dealId ? { dealId: request.dealId } : {}),
    ...(request.body instanceof FormData ? { form: toParts(request.body) } : { json: request.body }),
    createdAt: Date.now(),
    state: 'waiting',
  };
  if (!navigator.onLine) {
    await save(item);
    scheduleRetry();
    return { queued: true, item };
  }
  // A message written while earlier ones to the same deal wait goes behind them: the other party
  // reads them in the order they were written.
  if (request.kind === 'message' && items.some((i) => i.state === 'waiting' && i.path === request.path)) {
    await save(item);
    void flushOutbox();
    return { queued: true, item };
  }
  try {
    const data = await apiFetch<T>(request.path, { method: request.method, body: request.body, idempotencyKey: id });
    return { queued: false, data };
  } catch (error) {
    if (!isTransient(error)) throw error;
    await save(item);
    scheduleRetry();
    return { queued: true, item };
  }
}

let flushing: Promise<void> | undefined;

/**
 * Sends what waits, oldest first, one at a time; stops at the first network failure and tries
 * again later by itself (backoff) while anything waits. A call (start, `online`) sends at once.
 */
export function flushOutbox(): Promise<void> {
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
  flushing ??= sendWaiting()
    .then((sentAll) => {
      if (sentAll) stopRetrying();
      else scheduleRetry();
    })
    .finally(() => {
      flushing = undefined;
    });
  return flushing;
}

/** True when nothing is left waiting; false when the network failed on the way (or there is none). */
async function sendWaiting(): Promise<boolean> {
  // One tab at a time sends (the key would make a double send harmless, but not free).
  const run = async (): Promise<boolean> => {
    await loadOutbox();
    // The oldest waiting item each time round: one queued meanwhile goes too, one cancelled does not.
    for (let item = nextWaiting(); item; item = nextWaiting()) {
      if (!navigator.onLine) return false;
      let answer: unknown;
      try {
        answer = await apiFetch(item.path, { method: item.method, body: bodyOf(item), idempotencyKey: item.id });
      } catch (error) {
        if (isTransient(error)) return false;
        await save({ ...item, state: 'refused', error: error instanceof ApiError ? error.code : 'INTERNAL' });
        continue;
      }
      // The screens get the answer before the waiting item leaves (a sent message never vanishes
      // from its thread in between). Cancelled while on its way: the server has it anyway.
      for (const listener of sentListeners) listener(item, answer);
      await remove(item.id);
    }
    return true;
  };
  if (typeof navigator.locks?.request === 'function') return navigator.locks.request('app-outbox', run);
  return run();
}

/** The user changed their mind: the item will not be sent (unless it is already on its way). */
export const cancelOutboxItem = (id: string): Promise<void> => remove(id);

/** Logout: nothing of this user's waits on the phone. */
export async function clearOutbox(): Promise<void> {
  stopRetrying();
  publish([]);
  if (canStore()) await clear(outboxStore()).catch(() => undefined);
}
