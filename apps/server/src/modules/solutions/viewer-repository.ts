// What one viewer adds to a cached public answer (list-cache.ts, details-cache.ts): the few facts
// that differ per viewer, read in one small statement that also checks the session (signedInRows).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { RunningSubscription } from '../entitlements/service.js';
import { subscriptionKindEnum } from '../../db/schema.js';
import { signedInRows } from '../sessions/repository.js';
import type { SessionClaim, SessionUser } from '../sessions/service.js';
import { runningSubscriptionKind, viewerExact } from './post-rows-repository.js';

const exactRow = z.object({
  id: z.string(),
  exact_lat: z.coerce.number(),
  exact_lng: z.coerce.number(),
  pickup_street_address: z.string().nullable(),
  delivery_street_address: z.string().nullable(),
});
/** D-35: a post's true point and street addresses, for a viewer entitled to them. */
export type ExactRow = z.infer<typeof exactRow>;

const factsRow = z.object({
  viewer_subscription: z.enum(subscriptionKindEnum.enumValues).nullable(),
  has_deal: z.boolean(),
  user_email: z.string().nullable(),
  user_mobile: z.string().nullable(),
  bookings: z.array(z.object({ start: z.coerce.date(), end: z.coerce.date() })),
});

const dealsRow = z.object({
  viewer_subscription: z.enum(subscriptionKindEnum.enumValues).nullable(),
  deal_posts: z.array(z.string()),
});

/** What a post's details show one viewer beyond its public record (details-cache.ts). */
export interface ViewerFacts {
  /** D-14: the viewer's own subscription or trial running now. */
  subscription: RunningSubscription;
  /** Any deal of the viewer on the post, live or ended: its answer is then built without the cache. */
  hasDeal: boolean;
  /** D-14: the owner's contacts, for a viewer entitled to them only. */
  email: string | null;
  mobile: string | null;
  /** D-33: confirmed bookings with dates (not announced by NOTIFY: read every time). */
  bookings: { start: number; end: number }[];
}

const uuids = (ids: string[]) => `{${ids.join(',')}}`;

export function viewerReads(db: Db) {
  return {
    /**
     * D-35: of these posts, those whose true point the session's viewer may see (its owner, or the
     * acceptor of a deal the owner confirmed) and that do not show it to everyone already, with it.
     * Throws AUTH_FAILED unless `claim` names a live session.
     */
    async exactPoints(ids: string[], claim: SessionClaim): Promise<{ viewer: SessionUser; rows: ExactRow[] }> {
      return signedInRows(
        db,
        claim,
        sql`select s.id, s.exact_location[1] as exact_lat, s.exact_location[0] as exact_lng,
                   s.pickup_street_address, s.delivery_street_address
            from solutions s where s.id = any(${uuids(ids)}::uuid[]) and not s.show_exact_location
              and ${viewerExact(sql`s`, sql`me.user_id`)}`,
        exactRow,
      );
    },

    /**
     * D-35: every post whose true point the session's viewer may see and that does not show it to
     * everyone (their own, and those of deals the owner confirmed with them: viewerExact), with it;
     * at most `limit` (the caller then knows there may be more). Throws AUTH_FAILED unless `claim`
     * names a live session.
     */
    async allExactPoints(claim: SessionClaim, limit: number): Promise<{ viewer: SessionUser; rows: ExactRow[] }> {
      // viewerExact said as two index walks (solutions_user_created, deals_acceptor_accepted), each
      // ordered and cut by the index itself: with the owner a parameter, a generic plan of the plain
      // union scanned every post when one account owned most of them (bench/load: PostgreSQL 4.9 ms
      // an answer).
      const cut = sql.raw(String(Math.trunc(limit)));
      return signedInRows(
        db,
        claim,
        sql`(select s.id, s.exact_location[1] as exact_lat, s.exact_location[0] as exact_lng,
                    s.pickup_street_address, s.delivery_street_address
             from solutions s where s.user_id = me.user_id and not s.show_exact_location
             order by s.created_at desc limit ${cut})
            union all
            (select s.id, s.exact_location[1], s.exact_location[0], s.pickup_street_address, s.delivery_street_address
             from deals d join solutions s on s.id = d.solution_id
             where d.acceptor_id = me.user_id and d.state in ('accepted', 'completed') and d.confirmed_at is not null
               and not s.show_exact_location
             order by d.accepted_at desc limit ${cut})`,
        exactRow,
      );
    },

    /**
     * D-14: the viewer's running subscription or trial, and the posts they hold a deal on (live or
     * ended), at most `limit` of them, with the session's check.
     */
    async viewerDeals(
      claim: SessionClaim,
      now: Date,
      limit: number,
    ): Promise<{ viewer: SessionUser; subscription: RunningSubscription; dealPosts: string[] }> {
      const { viewer, rows } = await signedInRows(
        db,
        claim,
        sql`select ${runningSubscriptionKind(sql`me.user_id`, now.toISOString())} as viewer_subscription,
                   array(select d.solution_id::text from deals d where d.acceptor_id = me.user_id
                     order by d.accepted_at desc limit ${sql.raw(String(Math.trunc(limit)))}) as deal_posts`,
        dealsRow,
      );
      const [row] = rows;
      return { viewer, subscription: row?.viewer_subscription ?? null, dealPosts: row?.deal_posts ?? [] };
    },

    /** The facts of ViewerFacts for post `id` (undefined when it or its owner is gone), with the session's check. */
    async detailsFacts(
      id: string,
      claim: SessionClaim,
      now: Date,
    ): Promise<{ viewer: SessionUser; facts: ViewerFacts | undefined }> {
      const { viewer, rows } = await signedInRows(
        db,
        claim,
        sql`select ${runningSubscriptionKind(sql`me.user_id`, now.toISOString())} as viewer_subscription,
                   exists (select 1 from deals d where d.solution_id = s.id and d.acceptor_id = me.user_id) as has_deal,
                   u.email as user_email, u.mobile_no as user_mobile,
                   coalesce((select json_agg(json_build_object('start', b.from_at, 'end', b.to_at))
                     from deals b where b.solution_id = s.id and b.state = 'accepted' and b.from_at is not null),
                     '[]'::json) as bookings
            from solutions s join users u on u.id = s.user_id where s.id = ${id} and u.deleted_at is null`,
        factsRow,
      );
      const [row] = rows;
      if (!row) return { viewer, facts: undefined };
      return {
        viewer,
        facts: {
          subscription: row.viewer_subscription,
          hasDeal: row.has_deal,
          email: row.user_email,
          mobile: row.user_mobile,
          bookings: row.bookings.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })),
        },
      };
    },
  };
}
export type ViewerReads = ReturnType<typeof viewerReads>;
