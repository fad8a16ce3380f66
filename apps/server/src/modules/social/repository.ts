// Social sign-in storage: OAuth states, social identities, one-time login codes, and the user
// fields that registration completion fills. Only this file touches the database (STYLE 2).
import { and, eq, gt, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginCodes, oauthStates, socialIdentities, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export interface NewSocialUser {
  provider: string;
  subject: string;
  firstName: string;
  /** Stored only when no other account has it; otherwise the user gets no e-mail. */
  emailIfFree: string | null;
  googleAuth: boolean;
  fbAuth: boolean;
}

/** SQLSTATE 23505: two requests raced for the same unique value. Drizzle wraps driver errors in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

export function socialRepository(db: Db) {
  const liveUser = (userId: string) => and(eq(users.id, userId), isNull(users.deletedAt));

  return {
    async saveState(
      state: string,
      provider: string,
      codeVerifier: string,
      bindingHash: string,
      expiresAt: Date,
      now: Date,
    ) {
      // Abandoned sign-ins leave rows behind: sweep the expired ones as new ones arrive.
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
      await db.insert(oauthStates).values({ state, provider, codeVerifier, bindingHash, expiresAt });
    },

    /**
     * Deletes the state (single use) and returns its PKCE code verifier and the starting tab's
     * binding if it was live for this provider.
     */
    async takeState(
      state: string,
      provider: string,
      now: Date,
    ): Promise<{ codeVerifier: string; bindingHash: string } | undefined> {
      const [row] = await db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
      if (!row || row.provider !== provider || row.expiresAt <= now) return undefined;
      return { codeVerifier: row.codeVerifier, bindingHash: row.bindingHash };
    },

    /** The identity's user; `deleted` when the account behind it was deleted (D-12). */
    async findIdentityUser(
      provider: string,
      subject: string,
    ): Promise<{ user: UserRow; deleted: boolean } | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(socialIdentities)
        .innerJoin(users, eq(users.id, socialIdentities.userId))
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.providerSubject, subject)))
        .limit(1);
      return row ? { user: row.user, deleted: row.user.deletedAt !== null } : undefined;
    },

    /**
     * A new user with its social identity, in one transaction. `replaceIdentity` re-points an
     * identity whose account was deleted. Throws a unique violation when a concurrent request
     * created the same identity or took the e-mail first; the caller retries.
     */
    async createSocialUser(input: NewSocialUser, replaceIdentity: boolean): Promise<UserRow> {
      return db.transaction(async (tx) => {
        let email = input.emailIfFree;
        if (email) {
          const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
          if (owner) email = null;
        }
        const [user] = await tx
          .insert(users)
          .values({ firstName: input.firstName, email, googleAuth: input.googleAuth, fbAuth: input.fbAuth })
          .returning();
        if (!user) throw new Error('user insert returned no row');
        if (replaceIdentity) {
          await tx
            .update(socialIdentities)
            .set({ userId: user.id })
            .where(
              and(eq(socialIdentities.provider, input.provider), eq(socialIdentities.providerSubject, input.subject)),
            );
        } else {
          await tx
            .insert(socialIdentities)
            .values({ provider: input.provider, providerSubject: input.subject, userId: user.id });
        }
        return user;
      });
    },

    async saveLoginCode(
      codeHash: string,
      userId: string,
      needsCompletion: boolean,
      bindingHash: string,
      expiresAt: Date,
      now: Date,
    ) {
      await db.delete(loginCodes).where(lt(loginCodes.expiresAt, now));
      await db.insert(loginCodes).values({ codeHash, userId, needsCompletion, bindingHash, expiresAt });
    },

    /**
     * Marks the code used in the same statement that finds it, so two requests cannot both use it;
     * returns its user and the binding the caller must prove.
     */
    async takeLoginCode(codeHash: string, now: Date): Promise<{ userId: string; bindingHash: string } | undefined> {
      const [row] = await db
        .update(loginCodes)
        .set({ usedAt: now })
        .where(and(eq(loginCodes.codeHash, codeHash), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)))
        .returning({ userId: loginCodes.userId, bindingHash: loginCodes.bindingHash });
      return row;
    },

    async findUser(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(liveUser(userId)).limit(1);
      return row;
    },

    /** Which of these contacts another account already holds (deleted accounts hold none, D-12). */
    async contactsTakenByOthers(
      userId: string,
      contacts: { email: string | null; mobileNo: string },
    ): Promise<{ email: boolean; mobileNo: boolean }> {
      const matches: SQL[] = [eq(users.mobileNo, contacts.mobileNo)];
      if (contacts.email) matches.push(eq(users.email, contacts.email));
      const rows = await db
        .select({ email: users.email, mobileNo: users.mobileNo })
        .from(users)
        .where(and(ne(users.id, userId), or(...matches)));
      return {
        email: contacts.email !== null && rows.some((r) => r.email === contacts.email),
        mobileNo: rows.some((r) => r.mobileNo === contacts.mobileNo),
      };
    },

    async setAdmin(userId: string, admin: boolean): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ admin }).where(liveUser(userId)).returning();
      return row;
    },

    async completeUser(
      userId: string,
      fields: {
        email?: string;
        emailVerifiedAt?: null;
        mobileNo: string;
        mobileVerifiedAt: Date;
        country: string;
        admin?: boolean;
      },
    ): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(fields).where(liveUser(userId)).returning();
      return row;
    },
  };
}

export type SocialRepository = ReturnType<typeof socialRepository>;
