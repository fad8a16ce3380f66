// Post writes: a new post with its images, the soft delete (D-6) and visits.
import type { Bilingual } from '@app/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../lib/sql-rows.js';
import { deals, notifications, solutionImages, solutions } from '../../db/schema.js';
import type { NotificationRow } from './post-rows-repository.js';

export type NewSolutionRow = typeof solutions.$inferInsert;
export type NewImageRow = Omit<typeof solutionImages.$inferInsert, 'solutionId'>;

/** D-35: posts whose true points lie this close (about 110 m) are made from the same place. */
const SAME_PLACE_DEGREES = 0.001;

export function postWrites(db: Db) {
  return {
    /** The post and its images in one transaction: both or neither. */
    async insert(row: NewSolutionRow, images: NewImageRow[]): Promise<string> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(solutions).values(row).returning({ id: solutions.id });
        if (images.length > 0) {
          await tx.insert(solutionImages).values(images.map((image) => ({ ...image, solutionId: created!.id })));
        }
        return created!.id;
      });
    },

    /**
     * D-35: the public point of the user's latest post made from (about) the same place, if any:
     * a new post from home reuses it, so that many posts' independent draws cannot be averaged
     * back to the home. Posts that show their exact place do not count.
     */
    async publicPointOfSamePlace(userId: string, exact: { lng: number; lat: number }) {
      const [row] = await queryRows(
        db,
        sql`select s.location[0] as lng, s.location[1] as lat from solutions s
          where s.user_id = ${userId} and not s.show_exact_location
            and s.exact_location <@ circle(point(${exact.lng}, ${exact.lat}), ${SAME_PLACE_DEGREES})
          order by s.created_at desc limit 1`,
        z.object({ lng: z.coerce.number(), lat: z.coerce.number() }),
      );
      return row;
    },

    /**
     * D-6: soft delete; a live deal on the post ends with it and its acceptor is told, in the same
     * transaction. Null when there was nothing to delete; else the notification written, if any.
     */
    async softDelete(id: string, notice: Bilingual): Promise<{ notified: NotificationRow[] } | null> {
      return db.transaction(async (tx) => {
        const at = new Date();
        const [row] = await tx
          .update(solutions)
          .set({ status: 'Deleted', deletedAt: at })
          .where(and(eq(solutions.id, id), ne(solutions.status, 'Deleted')))
          .returning({ id: solutions.id });
        if (!row) return null;
        // D-32: its open requests are declined and its confirmed deals cancelled; a completed deal
        // stays completed (D-29).
        const declined = await tx
          .update(deals)
          .set({ state: 'declined', endedAt: at, endedReason: 'deleted' })
          .where(and(eq(deals.solutionId, id), eq(deals.state, 'requested')))
          .returning({ acceptorId: deals.acceptorId });
        const cancelled = await tx
          .update(deals)
          .set({ state: 'cancelled', endedAt: at, endedReason: 'deleted' })
          .where(and(eq(deals.solutionId, id), eq(deals.state, 'accepted')))
          .returning({ acceptorId: deals.acceptorId });
        const told = [...new Set([...declined, ...cancelled].map((d) => d.acceptorId))];
        if (told.length === 0) return { notified: [] };
        const notified = await tx
          .insert(notifications)
          .values(told.map((userId) => ({ userId, messageEn: notice.en, messageFr: notice.fr, solutionId: id })))
          .returning();
        return { notified };
      });
    },

    /** One visit per visitor and post per hour: repeated taps do not inflate the count. */
    async recordVisit(solutionId: string, visitor: { userId: string; firstName: string; mobile: string | null }) {
      await db.execute(sql`
        insert into visits (solution_id, visitor_user_id, visitor_first_name, visitor_mobile)
        select ${solutionId}, ${visitor.userId}, ${visitor.firstName}, ${visitor.mobile}
        where not exists (
          select 1 from visits where solution_id = ${solutionId} and visitor_user_id = ${visitor.userId}
            and created_at > now() - interval '1 hour')`);
    },
  };
}
