// D-31: the table behind plugin.ts. Only this file touches `idempotency_keys`.
// Every step is one statement, atomic on PostgreSQL and PGlite alike, so two instances racing for
// one key agree on who runs the request.
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';

export type KeyRow = typeof idempotencyKeys.$inferSelect;

export interface Claim {
  userId: string;
  key: string;
  fingerprint: string;
  /** Random; proves which request holds the row, so a lapsed holder never overwrites a successor. */
  claim: string;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

/** Expired rows removed per claim: the sweep stays small however long nobody sent a key. */
const SWEEP_BATCH = 100;

export function idempotencyStore(db: Db) {
  const one = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  return {
    /**
     * Takes the key for this request: a new row, or the row of an expired key or of a holder whose
     * lease lapsed (its instance died mid-request). Returns false when another request holds it or
     * already answered it.
     */
    async claim(c: Claim): Promise<boolean> {
      const values = {
        userId: c.userId,
        key: c.key,
        fingerprint: c.fingerprint,
        claim: c.claim,
        state: 'pending' as const,
        statusCode: null,
        contentType: null,
        body: null,
        lockedUntil: c.lockedUntil,
        expiresAt: c.expiresAt,
        createdAt: c.now,
      };
      const taken = await db
        .insert(idempotencyKeys)
        .values(values)
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: values,
          setWhere: or(
            lte(idempotencyKeys.expiresAt, c.now),
            and(eq(idempotencyKeys.state, 'pending'), lte(idempotencyKeys.lockedUntil, c.now)),
          ),
        })
        .returning({ claim: idempotencyKeys.claim });
      return taken.length === 1;
    },

    async find(userId: string, key: string): Promise<KeyRow | undefined> {
      const [row] = await db.select().from(idempotencyKeys).where(one(userId, key)).limit(1);
      return row;
    },

    /** Keeps the first answer; a no-op when this request no longer holds the key. */
    async complete(
      userId: string,
      key: string,
      claim: string,
      answer: { status: number; contentType: string | null; body: string },
    ) {
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', statusCode: answer.status, contentType: answer.contentType, body: answer.body })
        .where(and(one(userId, key), eq(idempotencyKeys.claim, claim), eq(idempotencyKeys.state, 'pending')));
    },

    /** Gives the key back (the request failed and created nothing), so a retry runs again. */
    async release(userId: string, key: string, claim: string) {
      await db
        .delete(idempotencyKeys)
        .where(and(one(userId, key), eq(idempotencyKeys.claim, claim), eq(idempotencyKeys.state, 'pending')));
    },

    /** Removes a batch of keys older than 24 hours (any user's). */
    async sweep(now: Date): Promise<void> {
      const expired = db
        .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(lt(idempotencyKeys.expiresAt, now))
        .limit(SWEEP_BATCH);
      await db
        .delete(idempotencyKeys)
        .where(inArray(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key})`, expired));
    },
  };
}

export type IdempotencyStore = ReturnType<typeof idempotencyStore>;
