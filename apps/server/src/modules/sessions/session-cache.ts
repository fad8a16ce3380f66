// D-9: live sessions remembered for a few seconds per instance, so that the hottest reads (lists,
// details, search: signedInRows) check theirs without reading sessions and users. Writes and admin
// actions (requireUser) always ask the database. A session that ends (logout, a sign-in on another device, an admin's block)
// leaves every instance's cache at once: here through forget(), elsewhere through Redis
// (modules/notifications/plugin.ts). Deleting or blocking an account another way is seen within the
// lifetime at most (docs/performance.md).
import type { SessionUser } from './service.js';

/** The staleness bound of a remembered session when no end is announced. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

export function sessionCache(ttlMs = SESSION_CACHE_TTL_MS, now: () => number = Date.now) {
  const byHash = new Map<string, { user: SessionUser; expires: number }>();
  const byUser = new Map<string, Set<string>>();
  /** Bumped whenever sessions end: a lookup that started before keeps nothing (it may be stale). */
  let endings = 0;

  return {
    get(hash: string): SessionUser | undefined {
      const entry = byHash.get(hash);
      if (entry && entry.expires > now()) return entry.user;
      if (entry) byHash.delete(hash);
      return undefined;
    },

    /** Taken before a lookup, given to keep(): whether some session ended meanwhile. */
    mark: (): number => endings,

    keep(hash: string, user: SessionUser, mark: number): void {
      if (mark !== endings) return;
      if (byHash.size >= MAX_ENTRIES) {
        byHash.clear();
        byUser.clear();
      }
      byHash.set(hash, { user, expires: now() + ttlMs });
      let hashes = byUser.get(user.userId);
      if (!hashes) byUser.set(user.userId, (hashes = new Set()));
      hashes.add(hash);
    },

    forget(userId: string): void {
      endings += 1;
      for (const hash of byUser.get(userId) ?? []) byHash.delete(hash);
      byUser.delete(userId);
    },
  };
}

export type SessionCache = ReturnType<typeof sessionCache>;
