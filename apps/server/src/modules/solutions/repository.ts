// Posts: writes, lists, search and visits. Positions are answered by the GiST index (D-5) and
// text search by search_norm(), kept in generated columns with trigram indexes (migrations 0002
// and 0005; not in schema.ts, which only inserts never name them), never in application code.
import type { Bilingual, CategoryId, SearchField, SolutionStatus, UserRole } from '@app/shared';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ContactAccess, RunningSubscription } from '../payments/entitlements.js';
import { signedInRows } from '../sessions/repository.js';
import type { SessionClaim, SessionUser as Caller } from '../sessions/service.js';
import { deals, notifications, solutionImages, solutions, subscriptions, users, visits } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;

export type NewSolutionRow = typeof solutions.$inferInsert;
export type NewImageRow = Omit<typeof solutionImages.$inferInsert, 'solutionId'>;

export interface SolutionRow {
  id: string;
  user_id: string;
  user_first_name: string;
  user_email: string | null;
  user_mobile: string | null;
  user_verified: boolean;
  user_vip: boolean;
  user_role: UserRole;
  category: CategoryId;
  sub_category_id: string;
  sub_category_en: string;
  sub_category_fr: string;
  price_usd: number;
  price_eur: number;
  price_xof: number;
  description: string;
  pickup_street_address: string | null;
  pickup_city: string | null;
  pickup_region: string | null;
  pickup_country: string | null;
  pickup_postal_address: string | null;
  pickup_date: string | null;
  pickup_lat: number;
  pickup_lng: number;
  delivery_street_address: string | null;
  delivery_city: string | null;
  delivery_region: string | null;
  delivery_country: string | null;
  delivery_postal_address: string | null;
  delivery_date: string | null;
  delivery_lat: number | null;
  delivery_lng: number | null;
  status: SolutionStatus;
  created_at: string;
  /** created_at as PostgreSQL text, exact to the microsecond, for list cursors. */
  created_key: string;
  /** In position order. */
  images: ImageRow[];
}

/** A post as one viewer's details call needs it (findForViewer). */
export interface ViewedSolution {
  row: SolutionRow;
  deal: { acceptorId: string; contactAccess: ContactAccess } | undefined;
  /** The subscription running (or null) of each of the viewer, the owner and the deal's acceptor. */
  subscriptions: Map<string, RunningSubscription>;
}

