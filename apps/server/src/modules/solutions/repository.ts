// Posts: writes, lists, search and visits. Positions are answered by the GiST index (D-5) and
// text search by search_norm(), kept in generated columns with trigram indexes (migrations 0002
// and 0005; not in schema.ts, which only inserts never name them), never in application code.
import {
  BOOKING_UNITS,
  CATEGORY_IDS,
  SOLUTION_STATUSES,
  USER_ROLES,
  type Bilingual,
  type CategoryId,
  type ContactAccess,
  type SearchField,
  type UserRole,
} from '@app/shared';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { countryCodesMatching, normalizeName } from '../../lib/countries.js';
import { parseRows, queryRows } from '../../lib/sql-rows.js';
import type { RunningSubscription } from '../entitlements/service.js';
import { signedInRows } from '../sessions/repository.js';
import type { SessionClaim, SessionUser as Caller } from '../sessions/service.js';
import {
  contactAccessEnum,
  deals,
  notifications,
  solutionImages,
  solutions,
  subscriptionKindEnum,
  subscriptions,
  users,
  visits,
} from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;

export type NewSolutionRow = typeof solutions.$inferInsert;
export type NewImageRow = Omit<typeof solutionImages.$inferInsert, 'solutionId'>;

const imageRow = z.object({ solutionId: z.string(), fullKey: z.string(), thumbKey: z.string() });
export type ImageRow = z.infer<typeof imageRow>;

/** A post as COLUMNS selects it, parsed from each row (lib/sql-rows.ts): a column that drifts fails loudly. */
const solutionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  user_first_name: z.string(),
  user_email: z.string().nullable(),
  user_mobile: z.string().nullable(),
  user_verified: z.boolean(),
  user_vip: z.boolean(),
  /** D-29: the owner's completed deals and ratings, as shown wherever a person is shown. */
  user_completed_deals: z.number(),
  user_rating_sum: z.number(),
  user_rating_count: z.number(),
  user_role: z.enum(USER_ROLES),
  category: z.enum(CATEGORY_IDS),
  sub_category_id: z.string(),
  sub_category_en: z.string(),
  sub_category_fr: z.string(),
  /** D-30: null means the sub-category's name. */
  title: z.string().nullable(),
  price_usd: z.number(),
  price_eur: z.number(),
  price_xof: z.number(),
  description: z.string(),
  pickup_street_address: z.string().nullable(),
  pickup_city: z.string().nullable(),
  pickup_region: z.string().nullable(),
  pickup_country: z.string().nullable(),
  pickup_postal_address: z.string().nullable(),
  pickup_date: z.string().nullable(),
  /** D-35: the public point (`location`), within 1 km of the true one. */
  pickup_lat: z.coerce.number(),
  pickup_lng: z.coerce.number(),
  /** D-35: the true point: for toSolution to give its owner and a confirmed deal's parties only. */
  exact_lat: z.coerce.number(),
  exact_lng: z.coerce.number(),
  /** D-35: the owner shows the exact place (a shop, a depot). */
  show_exact_location: z.boolean(),
  /**
   * D-35: whether the viewer the statement ran for (signedInRows) is the owner or a party of a deal
   * the owner confirmed; false when the statement knew no viewer (the service decides then).
   */
  viewer_exact: z.boolean().default(false),
  delivery_street_address: z.string().nullable(),
  delivery_city: z.string().nullable(),
  delivery_region: z.string().nullable(),
  delivery_country: z.string().nullable(),
  delivery_postal_address: z.string().nullable(),
  delivery_date: z.string().nullable(),
  delivery_lat: z.number().nullable(),
  delivery_lng: z.number().nullable(),
  status: z.enum(SOLUTION_STATUSES),
  /** D-33: booked by date when priced per day, night, hour or month. */
  unit: z.enum(BOOKING_UNITS).nullable(),
  capacity: z.number(),
  blocked: z.array(z.object({ from: z.string(), to: z.string() })),
  /** D-33: a need's last day (pickup_date is its first). */
  dates_to: z.string().nullable(),
  /** D-29: an admin hid it, or its owner is blocked: off the map, lists and others' details. */
  hidden: z.boolean(),
  owner_blocked: z.boolean(),
  /** A timestamptz (a Date from either driver), answered as ISO text. */
  created_at: z.coerce.date().transform((at) => at.toISOString()),
  /** created_at as PostgreSQL text, exact to the microsecond, for list cursors. */
  created_key: z.string(),
  /** In position order. */
  images: z.array(imageRow),
});
export type SolutionRow = z.infer<typeof solutionRow>;

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

