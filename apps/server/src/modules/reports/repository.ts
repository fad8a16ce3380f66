// Reports and moderation (D-29, migration 0021): the reports, a post's hidden flag and a user's
// block. Blocking marks the user's posts owner_blocked in the same transaction, so the map cells
// (their triggers), the open-post indexes and every list drop them at once; unblocking restores them.
import type { Report, ReportReason } from '@app/shared';
import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { deals, reports, solutions, users } from '../../db/schema.js';

export interface NewReport {
  reporterId: string;
  solutionId: string | null;
  userId: string | null;
  reason: ReportReason;
  text: string | null;
}

/** A reported post as the checks of a new report need it. */
export interface PostTarget {
  id: string;
  userId: string;
  status: 'Pending' | 'Accepted' | 'Deleted';
  hidden: boolean;
  ownerBlocked: boolean;
  /** The acceptor of its live deal, if taken. */
  acceptorId: string | null;
}

/** At most this many reports on the admin's screen: open ones come first. */
export const REPORT_LIST_LIMIT = 200;

const reporter = alias(users, 'reporter');
const person = alias(users, 'person');

/** Reports with what the admin acts on: the post, and the reported user or else the post's owner. */
const selectReports = (db: Db, where: SQL | undefined, limit: number) =>
  db
    .select({
      id: reports.id,
      reason: reports.reason,
      text: reports.text,
      status: reports.status,
      created_at: reports.createdAt,
      reporter_id: reports.reporterId,
      reporter_first_name: reporter.firstName,
      solution_id: solutions.id,
      title: solutions.title,
      sub_category_en: solutions.subCategoryEn,
      sub_category_fr: solutions.subCategoryFr,
      solution_hidden: solutions.hidden,
      solution_user_id: solutions.userId,
      person_id: person.id,
      person_first_name: person.firstName,
      person_blocked_at: person.blockedAt,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(solutions, eq(solutions.id, reports.solutionId))
    .leftJoin(person, eq(person.id, sql`coalesce(${reports.userId}, ${solutions.userId})`))
    .where(where)
    .orderBy(desc(reports.status), desc(reports.createdAt), desc(reports.id))
    .limit(limit);

type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

const toReport = (r: ReportRow): Report => ({
  _id: r.id,
  reason: r.reason,
  text: r.text,
  status: r.status,
  created_at: r.created_at.toISOString(),
  reporter: { _id: r.reporter_id, firstName: r.reporter_first_name },
  solution: r.solution_id
    ? {
        _id: r.solution_id,
        title: r.title?.trim() ? r.title : null,
        sub_category: { en: r.sub_category_en ?? '', fr: r.sub_category_fr ?? '' },
        hidden: r.solution_hidden === true,
        user_id: r.solution_user_id!,
      }
    : null,
  user: r.person_id
    ? { _id: r.person_id, firstName: r.person_first_name ?? '', blocked: r.person_blocked_at !== null }
    : null,
});

export function reportsRepository(db: Db) {
  const reportsWhere = async (where: SQL | undefined, limit: number) =>
    (await selectReports(db, where, limit)).map(toReport);
  return {
    async insert(report: NewReport): Promise<string> {
      const [row] = await db.insert(reports).values(report).returning({ id: reports.id });
      return row!.id;
    },

    async post(id: string): Promise<PostTarget | undefined> {
      const [row] = await db
        .select({
          id: solutions.id,
          userId: solutions.userId,
          status: solutions.status,
          hidden: solutions.hidden,
          ownerBlocked: solutions.ownerBlocked,
          acceptorId: deals.acceptorId,
        })
        .from(solutions)
        .leftJoin(deals, and(eq(deals.solutionId, solutions.id), isNull(deals.endedAt)))
        .where(eq(solutions.id, id));
      return row;
    },

    /** A user not deleted (D-12), with whether they are an admin. */
    async person(id: string): Promise<{ id: string; admin: boolean } | undefined> {
      const [row] = await db
        .select({ id: users.id, admin: users.admin })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      return row;
    },

    /** Open reports first ('open' sorts after 'closed', hence desc), newest first within each. */
    async list(): Promise<Report[]> {
      return reportsWhere(undefined, REPORT_LIST_LIMIT);
    },

    async byId(id: string): Promise<Report | undefined> {
      return (await reportsWhere(eq(reports.id, id), 1))[0];
    },

    async setStatus(id: string, status: 'open' | 'closed', adminId: string): Promise<boolean> {
      const closed = status === 'closed';
      const updated = await db
        .update(reports)
        .set({ status, closedAt: closed ? new Date() : null, closedBy: closed ? adminId : null })
        .where(eq(reports.id, id))
        .returning({ id: reports.id });
      return updated.length > 0;
    },

    /** Hides or shows a post that is not deleted; false when there is none. */
    async setHidden(solutionId: string, hidden: boolean): Promise<boolean> {
      const updated = await db
        .update(solutions)
        .set({ hidden, hiddenAt: hidden ? new Date() : null })
        .where(and(eq(solutions.id, solutionId), ne(solutions.status, 'Deleted')))
        .returning({ id: solutions.id });
      return updated.length > 0;
    },

    /** Blocks or unblocks a user and marks their posts in the same transaction; false when none. */
    async setBlocked(userId: string, blocked: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(users)
          .set({ blockedAt: blocked ? sql`coalesce(${users.blockedAt}, now())` : null })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning({ id: users.id });
        if (updated.length === 0) return false;
        await tx
          .update(solutions)
          .set({ ownerBlocked: blocked })
          .where(and(eq(solutions.userId, userId), ne(solutions.ownerBlocked, blocked)));
        return true;
      });
    },
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
