import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  emailCodes,
  sessions,
  smsCodes,
  socialIdentities,
  solutions,
  subscriptions,
  users,
  ussdProfiles,
} from '../../db/schema.js';
import type { SubscriptionState } from './user-record.js';

type NewUserRow = typeof users.$inferInsert;
type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'country'
    | 'physicalAddress'
    | 'language'
    | 'profilePic'
    | 'passwordHash'
    | 'admin'
    | 'verified'
    | 'vip'
    | 'mobileVerifiedAt'
  >
>;

export function usersRepository(db: Db) {
  const live = isNull(users.deletedAt);
  return {
    async findById(id: string) {
      return db.query.users.findFirst({ where: and(eq(users.id, id), live) });
    },
    async findByEmailOrMobile(email: string | null, mobile: string | null) {
      const match = or(email ? eq(users.email, email) : sql`false`, mobile ? eq(users.mobileNo, mobile) : sql`false`);
      return db.query.users.findFirst({ where: and(match, live) });
    },
    async insert(row: NewUserRow) {
      const [created] = await db.insert(users).values(row).returning();
      return created!;
    },
    async update(id: string, patch: UserPatch) {
      // A patch that changes nothing (an admin PATCH of no badge) is a read: SQL has no empty SET.
      if (Object.values(patch).every((value) => value === undefined)) {
        return db.query.users.findFirst({ where: and(eq(users.id, id), live) });
      }
      const [row] = await db
        .update(users)
        .set(patch)
        .where(and(eq(users.id, id), live))
        .returning();
      return row;
    },
    /**
     * The e-mail is proven, only if it is still the address the code went to.
     * Returns the row, or undefined when the address changed meanwhile.
     */
    async markEmailVerified(id: string, email: string, at: Date) {
      const [row] = await db
        .update(users)
        .set({ emailVerifiedAt: at })
        .where(and(eq(users.id, id), eq(users.email, email), live))
        .returning();
      return row;
    },
    /** The subscription shown on the User record: the running one, else the latest (D-16). */
    async subscriptionState(userId: string, now: Date): Promise<SubscriptionState> {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'expired', 'cancelled'])))
        .orderBy(sql`${subscriptions.endAt} desc nulls last`);
      // A cancelled subscription keeps the period already paid for (BILLING.SUBSCRIPTION.CANCELLED).
      const running = rows.find((r) => r.status !== 'expired' && r.endAt !== null && r.endAt > now);
      const shown = running ?? rows[0];
      const trial = rows.find((r) => r.kind === 'trial');
      return {
        // SPEC 3 spells the trial '90 days trail'.
        type: shown ? (shown.kind === 'trial' ? '90 days trail' : 'yearly') : null,
        active: running !== undefined,
        trialComplete: trial !== undefined && !(trial.status === 'active' && trial.endAt !== null && trial.endAt > now),
        startAt: shown?.startAt ?? null,
        endAt: shown?.endAt ?? null,
      };
    },
    /** D-16: the free trial, once per user (the partial unique index decides); false when already used. */
    async startTrial(userId: string, startAt: Date, endAt: Date): Promise<boolean> {
      const rows = await db
        .insert(subscriptions)
        .values({ userId, kind: 'trial', status: 'active', startAt, endAt })
        .onConflictDoNothing()
        .returning({ id: subscriptions.id });
      return rows.length === 1;
    },
    async listAll() {
      return db.select().from(users).where(live).orderBy(asc(users.createdAt));
    },
    async endSessions(userId: string) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    /** D-12: the account is kept for records, its contacts erased, its posts removed from listings. */
    async erase(id: string, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            deletedAt: now,
            email: null,
            mobileNo: null,
            passwordHash: null,
            physicalAddress: null,
            profilePic: null,
            idImages: [],
            lastName: null,
            emailVerifiedAt: null,
            mobileVerifiedAt: null,
            admin: false,
          })
          .where(eq(users.id, id));
        await tx.update(solutions).set({ status: 'Deleted', deletedAt: now }).where(eq(solutions.userId, id));
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await tx.delete(socialIdentities).where(eq(socialIdentities.userId, id));
        // D-37: the town and last search the USSD menu kept go with the account.
        await tx.delete(ussdProfiles).where(eq(ussdProfiles.userId, id));
      });
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;

