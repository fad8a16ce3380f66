// Reports and moderation (D-29, migration 0021): the reports, a post's hidden flag and a user's
// block. Blocking marks the user's posts owner_blocked in the same transaction, so the map cells
// (their triggers), the open-post indexes and every list drop them at once; unblocking restores them.
import { REPORT_REASONS, REPORT_STATUSES, type Report, type ReportReason } from '@app/shared';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { parseRows } from '../../lib/sql-rows.js';
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

/** A row of reportsQuery. */
const reportRow = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.coerce.date(),
  reporter_id: z.string(),
  reporter_first_name: z.string(),
  solution_id: z.string().nullable(),
  title: z.string().nullable(),
  sub_category_en: z.string().nullable(),
  sub_category_fr: z.string().nullable(),
  solution_hidden: z.boolean().nullable(),
  solution_user_id: z.string().nullable(),
  person_id: z.string().nullable(),
  person_first_name: z.string().nullable(),
  person_blocked: z.boolean().nullable(),
});
type ReportRow = z.infer<typeof reportRow>;

/** At most this many reports on the admin's screen: open ones come first. */
export const REPORT_LIST_LIMIT = 200;

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
    ? { _id: r.person_id, firstName: r.person_first_name ?? '', blocked: r.person_blocked === true }
    : null,
});

/** Reports with what the admin acts on: the post, and the reported user or else the post's owner. */
const reportsQuery = (where: SQL, limit: number) => sql`
  select r.id, r.reason, r.text, r.status, r.created_at, r.reporter_id, ru.first_name as reporter_first_name,
         s.id as solution_id, s.title, s.sub_category_en, s.sub_category_fr, s.hidden as solution_hidden,
         s.user_id as solution_user_id,
         p.id as person_id, p.first_name as person_first_name, p.blocked_at is not null as person_blocked
  from reports r
  join users ru on ru.id = r.reporter_id
  left join solutions s on s.id = r.solution_id
  left join users p on p.id = coalesce(r.user_id, s.user_id)
  where ${where}
  order by r.status desc, r.created_at desc, r.id desc
  limit ${limit}`;

export function reportsRepository(db: Db) {
  const rows = (result: unknown) => parseRows(result, reportRow).map(toReport);
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
      return rows(await db.execute(reportsQuery(sql`true`, REPORT_LIST_LIMIT)));
    },

    async byId(id: string): Promise<Report | undefined> {
      return rows(await db.execute(reportsQuery(sql`r.id = ${id}`, 1)))[0];
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
        .where(and(eq(solutions.id, solutionId), sql`${solutions.status} <> 'Deleted'`))
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
          .where(and(eq(solutions.userId, userId), sql`${solutions.ownerBlocked} <> ${blocked}`));
        return true;
      });
    },
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
