// What the deal's moves share: notices written with a move, the post's row locked while its deals
// move, the time a post holds, and completing a deal.
import { DEAL_MOVES, blockedInterval, type Bilingual, type DealMove, type DealState, type Interval } from '@app/shared';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deals, notifications, solutions, users } from '../../db/schema.js';
import type { DealRow } from './repository.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** A notice for one user, about one post. */
export interface Told {
  userId: string;
  notice: Bilingual;
}

export async function tell(tx: Db, solutionId: string, told: readonly Told[]): Promise<NotificationRow[]> {
  if (told.length === 0) return [];
  return tx
    .insert(notifications)
    .values(told.map((t) => ({ userId: t.userId, messageEn: t.notice.en, messageFr: t.notice.fr, solutionId })))
    .returning();
}

export const from = (move: DealMove) => [...(DEAL_MOVES[move].from as readonly DealState[])];

/** The post's row, locked until the transaction ends: moves on its deals take turns. */
export async function lockPost(tx: Db, solutionId: string) {
  const [post] = await tx
    .select({
      id: solutions.id,
      userId: solutions.userId,
      status: solutions.status,
      userRole: solutions.userRole,
      unit: solutions.unit,
      capacity: solutions.capacity,
      blocked: solutions.blocked,
    })
    .from(solutions)
    .where(eq(solutions.id, solutionId))
    .for('update');
  return post;
}

/** D-33: the time held on a post by its confirmed bookings and its owner's blocked dates. */
export async function heldOn(tx: Db, post: { id: string; blocked: { from: string; to: string }[] }, except?: string) {
  const rows = await tx
    .select({ fromAt: deals.fromAt, toAt: deals.toAt })
    .from(deals)
    .where(
      and(
        eq(deals.solutionId, post.id),
        eq(deals.state, 'accepted'),
        isNotNull(deals.fromAt),
        except ? ne(deals.id, except) : undefined,
      ),
    );
  const held: Interval[] = rows.map((r) => ({ start: r.fromAt!.getTime(), end: r.toAt!.getTime() }));
  return [...held, ...post.blocked.map(blockedInterval)];
}

/** Accepted → completed, counting one more completed deal for both parties (D-29, D-34). */
export async function completeIn(
  tx: Db,
  deal: DealRow,
  byId: string | null,
  at: Date,
  ownerId: string,
): Promise<DealRow> {
  const [done] = await tx
    .update(deals)
    .set({ state: 'completed', completedAt: at, completedBy: byId })
    .where(and(eq(deals.id, deal.id), eq(deals.state, 'accepted')))
    .returning();
  await tx
    .update(users)
    .set({ completedDeals: sql`${users.completedDeals} + 1` })
    .where(inArray(users.id, [ownerId, deal.acceptorId]));
  return done ?? deal;
}