export type CodePurpose = 'register' | 'forgot';

/** D-10: SMS codes and the verification tokens they yield. */
export function codesRepository(db: Db) {
  return {
    async sendsSince(mobileNo: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(smsCodes)
        .where(and(eq(smsCodes.mobileNo, mobileNo), gt(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    async insert(row: { mobileNo: string; purpose: CodePurpose; codeHash: string; expiresAt: Date }) {
      const [created] = await db.insert(smsCodes).values(row).returning({ id: smsCodes.id });
      return created!.id;
    },
    async remove(id: string) {
      await db.delete(smsCodes).where(eq(smsCodes.id, id));
    },
    /** The newest code of a number and purpose that is still open. */
    async latestOpen(mobileNo: string, purpose: CodePurpose, now: Date) {
      const [row] = await db
        .select()
        .from(smsCodes)
        .where(
          and(
            eq(smsCodes.mobileNo, mobileNo),
            eq(smsCodes.purpose, purpose),
            isNull(smsCodes.consumedAt),
            gt(smsCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row;
    },
    /** Counts a wrong try atomically, so parallel guesses cannot exceed the limit. */
    async countWrongTry(id: string, maxTries: number): Promise<number | null> {
      const [row] = await db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(and(eq(smsCodes.id, id), lt(smsCodes.attempts, maxTries)))
        .returning({ attempts: smsCodes.attempts });
      return row?.attempts ?? null;
    },
    /** Marks the code used and stores its token; false if a parallel request got there first. */
    async consume(id: string, maxTries: number, tokenHash: string, tokenExpiresAt: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ consumedAt: now, tokenHash, tokenExpiresAt })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt), lt(smsCodes.attempts, maxTries)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },
    /** Uses a verification token once, for the number and purpose it was issued for. */
    async useToken(mobileNo: string, purpose: CodePurpose, tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ tokenUsedAt: now })
        .where(
          and(
            eq(smsCodes.tokenHash, tokenHash),
            eq(smsCodes.mobileNo, mobileNo),
            eq(smsCodes.purpose, purpose),
            isNull(smsCodes.tokenUsedAt),
            gt(smsCodes.tokenExpiresAt, now),
          ),
        )
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },
  };
}
export type CodesRepository = ReturnType<typeof codesRepository>;

/** Codes sent to a user's e-mail to prove they own it. */
export function emailCodesRepository(db: Db) {
  return {
    async sendsSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailCodes)
        .where(and(eq(emailCodes.userId, userId), gt(emailCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    async insert(row: { userId: string; email: string; codeHash: string; expiresAt: Date }) {
      const [created] = await db.insert(emailCodes).values(row).returning({ id: emailCodes.id });
      return created!.id;
    },
    async remove(id: string) {
      await db.delete(emailCodes).where(eq(emailCodes.id, id));
    },
    /** The newest open code of a user for this address. */
    async latestOpen(userId: string, email: string, now: Date) {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(
          and(
            eq(emailCodes.userId, userId),
            eq(emailCodes.email, email),
            isNull(emailCodes.consumedAt),
            gt(emailCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(emailCodes.createdAt))
        .limit(1);
      return row;
    },
    /** Counts a wrong try atomically, so parallel guesses cannot exceed the limit. */
    async countWrongTry(id: string, maxTries: number): Promise<number | null> {
      const [row] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(and(eq(emailCodes.id, id), lt(emailCodes.attempts, maxTries)))
        .returning({ attempts: emailCodes.attempts });
      return row?.attempts ?? null;
    },
    /** Marks the code used; false if a parallel request got there first. */
    async consume(id: string, maxTries: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailCodes)
        .set({ consumedAt: now })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt), lt(emailCodes.attempts, maxTries)))
        .returning({ id: emailCodes.id });
      return rows.length === 1;
    },
  };
}
export type EmailCodesRepository = ReturnType<typeof emailCodesRepository>;