export interface ImageRow {
  solutionId: string;
  fullKey: string;
  thumbKey: string;
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

export interface SearchFilter {
  type: UserRole;
  field: SearchField;
  text: string;
  /** For field 'category': the categories whose names match, worked out from the catalogue in SQL. */
  categoryNames: { id: CategoryId; names: string }[];
  after?: { created: string; id: string } | undefined;
  limit: number;
}

const COLUMNS = sql`
  select s.id, s.user_id, u.first_name as user_first_name, u.email as user_email, u.mobile_no as user_mobile,
         u.verified as user_verified, u.vip as user_vip, s.user_role, s.category, s.sub_category_id,
         s.sub_category_en, s.sub_category_fr, s.price_usd, s.price_eur, s.price_xof, s.description,
         s.pickup_street_address, s.pickup_city, s.pickup_region, s.pickup_country, s.pickup_postal_address,
         s.pickup_date::text as pickup_date, s.location[1] as pickup_lat, s.location[0] as pickup_lng,
         s.delivery_street_address, s.delivery_city, s.delivery_region, s.delivery_country,
         s.delivery_postal_address, s.delivery_date::text as delivery_date, s.delivery_lat, s.delivery_lng,
         s.status, s.created_at, s.created_at::text as created_key,
         -- In the same round trip (bench/load: a second query per list cost more than this one);
         -- PostgreSQL evaluates it only for the rows kept by the limit.
         coalesce((select json_agg(json_build_object('solutionId', i.solution_id, 'fullKey', i.full_key,
                     'thumbKey', i.thumb_key) order by i.position)
                   from solution_images i where i.solution_id = s.id), '[]'::json) as images`;
const SELECT = sql`${COLUMNS} from solutions s join users u on u.id = s.user_id`;

const open = sql`s.status = 'Pending' and u.deleted_at is null`;

/**
 * The row count of a page, written into the statement rather than sent as a parameter: PostgreSQL
 * plans `limit $n` as an unknown limit, so a generic plan of a paged query looked far costlier
 * than a custom one and it planned every call afresh (pg_prepared_statements: 0 generic plans in
 * 130 calls), which cost as much as running it. Rounded up to one of a few steps, so the texts,
 * and the prepared statements each connection keeps, stay few; `run` keeps the rows asked for.
 */
const ROW_STEPS = [21, 51, 101];
function rowCount(n: number): SQL {
  const step = ROW_STEPS.find((s) => s >= n);
  if (!step || !Number.isSafeInteger(n) || n < 1) throw new Error(`not a page size: ${n}`);
  return sql.raw(String(step));
}

function afterCursor(after: { created: string; id: string } | undefined): SQL {
  return after ? sql`and (s.created_at, s.id) < (${after.created}::timestamptz, ${after.id}::uuid)` : sql``;
}

function rowsOf(result: unknown): SolutionRow[] {
  return (result as { rows: SolutionRow[] }).rows.map((r) => ({
    ...r,
    pickup_lat: Number(r.pickup_lat),
    pickup_lng: Number(r.pickup_lng),
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/**
 * At most one page from each group of open posts of the type (`groups` is a relation of `v`, and
 * `inGroup` says which posts belong to group `c.v`), each read newest first from an index, then
 * merged. Equivalent to filtering every open post by "in a matching group", but bounded: a rare
 * or unmatched group no longer walks every open post of the type (bench/load: 28 ms of
 * PostgreSQL for a category word that matched nothing).
 */
function pagesByGroup(filter: SearchFilter, groups: SQL, inGroup: SQL): SQL {
  return sql`
    ${COLUMNS}
    from ${groups}
    cross join lateral (select s.id from solutions s join users u on u.id = s.user_id
      where s.status = 'Pending' and s.user_role = ${filter.type} and u.deleted_at is null and ${inGroup}
        ${afterCursor(filter.after)}
      order by s.created_at desc, s.id desc limit ${rowCount(filter.limit)}) page
    join solutions s on s.id = page.id join users u on u.id = s.user_id
    order by s.created_at desc, s.id desc limit ${rowCount(filter.limit)}`;
}

/**
 * A search by country (migration 0006): the distinct countries of open posts of the type, found by
 * a skip scan of solutions_open_country_created (one index probe per country), are matched against
 * the text; each matching country gives a page from the same index.
 */
function byCountry(filter: SearchFilter, needle: SQL): SQL {
  const live = sql`s.status = 'Pending' and s.user_role = ${filter.type}`;
  const countries = sql`(
    with recursive countries(v) as (
      (select s.search_country from solutions s where ${live} and s.search_country is not null
        order by s.search_country limit 1)
      union all
      select (select s.search_country from solutions s where ${live} and s.search_country > c.v
        order by s.search_country limit 1)
      from countries c where c.v is not null)
    select v from countries where v like ${needle}) c`;
  return pagesByGroup(filter, countries, sql`s.search_country = c.v`);
}

/**
 * A search by category: the catalogue's names (sent as a VALUES list: they live in the catalogue
 * module) are matched against the text; each matching category gives a page from
 * solutions_category_role_status_created.
 */
function byCategory(filter: SearchFilter, needle: SQL): SQL {
  const names = filter.categoryNames.map((c) => sql`(${c.id}, ${c.names})`);
  const categories = sql`(select id::category as v from (values ${sql.join(names, sql`, `)}) as n(id, names)
    where search_norm(n.names) like ${needle}) c`;
  return pagesByGroup(filter, categories, sql`s.category = c.v`);
}

export function solutionsRepository(db: Db) {
  /** The rows of `query`; with a claim, only for the live session it names (signedInRows). */
  const run = async (query: SQL, claim: SessionClaim | undefined, limit: number): Promise<SolutionRow[]> =>
    rowsOf(claim ? await signedInRows(db, claim, query) : await db.execute(query)).slice(0, limit);

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

    async findById(id: string): Promise<SolutionRow | undefined> {
      return rowsOf(await db.execute(sql`${SELECT} where s.id = ${id} and u.deleted_at is null`))[0];
    },

    /**
     * A post with everything D-6 and D-14 ask about it for one viewer, in one round trip (bench/load:
     * the details call made four): its live deal, and the subscriptions running at `now` of the
     * viewer, the owner and the deal's acceptor. The rule itself stays in entitlements.ts. The
     * viewer is a signed-in caller, or a session claim checked in the same statement.
     */
    async findForViewer(
      id: string,
      viewer: Caller | SessionClaim,
      now: Date,
    ): Promise<{ viewer: Caller; found: ViewedSolution | undefined }> {
      const at = now.toISOString();
      const running = (userId: SQL) => sql`(select r.kind from subscriptions r where r.user_id = ${userId}
        and r.status in ('active', 'cancelled') and r.end_at > ${at}::timestamptz limit 1)`;
      const query = (viewerId: SQL) => sql`
        select v.*, ${running(viewerId)} as viewer_subscription,
               ${running(sql`v.user_id`)} as owner_subscription,
               case when v.deal_acceptor_id is null then null else ${running(sql`v.deal_acceptor_id`)} end
                 as acceptor_subscription
        from (${COLUMNS}, d.acceptor_id as deal_acceptor_id, d.contact_access as deal_contact_access
          from solutions s join users u on u.id = s.user_id
          left join deals d on d.solution_id = s.id and d.ended_at is null
          where s.id = ${id} and u.deleted_at is null) v`;
      let caller: Caller;
      let raw: Record<string, unknown> | undefined;
      if ('hash' in viewer) {
        const signedIn = await signedInRows<Record<string, unknown>>(db, viewer, query(sql`me.user_id`));
        caller = signedIn.viewer;
        raw = signedIn.rows[0];
      } else {
        caller = viewer;
        const result = await db.execute(query(sql`${viewer.userId}::uuid`));
        raw = (result as { rows: Record<string, unknown>[] }).rows[0];
      }
      if (!raw) return { viewer: caller, found: undefined };
      const [row] = rowsOf({ rows: [raw] });
      const subscriptions = new Map<string, RunningSubscription>([
        [caller.userId, raw.viewer_subscription as RunningSubscription],
        [row!.user_id, raw.owner_subscription as RunningSubscription],
      ]);
      const deal = raw.deal_acceptor_id
        ? { acceptorId: raw.deal_acceptor_id as string, contactAccess: raw.deal_contact_access as ContactAccess }
        : undefined;
      if (deal) subscriptions.set(deal.acceptorId, raw.acceptor_subscription as RunningSubscription);
      return { viewer: caller, found: { row: row!, deal, subscriptions } };
    },

    async list(filter: ListFilter, claim?: SessionClaim): Promise<SolutionRow[]> {
      const category = filter.category ? sql`and s.category = ${filter.category}` : sql``;
      const where = sql`where ${open} and s.user_role = ${filter.type} ${category}`;
      if (filter.near) {
        const [lng, lat] = filter.near.at;
        const at = sql`point(${lng}, ${lat})`;
        // PostgreSQL walks the GiST index by distance only for `order by location <-> p` alone; with
        // the id tie-break it sorted every open post (a sequential scan). So the index first finds
        // how far the last wanted post lies, and the circle of that radius (an index scan too, and a
        // superset: it includes every tie) is then sorted exactly by (distance, id).
        // A later page sends its offset as a parameter (offsets are many); the first page, by far
        // the most asked for, has none, so PostgreSQL can keep one generic plan for it (rowCount).
        const skip = filter.near.offset;
        const reach = sql`(select max(k.d) from (select s.location <-> ${at} as d from solutions s
          join users u on u.id = s.user_id ${where} order by s.location <-> ${at}
          limit ${skip ? sql`${rowCount(filter.limit)} + ${skip}::int` : rowCount(filter.limit)}) k)`;
        return run(
          sql`${SELECT} ${where} and s.location <@ circle(${at}, ${reach})
            order by s.location <-> ${at}, s.id
            limit ${rowCount(filter.limit)} ${skip ? sql`offset ${skip}` : sql``}`,
          claim,
          filter.limit,
        );
      }
      return run(
        sql`${SELECT} ${where} ${afterCursor(filter.after)}
          order by s.created_at desc, s.id desc limit ${rowCount(filter.limit)}`,
        claim,
        filter.limit,
      );
    },

    async search(filter: SearchFilter, claim?: SessionClaim): Promise<SolutionRow[]> {
      const needle = sql`'%' || search_norm(${filter.text}) || '%'`;
      if (filter.field === 'pickup_country') return run(byCountry(filter, needle), claim, filter.limit);
      if (filter.field === 'category') return run(byCategory(filter, needle), claim, filter.limit);
      return run(
        sql`${SELECT} where ${open} and s.user_role = ${filter.type} and s.search_sub_category like ${needle}
          ${afterCursor(filter.after)} order by s.created_at desc, s.id desc limit ${rowCount(filter.limit)}`,
        claim,
        filter.limit,
      );
    },

    /** Throws AUTH_FAILED unless `claim` names a live session: for calls that end before their query. */
    async checkSession(claim: SessionClaim): Promise<void> {
      await signedInRows(db, claim, sql`select 1 where false`);
    },

    /** My Offers (SPEC 2.3 item 11): the owner's posts, open or taken, newest first. */
    async byOwner(userId: string, limit: number): Promise<SolutionRow[]> {
      return rowsOf(
        await db.execute(sql`${SELECT} where s.user_id = ${userId} and s.status <> 'Deleted'
          order by s.created_at desc, s.id desc limit ${limit}`),
      );
    },

    /** My Orders (SPEC 2.3 item 12): posts the user holds a live deal on, latest deal first. */
    async acceptedBy(userId: string, limit: number): Promise<SolutionRow[]> {
      return rowsOf(
        await db.execute(sql`${SELECT} join deals d on d.solution_id = s.id and d.ended_at is null
          where d.acceptor_id = ${userId} and s.status = 'Accepted'
          order by d.accepted_at desc limit ${limit}`),
      );
    },

    async images(solutionIds: string[]): Promise<ImageRow[]> {
      if (solutionIds.length === 0) return [];
      return db
        .select({
          solutionId: solutionImages.solutionId,
          fullKey: solutionImages.fullKey,
          thumbKey: solutionImages.thumbKey,
        })
        .from(solutionImages)
        .where(inArray(solutionImages.solutionId, solutionIds))
        .orderBy(asc(solutionImages.solutionId), asc(solutionImages.position));
    },

    /**
     * D-6: soft delete; a live deal on the post ends with it and its acceptor is told, in the same
     * transaction. Null when there was nothing to delete; else the notification written, if any.
     */
    async softDelete(id: string, notice: Bilingual): Promise<{ notified: NotificationRow | null } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(solutions)
          .set({ status: 'Deleted', deletedAt: new Date() })
          .where(and(eq(solutions.id, id), sql`${solutions.status} <> 'Deleted'`))
          .returning({ id: solutions.id });
        if (!row) return null;
        const [ended] = await tx
          .update(deals)
          .set({ endedAt: new Date(), endedReason: 'deleted' })
          .where(and(eq(deals.solutionId, id), isNull(deals.endedAt)))
          .returning({ acceptorId: deals.acceptorId });
        if (!ended) return { notified: null };
        const [notified] = await tx
          .insert(notifications)
          .values({ userId: ended.acceptorId, messageEn: notice.en, messageFr: notice.fr, solutionId: id })
          .returning();
        return { notified: notified! };
      });
    },

    /** The live deal on a post, if any. */
    async liveDeal(solutionId: string) {
      const [deal] = await db
        .select()
        .from(deals)
        .where(and(eq(deals.solutionId, solutionId), isNull(deals.endedAt)));
      return deal;
    },

    /** D-13, D-14 (a): the kind of subscription running right now ('trial' or 'yearly'), or null. */
    async activeSubscription(userId: string, now: Date): Promise<RunningSubscription> {
      const [row] = await db
        .select({ kind: subscriptions.kind })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            // A cancelled subscription keeps the period already paid for.
            inArray(subscriptions.status, ['active', 'cancelled']),
            sql`${subscriptions.endAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .limit(1);
      return row?.kind ?? null;
    },

    async contactOf(userId: string) {
      const [row] = await db
        .select({ firstName: users.firstName, mobile: users.mobileNo, language: users.language })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row;
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

    /** Visits per post, for the owner's list. */
    async visitCounts(solutionIds: string[]): Promise<Map<string, number>> {
      if (solutionIds.length === 0) return new Map();
      const rows = await db
        .select({ id: visits.solutionId, n: sql<number>`count(*)::int` })
        .from(visits)
        .where(inArray(visits.solutionId, solutionIds))
        .groupBy(visits.solutionId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
  };
}
export type SolutionsRepository = ReturnType<typeof solutionsRepository>;