export interface SearchFilter {
  type: UserRole;
  field: SearchField;
  text: string;
  /** For field 'category': the categories whose names match, worked out from the catalogue in SQL. */
  categoryNames: { id: CategoryId; names: string }[];
  after?: { created: string; id: string } | undefined;
  limit: number;
}

/** GET /api/solution/search: every filter optional; `words` are normalised (accents, case). */
export interface PostSearchFilter {
  words: string[];
  type?: UserRole | undefined;
  category?: CategoryId | undefined;
  price?: { column: 'price_usd' | 'price_eur' | 'price_xof'; min?: number | undefined; max?: number | undefined };
  /** Nearest first from [lng, lat], paged by offset, within radiusKm when given. */
  near?: { at: [number, number]; offset: number; radiusKm?: number | undefined } | undefined;
  /**
   * Without `near`, best match first (API.md) among the newest BEST_MATCH_WINDOW matches, paged by
   * offset: `exact` is a tsquery OR'ing the typed words some post has as they are (null if none).
   */
  best?: { exact: string | null; offset: number } | undefined;
  after?: { created: string; id: string } | undefined;
  limit: number;
}

/** GET /api/solution/search without `near`: the newest matches ranked by best match (five pages of 20). */
export const BEST_MATCH_WINDOW = 100;

/** GET /api/solution/search with `near`: the open posts nearest the point looked in first. */
const NEAR_WINDOW = 2000;

/** A typed word stands for at most this many words of the posts (itself, longer words, close spellings). */
const VARIANTS_PER_WORD = 8;

/** D-35: posts whose true points lie this close (about 110 m) are made from the same place. */
const SAME_PLACE_DEGREES = 0.001;

/** Later than any post: the newest posts are the nearest to it (`created_at <-> NEVER`, btree_gist). */
const NEVER = '9999-12-31T00:00:00Z';

const hasDigit = (word: string) => /[0-9]/.test(word);

/**
 * SQL: `typed` (four letters or more) is a typo of `word` or of its beginning: at most one letter
 * inserted, deleted or replaced up to seven letters, two from eight ("tracter" -> "tracteur",
 * "tractor"; "freezr" -> "freezers"; never "transporter", nor "labour" -> "mbour"). Both are
 * column or expression names of the statement, never values.
 */
export const typoOf = (word: string, typed: string): SQL =>
  sql.raw(`levenshtein_less_equal(left(${word}, char_length(${typed}) + 1), ${typed}, 2)
    <= (case when char_length(${typed}) >= 8 then 2 else 1 end)`);

/**
 * The typed words as tsqueries (to_tsquery 'simple'): `all` every word, each by one of its
 * variants; `letters` the same for the words without digits only (migration 0023's GiST indexes
 * keep no words with digits), null when every typed word has a digit.
 */
export interface WordQuery {
  all: string;
  letters: string | null;
}

/** The WordQuery of normalised typed words (search_norm: [a-z0-9] only), each with its variants (searchVariants). */
export function wordQuery(words: string[], variants: Map<string, string[]>): WordQuery {
  const part = (w: string) => `(${(variants.get(w) ?? [w]).join(' | ')})`;
  const letters = words.filter((w) => !hasDigit(w));
  return { all: words.map(part).join(' & '), letters: letters.length > 0 ? letters.map(part).join(' & ') : null };
}

