// Post reads one at a time or by owner: details (with what D-6 and D-14 ask), lists newest or
// nearest first, My Offers and My Orders.
import { USER_ROLES, type CategoryId, type ContactAccess, type UserRole } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { shapedStatements } from '../../db/shaped-statements.js';
import { queryRows } from '../../lib/sql-rows.js';
import type { RunningSubscription } from '../entitlements/service.js';
import { signedInRows } from '../sessions/repository.js';
import type { SessionClaim, SessionUser as Caller } from '../sessions/service.js';
import { contactAccessEnum, subscriptionKindEnum } from '../../db/schema.js';
import {
  COLUMNS,
  SELECT,
  newestFirst,
  open,
  postRunner,
  rowCount,
  rowsOf,
  runningSubscriptionKind,
  solutionRow,
  viewerExact,
  type SolutionRow,
} from './post-rows-repository.js';

/** findForViewer's row: the post, its live deal, and the subscriptions running of each party. */
const runningSubscription = z.enum(subscriptionKindEnum.enumValues).nullable();
const viewedRow = solutionRow.extend({
  deal_acceptor_id: z.string().nullable(),
  deal_contact_access: z.enum(contactAccessEnum.enumValues).nullable(),
  viewer_subscription: runningSubscription,
  owner_subscription: runningSubscription,
  acceptor_subscription: runningSubscription,
});

/** A post as one viewer's details call needs it (findForViewer). */
export interface ViewedSolution {
  row: SolutionRow;
  deal: { acceptorId: string; contactAccess: ContactAccess } | undefined;
  /** The subscription running (or null) of each of the viewer, the owner and the deal's acceptor. */
  subscriptions: Map<string, RunningSubscription>;
}

export interface ListFilter {
  type: UserRole;
  category?: CategoryId | undefined;
  /** Newest first after this (created_at, id); absent for the first page. */
  after?: { created: string; id: string } | undefined;
  /** Nearest first from [lng, lat], paged by offset. */
  near?: { at: [number, number]; offset: number } | undefined;
  limit: number;
}

/**
 * Each type as SQL text, not a parameter: a generic plan of `user_role = $n` cannot use the
 * per-type partial indexes of migration 0035, and a nearest-first walk then read twice the posts.
 * Newest-first pages say it the same way: one rule for a list's type, two statements either way.
 */
const TYPE_LITERAL = Object.fromEntries(USER_ROLES.map((role) => [role, sql.raw(`'${role}'`)])) as Record<
  UserRole,
  SQL
>;

/** A list's posts: listed (D-29), of its type and, if asked, its category. */
const listed = (filter: Pick<ListFilter, 'type' | 'category'>): SQL =>
  sql`where ${open} and s.user_role = ${TYPE_LITERAL[filter.type]} ${
    filter.category ? sql`and s.category = ${filter.category}` : sql``
  }`;

/**
 * Nearest first from `near.at`, one page of `columns` (a select of `solutions s join users u`).
 * PostgreSQL walks the GiST index by distance only for `order by location <-> p` alone; with the id
 * tie-break it sorted every open post (a sequential scan). So the index walk stops at the last
 * wanted post and every post as far as it (`with ties`), and only those are sorted by (distance,
 * id). The walk reads each post once, where finding the reach first and then the circle of that
 * radius read them twice (one client, 100,000 posts: 0.62 → 0.41 ms of PostgreSQL a page).
 * A later page sends its offset as a parameter (offsets are many); the first page, by far the most
 * asked for, has none, so PostgreSQL can keep one generic plan for it (rowCount).
 */
function nearestFirst(columns: SQL, where: SQL, near: NonNullable<ListFilter['near']>, limit: number): SQL {
  const at = sql`point(${near.at[0]}, ${near.at[1]})`;
  const skip = near.offset;
  const reach = skip ? sql`(${rowCount(limit)} + ${skip}::int)` : rowCount(limit);
  return sql`select n.* from (${columns}, s.location <-> ${at} as distance
    from solutions s join users u on u.id = s.user_id ${where}
    order by s.location <-> ${at} fetch first ${reach} rows with ties) n
    order by n.distance, n.id limit ${rowCount(limit)} ${skip ? sql`offset ${skip}` : sql``}`;
}

