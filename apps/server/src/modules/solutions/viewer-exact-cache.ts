// D-35 per viewer, remembered for a few seconds per instance: the posts whose true point a viewer
// may see (their own, and those of deals the owner confirmed with them). A kept list page or
// search then needs no statement for a viewer none of whose posts is on it, which is most pages
// (list-cache.ts). Every announced post change forgets every viewer's (a post published, moved,
// deleted, or taken by a confirmed deal); a deal confirmed for a booking by date, which changes no
// post, is seen within the lifetime (docs/performance.md).
import type { ExactRow } from './viewer-repository.js';

/** The staleness bound when no post change is announced: the session cache's. */
export const VIEWER_EXACT_TTL_MS = 5_000;
/** A viewer with more such posts is not remembered: their pages are read per page, as before. */
export const MAX_REMEMBERED_EXACT = 200;
const MAX_VIEWERS = 50_000;

/** A viewer's posts seen exactly, by id; 'many' past MAX_REMEMBERED_EXACT. */
export type ViewerExact = Map<string, ExactRow> | 'many';

export function viewerExactCache(ttlMs = VIEWER_EXACT_TTL_MS, now: () => number = Date.now) {
  const byUser = new Map<string, { exact: ViewerExact; expires: number }>();
  /** Bumped by every change: a read that started before keeps nothing (it may miss the change). */
  let changes = 0;

  return {
    get(userId: string): ViewerExact | undefined {
      const entry = byUser.get(userId);
      if (entry && entry.expires > now()) return entry.exact;
      if (entry) byUser.delete(userId);
      return undefined;
    },

    /** Taken before a read, given to keep(). */
    mark: (): number => changes,

    keep(userId: string, exact: ViewerExact, mark: number): void {
      if (mark !== changes) return;
      if (byUser.size >= MAX_VIEWERS) byUser.clear();
      byUser.set(userId, { exact, expires: now() + ttlMs });
    },

    /** Posts changed: every viewer's may have. */
    clear(): void {
      changes += 1;
      byUser.clear();
    },
  };
}

export type ViewerExactCache = ReturnType<typeof viewerExactCache>;