const COLUMNS = sql`
  select s.id, s.user_id, u.first_name as user_first_name, u.email as user_email, u.mobile_no as user_mobile,
         u.verified as user_verified, u.vip as user_vip, u.completed_deals as user_completed_deals,
         u.rating_sum as user_rating_sum, u.rating_count as user_rating_count, s.user_role, s.category, s.sub_category_id,
         s.sub_category_en, s.sub_category_fr, s.title, s.price_usd, s.price_eur, s.price_xof, s.description,
         s.pickup_street_address, s.pickup_city, s.pickup_region, s.pickup_country, s.pickup_postal_address,
         s.pickup_date::text as pickup_date, s.location[1] as pickup_lat, s.location[0] as pickup_lng,
         s.exact_location[1] as exact_lat, s.exact_location[0] as exact_lng, s.show_exact_location,
         s.delivery_street_address, s.delivery_city, s.delivery_region, s.delivery_country,
         s.delivery_postal_address, s.delivery_date::text as delivery_date, s.delivery_lat, s.delivery_lng,
         s.status, s.unit, s.capacity, s.blocked, s.dates_to::text as dates_to,
         s.hidden, s.owner_blocked, s.created_at, s.created_at::text as created_key,
         -- In the same round trip (bench/load: a second query per list cost more than this one);
         -- PostgreSQL evaluates it only for the rows kept by the limit.
         coalesce((select json_agg(json_build_object('solutionId', i.solution_id, 'fullKey', i.full_key,
                     'thumbKey', i.thumb_key) order by i.position)
                   from solution_images i where i.solution_id = s.id), '[]'::json) as images`;
const SELECT = sql`${COLUMNS} from solutions s join users u on u.id = s.user_id`;

/**
 * D-35: whether `viewer` may see the exact point of post `post` (a relation with id and user_id):
 * its owner, or the acceptor of a deal on it that the owner confirmed (accepted, or since completed).
 */
export const viewerExact = (post: SQL, viewer: SQL) => sql`(${post}.user_id = ${viewer} or exists (
  select 1 from deals vx where vx.solution_id = ${post}.id and vx.acceptor_id = ${viewer}
    and vx.state in ('accepted', 'completed') and vx.confirmed_at is not null))`;

/**
 * D-29: a listed post is open (Pending), not hidden by an admin and not of a blocked owner: the
 * predicate of the open-post indexes and of the map-cell triggers (migration 0021), said the same
 * way so that PostgreSQL uses those indexes.
 */
export const LISTED = sql`s.status = 'Pending' and not s.hidden and not s.owner_blocked`;
const open = sql`${LISTED} and u.deleted_at is null`;

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

const rowsOf = (result: unknown): SolutionRow[] => parseRows(result, solutionRow);

/**
 * At most one page from each group of open posts of the type (`groups` is a relation of `v`, and
 * `inGroup` says which posts belong to group `c.v`), each read newest first from an index, then
 * merged. Equivalent to filtering every open post by "in a matching group", but bounded: a rare
 * or unmatched group no longer walks every open post of the type (bench/load: 28 ms of
 * PostgreSQL for a category word that matched nothing).
 */
function pagesByGroup(filter: SearchFilter, groups: SQL, inGroup: SQL): SQL {
  // The page is merged from the groups' ids before the posts are read: joined afterwards, with as
  // many rows as the page, the posts are fetched by key. Joined to every group's rows, PostgreSQL
  // could hash-join them to a scan of all posts instead (issue 14: a one-letter country search).
  return sql`
    ${COLUMNS}
    from (select page.id from ${groups}
      cross join lateral (select s.id, s.created_at from solutions s join users u on u.id = s.user_id
        where ${LISTED} and s.user_role = ${filter.type} and u.deleted_at is null and ${inGroup}
          ${afterCursor(filter.after)}
        order by s.created_at desc, s.id desc limit ${rowCount(filter.limit)}) page
      order by page.created_at desc, page.id desc limit ${rowCount(filter.limit)}) page
    join solutions s on s.id = page.id join users u on u.id = s.user_id
    order by s.created_at desc, s.id desc`;
}

/**
 * A search by country (migration 0006): the distinct countries of open posts of the type, found by
 * a skip scan of solutions_open_country_created (one index probe per country), are matched against
 * the text; each matching country gives a page from the same index. Posts store ISO codes
 * (migration 0022), so a country matches when one of its names in either language contains the
 * text (worked out here, from the country lists); a stored value no list knew is matched as text.
 */
