// D-29: anyone signed in reports a post or a user with a reason; admins list the reports (open
// first), close them, hide a post or block a user. A blocked user's sessions end at once and their
// sign-ins are refused (ACCOUNT_BLOCKED, users and social services); their posts leave every listing.
import type { Report, ReportReason } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionsService, SessionUser as Caller } from '../sessions/service.js';
import { reportsRepository, type ReportsRepository } from './repository.js';

export interface NewReportInput {
  solution_id?: string | undefined;
  user_id?: string | undefined;
  reason: ReportReason;
  text: string | null;
}

interface Deps {
  repo: ReportsRepository;
  sessions: Pick<SessionsService, 'endAllOf'>;
}

const adminOnly = (caller: Caller) => {
  if (!caller.admin) throw new AppError('FORBIDDEN');
};

export function reportsService({ repo, sessions }: Deps) {
  return {
    async create(caller: Caller, input: NewReportInput): Promise<{ _id: string }> {
      if (input.solution_id !== undefined) {
        const post = await repo.post(input.solution_id);
        // What the reporter may not see is not found either: deleted, hidden from them, or taken by
        // somebody else (D-6: a taken post is seen by its two parties only).
        const party = post && (post.userId === caller.userId || post.acceptorId === caller.userId);
        const gone =
          !post ||
          post.status === 'Deleted' ||
          (!party && (post.hidden || post.ownerBlocked || post.status === 'Accepted'));
        if (gone) throw new AppError('NOT_FOUND');
        if (post.userId === caller.userId) {
          throw new AppError('VALIDATION', undefined, { solution_id: 'You cannot report your own post' });
        }
      }
      if (input.user_id !== undefined) {
        if (input.user_id === caller.userId) {
          throw new AppError('VALIDATION', undefined, { user_id: 'You cannot report yourself' });
        }
        if (!(await repo.person(input.user_id))) throw new AppError('NOT_FOUND');
      }
      const id = await repo.insert({
        reporterId: caller.userId,
        solutionId: input.solution_id ?? null,
        userId: input.user_id ?? null,
        reason: input.reason,
        text: input.text,
      });
      return { _id: id };
    },

    async list(caller: Caller): Promise<Report[]> {
      adminOnly(caller);
      return repo.list();
    },

    async setStatus(caller: Caller, reportId: string, status: 'open' | 'closed'): Promise<Report> {
      adminOnly(caller);
      if (!(await repo.setStatus(reportId, status, caller.userId))) throw new AppError('NOT_FOUND');
      return (await repo.byId(reportId))!;
    },

    async hide(caller: Caller, solutionId: string, hidden: boolean): Promise<{ _id: string; hidden: boolean }> {
      adminOnly(caller);
      if (!(await repo.setHidden(solutionId, hidden))) throw new AppError('NOT_FOUND');
      return { _id: solutionId, hidden };
    },

    async block(caller: Caller, userId: string, blocked: boolean): Promise<{ _id: string; blocked: boolean }> {
      adminOnly(caller);
      const person = await repo.person(userId);
      if (!person) throw new AppError('NOT_FOUND');
      // An admin cannot lock themselves or another admin out (admins are named by configuration).
      if (person.id === caller.userId || person.admin) throw new AppError('FORBIDDEN');
      if (!(await repo.setBlocked(userId, blocked))) throw new AppError('NOT_FOUND');
      if (blocked) await sessions.endAllOf(userId);
      return { _id: userId, blocked };
    },
  };
}
export type ReportsService = ReturnType<typeof reportsService>;

export const buildReportsService = (deps: { db: Db; sessions: Pick<SessionsService, 'endAllOf'> }) =>
  reportsService({ repo: reportsRepository(deps.db), sessions: deps.sessions });