const idList = (ids: string[]): SQL =>
  sql.join(
    [...new Set(ids)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** nearestIds' row: a post, and whether the viewer sees its true point (D-35). */
const nearestRow = z.object({ id: z.string(), viewer_exact: z.boolean() });
export type NearestRow = z.infer<typeof nearestRow>;

export function postReads(db: Db) {
  const run = postRunner(db);
  const shaped = shapedStatements(db);
  return {
    /** One shape: rendered once (db/shaped-statements.ts), as a post's details miss it often. */
    async findById(id: string): Promise<SolutionRow | undefined> {
      return rowsOf(
        await shaped('post-by-id', (v) => sql`${SELECT} where s.id = ${v(id)} and u.deleted_at is null`),
      )[0];
    },

    /**
     * A post with everything D-6 and D-14 ask about it for one viewer, in one round trip (bench/load:
     * the details call made four): its live deal, and the subscriptions running at `now` of the
     * viewer, the owner and the deal's acceptor. The rule itself stays in modules/entitlements. The
     * viewer is a signed-in caller, or a session claim checked in the same statement.
     */
    async findForViewer(
      id: string,
      viewer: Caller | SessionClaim,
      now: Date,
    ): Promise<{ viewer: Caller; found: ViewedSolution | undefined }> {
      const at = now.toISOString();
      const running = (userId: SQL) => runningSubscriptionKind(userId, at);
      const query = (viewerId: SQL) => sql`
        select v.*, ${running(viewerId)} as viewer_subscription,
               ${running(sql`v.user_id`)} as owner_subscription,
               case when v.deal_acceptor_id is null then null else ${running(sql`v.deal_acceptor_id`)} end
                 as acceptor_subscription
        from (${COLUMNS}, d.acceptor_id as deal_acceptor_id, d.contact_access as deal_contact_access
          from solutions s join users u on u.id = s.user_id
          -- D-14, D-32: the viewer's own confirmed deal on the post, if any.
          left join lateral (select x.acceptor_id, x.contact_access from deals x
            where x.solution_id = s.id and x.acceptor_id = ${viewerId} and x.state in ('accepted', 'completed')
            order by x.accepted_at desc limit 1) d on true
          where s.id = ${id} and u.deleted_at is null) v`;
      let caller: Caller;
      let viewed: z.infer<typeof viewedRow> | undefined;
      if ('hash' in viewer) {
        const signedIn = await signedInRows(db, viewer, query(sql`me.user_id`), viewedRow);
        caller = signedIn.viewer;
        viewed = signedIn.rows[0];
      } else {
        caller = viewer;
        [viewed] = await queryRows(db, query(sql`${viewer.userId}::uuid`), viewedRow);
      }
      if (!viewed) return { viewer: caller, found: undefined };
      const {
        deal_acceptor_id: acceptorId,
        deal_contact_access: contactAccess,
        viewer_subscription: viewerRunning,
        owner_subscription: ownerRunning,
        acceptor_subscription: acceptorRunning,
        ...row
      } = viewed;
      const subscriptions = new Map<string, RunningSubscription>([
        [caller.userId, viewerRunning],
        [row.user_id, ownerRunning],
      ]);
      const deal = acceptorId && contactAccess ? { acceptorId, contactAccess } : undefined;
      if (deal) subscriptions.set(deal.acceptorId, acceptorRunning);
      return { viewer: caller, found: { row, deal, subscriptions } };
    },

    async list(filter: ListFilter, claim?: SessionClaim): Promise<SolutionRow[]> {
      const where = listed(filter);
      if (filter.near) return run(nearestFirst(COLUMNS, where, filter.near, filter.limit), claim, filter.limit);
      return run(sql`${SELECT} ${where} ${newestFirst(filter)}`, claim, filter.limit);
    },

    /**
     * A nearest-first page's posts as ids only, for the live session `claim` names (signedInRows),
     * with whether that viewer sees each exactly (D-35): list-cache.ts builds the page from the
     * posts' kept records, so the statement reads no post's columns or images.
     */
    async nearestIds(
      filter: ListFilter & Required<Pick<ListFilter, 'near'>>,
      claim: SessionClaim,
    ): Promise<NearestRow[]> {
      const ids = nearestFirst(sql`select s.id, s.user_id`, listed(filter), filter.near, filter.limit);
      const { rows } = await signedInRows(
        db,
        claim,
        sql`select x.id, ${viewerExact(sql`x`, sql`me.user_id`)} as viewer_exact from (${ids}) x`,
        nearestRow,
      );
      return rows.slice(0, filter.limit);
    },

    /** The posts with these ids whose owners are not deleted (as findById, in one statement). */
    async findManyById(ids: string[]): Promise<SolutionRow[]> {
      if (ids.length === 0) return [];
      return rowsOf(await db.execute(sql`${SELECT} where s.id in (${idList(ids)}) and u.deleted_at is null`));
    },

    /** Throws AUTH_FAILED unless `claim` names a live session: for calls that end before their query. */
    async checkSession(claim: SessionClaim): Promise<void> {
      await signedInRows(db, claim, sql`select 1 where false`, z.never());
    },

    /** The posts of deals, whatever their status now: a deal keeps its post. */
    async byIds(ids: string[]): Promise<SolutionRow[]> {
      if (ids.length === 0) return [];
      return rowsOf(await db.execute(sql`${SELECT} where s.id in (${idList(ids)})`));
    },

    /** My Offers (SPEC 2.3 item 11): the owner's posts, open or taken, newest first. */
    async byOwner(userId: string, limit: number): Promise<SolutionRow[]> {
      return rowsOf(
        await db.execute(sql`${SELECT} where s.user_id = ${userId} and s.status <> 'Deleted'
          order by s.created_at desc, s.id desc limit ${limit}`),
      );
    },

    /** My Orders (SPEC 2.3 item 12): posts the user requested or holds a live deal on, latest first. */
    async acceptedBy(userId: string, limit: number): Promise<SolutionRow[]> {
      return rowsOf(
        await db.execute(sql`${COLUMNS}, ${viewerExact(sql`s`, sql`${userId}::uuid`)} as viewer_exact
          from solutions s join users u on u.id = s.user_id join (select solution_id, max(accepted_at) as last_at from deals
            where acceptor_id = ${userId} and ended_at is null group by solution_id) d on d.solution_id = s.id
          where s.status <> 'Deleted' and not s.hidden and not s.owner_blocked
          order by d.last_at desc limit ${limit}`),
      );
    },
  };
}
