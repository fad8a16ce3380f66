// The lifecycle's clock (D-32, D-33, D-34, D-15 revised) and the end of a deleted account's deals.
import { AUTO_COMPLETE_DAYS, FEE_LAPSE_HOURS, REQUEST_EXPIRY_DAYS } from '@app/shared';

import { requestNotices } from '../notifications/messages.js';

import { titleOf } from '../solutions/title.js';

import { CLOCK_BATCH, DAY_MS, HOUR_MS, type LifecycleDeps, type LifecycleParties } from './lifecycle-deps.js';

export function dealClock({ lifecycle, reads, now }: LifecycleDeps, { deliver, accessOf }: LifecycleParties) {
  return {
    /** D-34: a deleted account's requests and deals end, and the other parties are told. */
    async endForAccount(userId: string): Promise<void> {
      const ended = await lifecycle.endForAccount(userId, now());
      for (const deal of ended) {
        const post = await reads.post(deal.solutionId);
        if (!post) continue;
        const other = deal.acceptorId === userId ? post.user_id : deal.acceptorId;
        const rows = await lifecycle.notify(deal.solutionId, [
          { userId: other, notice: requestNotices.accountDeleted(titleOf(post)) },
        ]);
        await deliver(rows);
      }
    },

    /**
     * The clock's steps (D-32, D-33, D-34, D-15 revised), run by the job queue once a minute across
     * all instances. Each step is a conditional move, so a step run twice moves a deal once.
     */
    async tick(): Promise<{ expired: number; lapsed: number; completed: number; reminded: number }> {
      const at = now();
      const counts = { expired: 0, lapsed: 0, completed: 0, reminded: 0 };
      const subOf = async (solutionId: string) => {
        const post = await reads.post(solutionId);
        return post ? titleOf(post) : { en: '', fr: '' };
      };

      for (const deal of await lifecycle.unansweredSince(
        new Date(at.getTime() - REQUEST_EXPIRY_DAYS * DAY_MS),
        CLOCK_BATCH,
      )) {
        const sub = await subOf(deal.solutionId);
        const ended = await lifecycle.end({
          dealId: deal.id,
          move: 'expire',
          at,
          endedReason: 'expired',
          told: [{ userId: deal.acceptorId, notice: requestNotices.expired(sub) }],
        });
        if (ended) {
          counts.expired++;
          await deliver(ended.notified);
        }
      }

      for (const deal of await lifecycle.unpaidSince(new Date(at.getTime() - FEE_LAPSE_HOURS * HOUR_MS), CLOCK_BATCH)) {
        const party = await reads.deal(deal.id);
        // A supplier who subscribed since the confirmation has access: nothing is due.
        if (!party || (await accessOf(party)) !== 'none') continue;
        const sub = await subOf(deal.solutionId);
        const ended = await lifecycle.end({
          dealId: deal.id,
          move: 'lapse',
          at,
          endedReason: 'lapsed',
          told: [party.ownerId, party.acceptorId].map((userId) => ({ userId, notice: requestNotices.lapsed(sub) })),
        });
        if (ended) {
          counts.lapsed++;
          await deliver(ended.notified);
        }
      }

      for (const deal of await lifecycle.dueForCompletion(
        new Date(at.getTime() - AUTO_COMPLETE_DAYS * DAY_MS),
        CLOCK_BATCH,
      )) {
        const party = await reads.deal(deal.id);
        if (!party) continue;
        const sub = await subOf(deal.solutionId);
        const done = await lifecycle.completeByClock({
          dealId: deal.id,
          ownerId: party.ownerId,
          at,
          told: [party.ownerId, party.acceptorId].map((userId) => ({ userId, notice: requestNotices.completed(sub) })),
        });
        if (done) {
          counts.completed++;
          await deliver(done.notified);
        }
      }

      for (const deal of await lifecycle.remindersDue(at, new Date(at.getTime() + DAY_MS), CLOCK_BATCH)) {
        const party = await reads.deal(deal.id);
        if (!party) continue;
        const sub = await subOf(deal.solutionId);
        const day = deal
          .fromAt!.toISOString()
          .slice(0, deal.unit === 'hour' ? 16 : 10)
          .replace('T', ' ');
        const rows = await lifecycle.notify(
          deal.solutionId,
          [party.ownerId, party.acceptorId].map((userId) => ({ userId, notice: requestNotices.reminder(sub, day) })),
        );
        counts.reminded++;
        await deliver(rows);
      }
      return counts;
    },
  };
}