function byCountry(filter: SearchFilter): SQL {
  const live = sql`${LISTED} and s.user_role = ${filter.type}`;
  // search_country is search_norm(pickup_country): a code in lower case. The text and the codes are
  // one pattern (both are [a-z0-9 ] only): with a list of codes as a parameter of its own,
  // PostgreSQL judged a plan for an unknown list dearer and planned every search afresh.
  const text = normalizeName(filter.text);
  const codes = countryCodesMatching(text).map((code) => `^${code.toLowerCase()}$`);
  const pattern = [text, ...codes].join('|');
  const countries = sql`(
    with recursive countries(v) as (
      (select s.search_country from solutions s where ${live} and s.search_country is not null
        order by s.search_country limit 1)
      union all
      select (select s.search_country from solutions s where ${live} and s.search_country > c.v
        order by s.search_country limit 1)
      from countries c where c.v is not null)
    select v from countries where ${text ? sql`v ~ ${pattern}` : sql`false`}) c`;
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
    (claim
      ? (
          await signedInRows(
            db,
            claim,
            sql`select x.*, ${viewerExact(sql`x`, sql`me.user_id`)} as viewer_exact
          from (${query}) x`,
            solutionRow,
          )
        ).rows
      : rowsOf(await db.execute(query))
    ).slice(0, limit);

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

    async findById(id: string): Promise<SolutionRow | undefined> {
      return rowsOf(await db.execute(sql`${SELECT} where s.id = ${id} and u.deleted_at is null`))[0];
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
      const running = (userId: SQL) => sql`(select r.kind from subscriptions r where r.user_id = ${userId}
        and r.status in ('active', 'cancelled') and r.end_at > ${at}::timestamptz limit 1)`;
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
      if (filter.field === 'pickup_country') return run(byCountry(filter), claim, filter.limit);
      if (filter.field === 'category') return run(byCategory(filter, needle), claim, filter.limit);
      return run(
        sql`${SELECT} where ${open} and s.user_role = ${filter.type} and s.search_sub_category like ${needle}
          ${afterCursor(filter.after)} order by s.created_at desc, s.id desc limit ${rowCount(filter.limit)}`,
        claim,
        filter.limit,
      );
    },

    /**
     * For each typed word, the words of the posts it stands for (migration 0016's
     * search_vocabulary): the word itself, words it begins (three letters or more), and close
     * spellings (four letters or more), best first. A word with digits is not in the vocabulary
     * (migration 0023) and stands for itself alone: looked up as it is.
     *
     * A close spelling is a typo, not a likeness: trigram similarity finds the candidates from its
     * index, then TYPO_EDITS bounds the letters changed. Trigrams alone let "labour" stand for the
     * town "mbour" and "tracter" for "transporter", so those searches listed minibus seats and
     * parcels beside the tractors. The alerts' matching (modules/alerts) keeps the same rule.
     */
    async searchVariants(words: string[]): Promise<Map<string, string[]>> {
      const variants = new Map(words.filter(hasDigit).map((w) => [w, [w]]));
      const lettered = words.filter((w) => !hasDigit(w));
      if (lettered.length === 0) return variants;
      const rows = await queryRows(
        db,
        sql`
        select q.w, v.word from json_array_elements_text(${JSON.stringify(lettered)}::json) as q(w)
        cross join lateral (select word from search_vocabulary
          where word = q.w or (char_length(q.w) >= 3 and word like q.w || '%')
             or (char_length(q.w) >= 4 and word % q.w
               and ${typoOf('word', 'q.w')})
          order by word = q.w desc, word like q.w || '%' desc, similarity(word, q.w) desc, word
          limit ${VARIANTS_PER_WORD}) v`,
        z.object({ w: z.string(), word: z.string() }),
      );
      for (const row of rows) {
        variants.set(row.w, [...(variants.get(row.w) ?? []), row.word]);
      }
      return variants;
    },

    /**
     * Open posts matching `words` (every typed word, each by one of its variants) and the
     * filters: nearest first with `near`, else best match first with `best`, else newest first.
     */
    async postSearch(filter: PostSearchFilter, words: WordQuery | null, claim?: SessionClaim): Promise<SolutionRow[]> {
      const conditions: SQL[] = [open];
      if (words?.letters) {
        // Said as migration 0023's GiST indexes say it, so that their walks check the words.
        conditions.push(sql`search_letter_words(s.search_words) @@ to_tsquery('simple', ${words.letters})`);
      }
      if (words && words.all !== words.letters) {
        conditions.push(sql`s.search_words @@ to_tsquery('simple', ${words.all})`);
      }
      if (filter.type) conditions.push(sql`s.user_role = ${filter.type}`);
      if (filter.category) conditions.push(sql`s.category = ${filter.category}`);
      if (filter.price?.min !== undefined)
        conditions.push(sql`s.${sql.raw(filter.price.column)} >= ${filter.price.min}`);
      if (filter.price?.max !== undefined)
        conditions.push(sql`s.${sql.raw(filter.price.column)} <= ${filter.price.max}`);
      const where = sql`where ${sql.join(conditions, sql` and `)}`;
      if (filter.near) {
        const [lng, lat] = filter.near.at;
        const at = sql`point(${lng}, ${lat})`;
        let window = sql``;
        if (filter.near.radiusKm !== undefined) {
          // A circle in degrees that holds the true one (a degree of longitude shrinks with
          // cos(lat)), for the GiST index, then the great-circle distance itself.
          const km = filter.near.radiusKm;
          const degrees = km / 111.19 / Math.max(0.01, Math.cos((Math.min(89, Math.abs(lat)) * Math.PI) / 180));
          window = sql`and s.location <@ circle(${at}, ${degrees})
            and 2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(s.location[1] - ${lat}) / 2), 2)
            + cos(radians(${lat})) * cos(radians(s.location[1])) * power(sin(radians(s.location[0] - ${lng}) / 2), 2))))
            <= ${km}`;
        }
        const skip = filter.near.offset;
        const page = sql`limit ${rowCount(filter.limit)} ${skip ? sql`offset ${skip}` : sql``}`;
        if (words?.letters) {
          // The nearest matches from one walk of solutions_open_location_words by distance, which
          // skips the parts of the map where no post has the words (reading every match to sort
          // them: bench:search, 1,000,000 posts, p95 555 ms), with every post as far as the last
          // (`with ties`: a page boundary between two posts at one spot stays put), then sorted
          // exactly by (distance, id). PostgreSQL walks the GiST index by distance only for
          // `order by location <-> p` alone (list()).
          const wanted = skip ? sql`(${rowCount(filter.limit)} + ${skip}::int)` : rowCount(filter.limit);
          // Materialized, the walk is made once (as the best match's window), and only the
          // page's posts are then read whole.
          return run(
            sql`with k as materialized (select s.id, s.location <-> ${at} as d
                from solutions s join users u on u.id = s.user_id ${where} ${window}
                order by s.location <-> ${at} fetch first ${wanted} rows with ties)
              ${COLUMNS} from (select k.id, k.d from k order by k.d, k.id ${page}) k
              join solutions s on s.id = k.id join users u on u.id = s.user_id
              order by k.d, s.id`,
            claim,
            filter.limit,
          );
        }
        // No words, or words with digits only (no walk above checks them): among the NEAR_WINDOW
        // open posts nearest the point, walked from the GiST index; too few there to fill the
        // page, every match (by the GIN index for such words, which are rare).
        const nearest = (nearby: SQL) =>
          run(
            sql`${SELECT} ${where} ${window} ${nearby} order by s.location <-> ${at}, s.id ${page}`,
            claim,
            filter.limit,
          );
        const windowed = await nearest(
          // An array, not `in (select ...)`: a semi-join was planned against every match again.
          sql`and s.id = any(array(select w.id from solutions w where w.status = 'Pending'
            order by w.location <-> ${at} limit ${sql.raw(String(NEAR_WINDOW))}))`,
        );
        return windowed.length >= filter.limit ? windowed : nearest(sql``);
      }
      if (filter.best && words) {
        // Ranked among the newest BEST_MATCH_WINDOW matches: ranking every match read all of them
        // (bench:search, 200,000 posts: a word in 5,000 posts, 55 ms of PostgreSQL alone). They
        // come from one walk of solutions_open_created_words from the newest (`<->` a date to
        // come), which skips the stretches of time where no post has the words; with digits only
        // in the words, newest first from solutions_open_created or the GIN index. A word typed as
        // it is counts twice one of its variants (a beginning, a close spelling); ties, newest first.
        const { exact, offset: skip } = filter.best;
        const rank = sql`ts_rank(s.search_words, to_tsquery('simple', ${words.all.replaceAll('&', '|')}))
          ${exact ? sql`+ 2 * ts_rank(s.search_words, to_tsquery('simple', ${exact}))` : sql``}`;
        // `with ties`: posts written at one instant are in the window or out of it together.
        const newest = words.letters
          ? sql`s.created_at <-> ${NEVER}::timestamptz fetch first ${sql.raw(String(BEST_MATCH_WINDOW))} rows with ties`
          : sql`s.created_at desc, s.id desc limit ${sql.raw(String(BEST_MATCH_WINDOW))}`;
        // The window is read once (materialized: with few users, PostgreSQL once walked it again
        // for each), and only the page's posts are then read whole.
        return run(
          sql`with b as materialized (select s.id, s.created_at, ${rank} as rank
              from solutions s join users u on u.id = s.user_id ${where} order by ${newest})
            ${COLUMNS} from (select b.id, b.rank from b order by b.rank desc, b.created_at desc, b.id desc
              limit ${rowCount(filter.limit)} ${skip ? sql`offset ${skip}` : sql``}) b
            join solutions s on s.id = b.id join users u on u.id = s.user_id
            order by b.rank desc, s.created_at desc, s.id desc`,
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

    /** Throws AUTH_FAILED unless `claim` names a live session: for calls that end before their query. */
    async checkSession(claim: SessionClaim): Promise<void> {
      await signedInRows(db, claim, sql`select 1 where false`, z.never());
    },

    /** The posts of deals (issue 15), whatever their status now: a deal keeps its post. */
    async byIds(ids: string[]): Promise<SolutionRow[]> {
      if (ids.length === 0) return [];
      const list = sql.join(
        [...new Set(ids)].map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      return rowsOf(await db.execute(sql`${SELECT} where s.id in (${list})`));
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

    /** D-32, D-33: what a post's page shows about its deals to one viewer. */
    async dealFacts(solutionId: string, viewerId: string) {
      const [open] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(deals)
        .where(and(eq(deals.solutionId, solutionId), eq(deals.state, 'requested')));
      const [mine] = await db
        .select({ id: deals.id, state: deals.state })
        .from(deals)
        .where(and(eq(deals.solutionId, solutionId), eq(deals.acceptorId, viewerId), isNull(deals.endedAt)))
        .orderBy(sql`${deals.acceptedAt} desc`)
        .limit(1);
      const booked = await db
        .select({ fromAt: deals.fromAt, toAt: deals.toAt })
        .from(deals)
        .where(and(eq(deals.solutionId, solutionId), eq(deals.state, 'accepted'), sql`${deals.fromAt} is not null`));
      return {
        requestCount: Number(open?.n ?? 0),
        myDeal: mine,
        bookings: booked.map((b) => ({ start: b.fromAt!.getTime(), end: b.toAt!.getTime() })),
      };
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
    async softDelete(id: string, notice: Bilingual): Promise<{ notified: NotificationRow[] } | null> {
      return db.transaction(async (tx) => {
        const at = new Date();
        const [row] = await tx
          .update(solutions)
          .set({ status: 'Deleted', deletedAt: at })
          .where(and(eq(solutions.id, id), sql`${solutions.status} <> 'Deleted'`))
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

    /** D-14, D-32: `acceptorId`'s confirmed deal on a post, if any. */
    async liveDeal(solutionId: string, acceptorId: string) {
      const [deal] = await db
        .select()
        .from(deals)
        .where(
          and(
            eq(deals.solutionId, solutionId),
            eq(deals.acceptorId, acceptorId),
            inArray(deals.state, ['accepted', 'completed']),
          ),
        )
        .limit(1);
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
    /** D-32: open requests per post (My Offers' "Requests (n)"). */
    async requestCounts(solutionIds: string[]): Promise<Map<string, number>> {
      if (solutionIds.length === 0) return new Map();
      const rows = await db
        .select({ id: deals.solutionId, n: sql<number>`count(*)::int` })
        .from(deals)
        .where(and(inArray(deals.solutionId, solutionIds), eq(deals.state, 'requested')))
        .groupBy(deals.solutionId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },

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
