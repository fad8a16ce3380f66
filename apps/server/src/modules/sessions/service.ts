// D-9: the auth_key is a random 256-bit secret shown once; only its SHA-256 is stored, so a
// stolen database cannot be replayed. Each login replaces the user's previous session.
import { createHash, randomBytes } from 'node:crypto';
import type { SessionsRepository } from './repository.js';
import { sessionCache, type SessionCache } from './session-cache.js';

export const SESSION_TTL_DAYS = 30;

export interface SessionUser {
  userId: string;
  admin: boolean;
}

/**
 * A well-formed key's hash and the instant it is checked at: what a statement that checks the
 * session itself needs (signedInRows in sessions/repository.ts). Not yet proof of a session.
 */
export interface SessionClaim {
  hash: string;
  at: Date;
  /** The session's user as this instance's cache remembers it (session-cache.ts), if it does. */
  cached?: SessionUser | undefined;
  /** Tells the cache the user a statement found live for this key (signedInRows). */
  remember?: (user: SessionUser) => void;
}

export const hashAuthKey = (authKey: string): string => createHash('sha256').update(authKey).digest('hex');

/** A key is 43 base64url characters; anything else is refused without a query. */
const KEY_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function sessionsService(
  repo: SessionsRepository,
  now: () => Date = () => new Date(),
  cache: SessionCache = sessionCache(),
) {
  // Told when a user's session may have ended (a new sign-in replaces it, D-9; a logout),
  // so that what the session holds open, the notification stream, ends with it.
  const endedListeners: ((userId: string) => void)[] = [];
  const ended = (userId: string) => {
    cache.forget(userId);
    for (const listener of endedListeners) listener(userId);
  };
  return {
    async start(userId: string, deviceToken?: string): Promise<{ auth_key: string; expiry: string }> {
      const authKey = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + SESSION_TTL_DAYS * 24 * 3600 * 1000);
      await repo.replaceForUser(userId, hashAuthKey(authKey), expiresAt, deviceToken);
      ended(userId);
      return { auth_key: authKey, expiry: expiresAt.toISOString() };
    },

    /** Calls `listener` with the user whose earlier session a sign-in or logout just ended. */
    onEnded(listener: (userId: string) => void): void {
      endedListeners.push(listener);
    },

    /** The user behind a key, or null for an unknown, ended or expired one; read from the database. */
    async authenticate(authKey: string | undefined): Promise<SessionUser | null> {
      const claim = this.claim(authKey);
      if (!claim) return null;
      // Writes and admin actions (requireUser) always ask the database: an account deleted, blocked
      // or made admin since is seen at once. Only reads use the remembered copy (signedInRows).
      const user = await repo.findActive(claim.hash, claim.at);
      // Kept unless some session ended while it was read (session-cache.ts).
      if (user) claim.remember?.(user);
      return user ?? null;
    },

    /** D-9: this user's sessions ended on another instance: forget what this one remembers. */
    forget(userId: string): void {
      cache.forget(userId);
    },

    /** What a key claims, for a statement to check with its own work; null for a malformed key. */
    claim(authKey: string | undefined): SessionClaim | null {
      if (!authKey || !KEY_FORMAT.test(authKey)) return null;
      const hash = hashAuthKey(authKey);
      const mark = cache.mark();
      return { hash, at: now(), cached: cache.get(hash), remember: (user) => cache.keep(hash, user, mark) };
    },

    /** D-29: ends every session of a user (blocked by an admin), and what they hold open. */
    async endAllOf(userId: string): Promise<void> {
      await repo.removeForUser(userId);
      ended(userId);
    },

    async end(authKey: string): Promise<boolean> {
      const user = await this.authenticate(authKey);
      const removed = await repo.remove(hashAuthKey(authKey));
      if (user) ended(user.userId);
      return removed;
    },
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
