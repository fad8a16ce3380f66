// What differs per viewer in lists and details, remembered for a few seconds per instance, so that
// a kept page, search or post needs no statement for most viewers (list-cache.ts, details-cache.ts):
// - the posts whose true point a viewer may see (D-35: their own, and those of deals the owner
//   confirmed with them);
// - a viewer's running subscription and the posts they hold a deal on (D-14).
// Every announced post change forgets every viewer's (a post published, moved, deleted, or taken
// by a confirmed deal); every write a viewer makes forgets theirs on every instance (its marker
// NOTIFY names them: plugins/public-caches.ts), before it answers. What changes without either (a
// deal confirmed for a booking by date, a subscription paid through a provider's callback) is seen
// within the lifetime (docs/performance.md).
import type { RunningSubscription } from '../entitlements/service.js';
import type { ExactRow } from './viewer-repository.js';

/** The staleness bound when nothing announces a change: the session cache's. */
export const VIEWER_MEMORY_TTL_MS = 5_000;
/** A viewer with more such posts is not remembered: their pages are read per page, as before. */
export const MAX_REMEMBERED_POSTS = 200;
const MAX_VIEWERS = 50_000;

/** A viewer's posts seen exactly, by id; 'many' past MAX_REMEMBERED_POSTS. */
export type ViewerExact = Map<string, ExactRow> | 'many';

/** What details need of a viewer; `dealPosts` 'many' past MAX_REMEMBERED_POSTS. */
export interface ViewerDeals {
  subscription: RunningSubscription;
  dealPosts: Set<string> | 'many';
}

/** One viewer-keyed memory: get, keep (unless a change overtook the read), forget one, clear all. */
export function viewerMemory<T>(ttlMs = VIEWER_MEMORY_TTL_MS, now: () => number = Date.now) {
  const byUser = new Map<string, { value: T; expires: number }>();
  /** Bumped by every change: a read that started before keeps nothing (it may miss the change). */
  let changes = 0;

  return {
    get(userId: string): T | undefined {
      const entry = byUser.get(userId);
      if (entry && entry.expires > now()) return entry.value;
      if (entry) byUser.delete(userId);
      return undefined;
    },

    /** Taken before a read, given to keep(). */
    mark: (): number => changes,

    keep(userId: string, value: T, mark: number): void {
      if (mark !== changes) return;
      if (byUser.size >= MAX_VIEWERS) byUser.clear();
      byUser.set(userId, { value, expires: now() + ttlMs });
    },

    /** This viewer changed something. */
    forget(userId: string): void {
      changes += 1;
      byUser.delete(userId);
    },

    /** Posts changed: every viewer's may have. */
    clear(): void {
      changes += 1;
      byUser.clear();
    },
  };
}

export type ViewerMemory<T> = ReturnType<typeof viewerMemory<T>>;
export type ViewerExactCache = ViewerMemory<ViewerExact>;
export const viewerExactCache = (ttlMs?: number, now?: () => number) => viewerMemory<ViewerExact>(ttlMs, now);
