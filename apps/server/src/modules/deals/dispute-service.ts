// D-34: the admin's side of disputes: the list of frozen deals, and settling one.

import { AppError } from '../../lib/app-error.js';

import { requestNotices } from '../notifications/messages.js';

import type { SessionUser as Caller } from '../sessions/service.js';

import { titleOf } from '../solutions/title.js';

import { type LifecycleDeps, type LifecycleParties } from './lifecycle-deps.js';

export function disputeService({ lifecycle, reads, now }: LifecycleDeps, { deliver, notAvailable }: LifecycleParties) {
  return {
    /** GET /api/admin/deals/disputed (D-34). */
    async disputed(caller: Caller) {
      if (!caller.admin) throw new AppError('FORBIDDEN');
      return (await reads.disputed()).map((d) => ({
        _id: d.id,
        solution_id: d.solutionId,
        title: d.title,
        owner: { _id: d.owner.id, firstName: d.owner.firstName },
        acceptor: { _id: d.acceptor.id, firstName: d.acceptor.firstName },
        disputed_by: d.disputedBy,
        disputed_at: d.disputedAt.toISOString(),
      }));
    },

    /** POST /api/admin/deals/:dealId/settle (D-34): an admin ends a dispute. */
    async settle(caller: Caller, dealId: string, outcome: 'completed' | 'cancelled') {
      if (!caller.admin) throw new AppError('FORBIDDEN');
      const deal = await reads.deal(dealId);
      if (!deal) throw new AppError('NOT_FOUND');
      const post = await reads.post(deal.solutionId);
      const sub = post ? titleOf(post) : { en: '', fr: '' };
      const settled = await lifecycle.settle({
        dealId: deal.id,
        outcome,
        adminId: caller.userId,
        ownerId: deal.ownerId,
        at: now(),
        told: [deal.ownerId, deal.acceptorId].map((userId) => ({
          userId,
          notice: requestNotices.settled(sub, outcome),
        })),
      });
      if (!settled) throw notAvailable('This deal is not disputed');
      await deliver(settled.notified);
      return { _id: settled.deal.id, status: settled.deal.state };
    },
  };
}
