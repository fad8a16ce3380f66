// Post searches: by one field (sub-category, category, country) and the free-text search with its
// filters, nearest first, best match first or newest first. Text search runs on search_norm(), kept
// in generated columns with trigram indexes (migrations 0002 and 0005), never in application code.
import type { CategoryId, SearchField, UserRole } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { countryCodesMatching, normalizeName } from '../../lib/countries.js';
import { queryRows } from '../../lib/sql-rows.js';
import type { SessionClaim } from '../sessions/service.js';
import {
  COLUMNS,
  LISTED,
  SELECT,
  newestFirst,
  open,
  postRunner,
  rowCount,
  type SolutionRow,
} from './post-rows-repository.js';

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
  // could hash-join them to a scan of all posts instead (a one-letter country search).
  return sql`
    ${COLUMNS}
    from (select page.id from ${groups}
      cross join lateral (select s.id, s.created_at from solutions s join users u on u.id = s.user_id
        where ${LISTED} and s.user_role = ${filter.type} and u.deleted_at is null and ${inGroup}
          ${newestFirst(filter)}) page
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

export function postSearches(db: Db) {
  const run = postRunner(db);
  return {
    async search(filter: SearchFilter, claim?: SessionClaim): Promise<SolutionRow[]> {
      const needle = sql`'%' || search_norm(${filter.text}) || '%'`;
      if (filter.field === 'pickup_country') return run(byCountry(filter), claim, filter.limit);
      if (filter.field === 'category') return run(byCategory(filter, needle), claim, filter.limit);
      return run(
        sql`${SELECT} where ${open} and s.user_role = ${filter.type} and s.search_sub_category like ${needle}
          ${newestFirst(filter)}`,
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
      return run(sql`${SELECT} ${where} ${newestFirst(filter)}`, claim, filter.limit);
    },
  };
}
