// What the user saw survives a lost signal. The TanStack Query cache is kept in
// IndexedDB (the official persist client, idb-keyval as storage) and restored on start, so the
// last map view, lists, posts opened, My Offers, My Orders, deals and the mailbox show offline.
// Bounded: answers older than MAX_AGE are dropped, and only the newest answers up to MAX_BYTES
// and MAX_QUERIES are written. Tied to the signed-in user (buster) and removed at logout.
import type { Query } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { SAVED_ANSWERS_MAX_AGE_MS } from './saved-age';
import { getCurrentUser } from './session';

/** A week: older than that, an offline screen would mislead more than help. */
export const MAX_AGE_MS = SAVED_ANSWERS_MAX_AGE_MS;
/** Phones with little storage: about 1.5 MB of JSON, 80 answers at most. */
export const MAX_BYTES = 1_500_000;
export const MAX_QUERIES = 80;
/** Writes are gathered: a burst of answers is one write. */
const WRITE_DELAY_MS = 1_000;
const KEY = 'query-client';

let store: UseStore | undefined;
const cacheStore = () => (store ??= createStore('app-cache', 'queries'));

export const canPersist = (): boolean => typeof indexedDB !== 'undefined';

/** Who the saved answers belong to: another user's (or a visitor's) cache is never restored. */
export const persistBuster = (): string => getCurrentUser()?._id ?? 'visitor';

/**
 * Every answer that has data is saved, including one whose last refresh failed (offline, a
 * restored list's refetch fails: its saved data must not be dropped from the next write).
 */
export const dehydrateOptions = {
  // A query marked `meta: { persist: false }` (the map's place names: the service worker keeps
  // those) is not saved.
  shouldDehydrateQuery: (query: Query) => query.state.data !== undefined && query.meta?.persist !== false,
};

/** A deal's thread keeps its last 50 messages offline: what the field needs, on a small phone. */
export const MAX_SAVED_MESSAGES = 50;

/**
 * A deal's thread (features/deals' `dealKeys.messages`, `['deals', 'messages', dealId]`, oldest
 * first) is saved with its newest MAX_SAVED_MESSAGES messages only; features/deals'
 * saved-thread.test.ts holds the two to the same shape.
 */
function trimmed(query: PersistedClient['clientState']['queries'][number]) {
  const [root, kind] = query.queryKey;
  const data = query.state.data;
  if (root !== 'deals' || kind !== 'messages' || !Array.isArray(data) || data.length <= MAX_SAVED_MESSAGES)
    return query;
  return { ...query, state: { ...query.state, data: data.slice(-MAX_SAVED_MESSAGES) } };
}

/** The newest answers first, as many as fit the bounds; a failed refresh is saved as its data. */
export function bounded(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries
    .map((query) =>
      query.state.status === 'error'
        ? { ...query, state: { ...query.state, status: 'success' as const, error: null, fetchFailureReason: null } }
        : query,
    )
    .map(trimmed)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const kept: typeof queries = [];
  let bytes = 0;
  for (const query of queries) {
    if (kept.length >= MAX_QUERIES) break;
    const size = JSON.stringify(query.state.data ?? null).length;
    if (bytes + size > MAX_BYTES) continue;
    bytes += size;
    kept.push(query);
  }
  return { ...client, clientState: { ...client.clientState, queries: kept, mutations: [] } };
}

let pending: PersistedClient | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

function writePending(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  const latest = pending;
  pending = undefined;
  if (latest) void set(KEY, bounded(latest), cacheStore()).catch(() => undefined);
}

/**
 * A page left within the write delay (a phone user switching apps, a reload) would lose what
 * arrived last: the gathered write goes out as the page is hidden or left.
 */
let listening = false;
function writeWhenLeaving(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', writePending);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') writePending();
  });
}

export const idbPersister: Persister = {
  persistClient(client) {
    writeWhenLeaving();
    pending = client;
    timer ??= setTimeout(writePending, WRITE_DELAY_MS);
  },
  restoreClient: () => get<PersistedClient>(KEY, cacheStore()),
  removeClient: () => del(KEY, cacheStore()),
};

/** Logout: nothing of this user's stays on the phone. */
export async function clearPersistedQueries(): Promise<void> {
  if (!canPersist()) return;
  if (timer) clearTimeout(timer);
  timer = undefined;
  pending = undefined;
  await del(KEY, cacheStore()).catch(() => undefined);
}
