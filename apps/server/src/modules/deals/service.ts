// Accepting and rejecting (D-6, D-13 to D-15). A client accepts an offer for free; a supplier
// accepts a need only with contact access (402 otherwise, and the app offers the payment choice).
import { supplierSide, type Solution } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { notices } from '../notifications/messages.js';
import { entitlements } from '../payments/entitlements.js';
import type { Notifier } from '../notifications/notifier.js';
import { solutionsRepository, type SolutionsRepository } from '../solutions/repository.js';
import type { Caller, Display, SolutionsService } from '../solutions/service.js';
import { dealsRepository, type DealsRepository } from './repository.js';

interface Deps {
  deals: DealsRepository;
  solutions: SolutionsRepository;
  posts: SolutionsService;
  notifier: Notifier;
  now?: () => Date;
}

export function dealsService({ deals, solutions, posts, notifier, now = () => new Date() }: Deps) {
  const rule = entitlements(solutions, now);
  return {
    async accept(
      caller: Caller,
      body: { user_id: string; accepted_by?: string | undefined; solution_id: string },
      display: Display,
    ) {
      // API.md: nobody acts for somebody else by changing an id.
      if (body.user_id !== caller.userId || (body.accepted_by !== undefined && body.accepted_by !== caller.userId)) {
        throw new AppError('FORBIDDEN');
      }
      const row = await solutions.findById(body.solution_id);
      if (!row || row.status === 'Deleted') throw new AppError('NOT_FOUND');
      if (row.status !== 'Pending' || row.user_id === caller.userId) throw new AppError('NOT_AVAILABLE');
      const acceptor = await solutions.contactOf(caller.userId);
      if (!acceptor) throw new AppError('AUTH_FAILED');

      // D-13: the supplier side is the acceptor of a need, the owner of an offer.
      const contactAccess = await rule.accessFor(supplierSide(row.user_role, row.user_id, caller.userId));
      if (row.user_role === 'needSolution' && contactAccess === 'none') throw new AppError('CONTACT_ACCESS_REQUIRED');

      const sub = { en: row.sub_category_en, fr: row.sub_category_fr };
      const result = await deals.accept({
        solutionId: row.id,
        acceptorId: caller.userId,
        contactAccess,
        notice: notices.accepted(acceptor.firstName, sub),
      });
      if (!result) throw new AppError('NOT_AVAILABLE');
      void notifier.delivered(result.notified);
      const owner = await solutions.contactOf(result.ownerId);
      const text = notices.accepted(acceptor.firstName, sub);
      notifier.sms(owner?.mobile, owner?.language === 'fr' ? text.fr : text.en);

      const solution: Solution = await posts.details(caller, row.id, display);
      const { deal } = result;
      return {
        solution,
        deal: {
          _id: deal.id,
          solution_id: deal.solutionId,
          acceptor_id: deal.acceptorId,
          accepted_at: deal.acceptedAt.toISOString(),
          contact_access: deal.contactAccess,
        },
      };
    },

    async reject(caller: Caller, body: { user_id: string; solution_id: string }) {
      if (body.user_id !== caller.userId) throw new AppError('FORBIDDEN');
      const row = await solutions.findById(body.solution_id);
      if (!row) throw new AppError('NOT_FOUND');
      const acceptor = await solutions.contactOf(caller.userId);
      const result = await deals.reject({
        solutionId: row.id,
        acceptorId: caller.userId,
        notice: notices.rejected(acceptor?.firstName ?? '', { en: row.sub_category_en, fr: row.sub_category_fr }),
      });
      // Only the acceptor of a live deal can drop it.
      if (!result) throw new AppError('NOT_AVAILABLE');
      void notifier.delivered(result.notified);
    },
  };
}

export const buildDealsService = (deps: { db: Db; posts: SolutionsService; notifier: Notifier; now?: () => Date }) =>
  dealsService({ ...deps, deals: dealsRepository(deps.db), solutions: solutionsRepository(deps.db) });
