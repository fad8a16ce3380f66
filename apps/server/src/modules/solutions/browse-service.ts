// Browsing posts: lists newest or nearest first and the searches, paged by opaque cursors.

import {
  CATEGORIES,
  COUNTRY_SEARCH_MIN_LETTERS,
  currencyOfSetting,
  parseDecimal,
  searchTextTooShort,
  type ListQuery,
  type PostSearchQuery,
  type UserRole,
} from '@app/shared';

import { AppError } from '../../lib/app-error.js';
import { normalizeName as normalize } from '../../lib/countries.js';

import type { SessionClaim } from '../sessions/service.js';

import type { SolutionRow } from './post-rows-repository.js';
import { type SolutionsRepository } from './repository.js';
import { BEST_MATCH_WINDOW, wordQuery, type WordQuery } from './search-repository.js';
import type { FieldSearch } from './list-cache.js';
import { withImages } from './solution-record.js';

/** Deep paging of nearest-first lists is refused: nobody scrolls past this many posts. */
const MAX_NEAR_OFFSET = 10_000;
/** A search box reads at most this many words. */
const MAX_SEARCH_WORDS = 8;

/** Cursors are opaque to clients: base64url of the last row's key. */
function encodeCursor(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  return Buffer.from(cursor, 'base64url').toString('utf8');
}

function afterOf(cursor: string | undefined) {
  const text = decodeCursor(cursor);
  if (text === undefined) return undefined;
  const match = /^k:(.{10,40})\|([0-9a-f-]{36})$/.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!))) {
    throw new AppError('VALIDATION', 'Invalid input', { cursor: 'Invalid cursor' });
  }
  return { created: match[1]!, id: match[2]! };
}

function offsetOf(cursor: string | undefined): number {
  const text = decodeCursor(cursor);
  if (text === undefined) return 0;
  const match = /^o:(\d{1,5})$/.exec(text);
  if (!match || Number(match[1]) > MAX_NEAR_OFFSET) {
    throw new AppError('VALIDATION', 'Invalid input', { cursor: 'Invalid cursor' });
  }
  return Number(match[1]);
}

/** The typed words that some post has as they are, as a tsquery OR'ing them; null when none is. */
const exactWords = (words: string[], variants: Map<string, string[]>): string | null => {
  const exact = words.filter((w) => variants.get(w)?.includes(w));
  return exact.length > 0 ? exact.join(' | ') : null;
};

/** Category ids with their names in both languages, for searching by category (the names are the catalogue's). */
const CATEGORY_NAMES = CATEGORIES.map((c) => ({ id: c.id, names: `${c.id} ${c.name.en} ${c.name.fr}` }));

export function browseService({ repo }: { repo: SolutionsRepository }) {
  function page<Row>(rows: Row[], limit: number, next: (last: Row) => string) {
    const more = rows.length > limit;
    const shown = more ? rows.slice(0, limit) : rows;
    return { shown, next_cursor: more ? encodeCursor(next(shown[shown.length - 1]!)) : null };
  }

  /** A nearest-first page paged by offset, which ends at MAX_NEAR_OFFSET. */
  function nearPage<Row>(rows: Row[], limit: number, offset: number) {
    const { shown, next_cursor } = page(rows, limit, () => `o:${offset + limit}`);
    return { shown, next_cursor: offset + limit > MAX_NEAR_OFFSET ? null : next_cursor };
  }

  /**
   * Reads the input a query needs; when it is invalid, the session is checked first, so a caller
   * without a live session hears 401, as from requireUser, before any complaint about the input.
   */
  async function authFirst<T>(claim: SessionClaim | undefined, read: () => T): Promise<T> {
    if (!claim) return read();
    try {
      return read();
    } catch (error) {
      await repo.checkSession(claim);
      throw error;
    }
  }

  return {
    /**
     * Open posts of a type, newest or nearest first, for the session `claim` names (checked with
     * the read; without a claim, none): the page as that viewer sees it (`viewer`, D-35: the true
     * point of their own posts and of a deal the owner confirmed) and, from the same rows, as
     * anyone sees it (`anyone`, public points), for the shared cache (list-cache.ts).
     */
    async list(type: UserRole, query: ListQuery, claim?: SessionClaim) {
      let shown: SolutionRow[];
      let next_cursor: string | null;
      if (query.near) {
        const offset = await authFirst(claim, () => offsetOf(query.cursor));
        const rows = await repo.list(
          { type, category: query.category, near: { at: query.near, offset }, limit: query.limit + 1 },
          claim,
        );
        ({ shown, next_cursor } = nearPage(rows, query.limit, offset));
      } else {
        const after = await authFirst(claim, () => afterOf(query.cursor));
        const rows = await repo.list({ type, category: query.category, after, limit: query.limit + 1 }, claim);
        ({ shown, next_cursor } = page(rows, query.limit, (last) => `k:${last.created_key}|${last.id}`));
      }
      const anyone = { data: await withImages(shown, query, query.near, () => false), next_cursor };
      const viewer = shown.some((row) => row.viewer_exact)
        ? { data: await withImages(shown, query, query.near), next_cursor }
        : anyone;
      return { viewer, anyone };
    },

    /**
     * A nearest-first page of open posts of a type as ids, for the live session `claim` names,
     * with whether that viewer sees each exactly (D-35), and the page's cursor: list-cache.ts
     * builds the page from the posts' kept records.
     */
    async nearestIds(type: UserRole, query: ListQuery & { near: [number, number] }, claim: SessionClaim) {
      const offset = await authFirst(claim, () => offsetOf(query.cursor));
      const rows = await repo.nearestIds(
        { type, category: query.category, near: { at: query.near, offset }, limit: query.limit + 1 },
        claim,
      );
      return nearPage(rows, query.limit, offset);
    },

    /**
     * A search by country, category or sub-category (searchSolution), for the session `claim`
     * names (without one, none): the page as that viewer and as anyone sees it, as list() answers.
     */
    async search(type: UserRole, { field, text, query }: FieldSearch, claim?: SessionClaim) {
      const empty = { data: [], next_cursor: null };
      // Nothing left to match once accents and punctuation go: an empty result, not every post.
      if (normalize(text) === '') {
        if (claim) await repo.checkSession(claim);
        return { viewer: empty, anyone: empty };
      }
      // One letter matches nearly every country, a page of posts each.
      if (searchTextTooShort(field, text)) {
        if (claim) await repo.checkSession(claim);
        throw new AppError('VALIDATION', undefined, {
          text: `At least ${COUNTRY_SEARCH_MIN_LETTERS} letters to search by country`,
        });
      }
      const after = await authFirst(claim, () => afterOf(query.cursor));
      const rows = await repo.search(
        { type, field, text, categoryNames: CATEGORY_NAMES, after, limit: query.limit + 1 },
        claim,
      );
      const { shown, next_cursor } = page(rows, query.limit, (last) => `k:${last.created_key}|${last.id}`);
      const anyone = { data: await withImages(shown, query, undefined, () => false), next_cursor };
      const viewer = shown.some((row) => row.viewer_exact)
        ? { data: await withImages(shown, query), next_cursor }
        : anyone;
      return { viewer, anyone };
    },

    /**
     * GET /api/solution/search: every typed word must match a word of the post (title,
     * description, city, sub-category and category names in both languages), exactly, as a
     * beginning, or by a close spelling; nearest first with `near`, else best match first (API.md),
     * else (no words) newest first.
     */
    async postSearch(query: PostSearchQuery, claim: SessionClaim) {
      const words = [...new Set(normalize(query.q).split(' ').filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
      const code = currencyOfSetting(query.currency);
      const minor = (value: string | undefined) => (value === undefined ? undefined : parseDecimal(value, code));
      const price = {
        column:
          code === 'EUR' ? ('price_eur' as const) : code === 'XOF' ? ('price_xof' as const) : ('price_usd' as const),
        min: minor(query.min_price) ?? undefined,
        max: minor(query.max_price) ?? undefined,
      };
      // Nearest first and best match first are paged by offset; newest first by the last row's key.
      const byOffset = query.near !== undefined || words.length > 0;
      const offset = byOffset ? await authFirst(claim, () => offsetOf(query.cursor)) : 0;
      const after = byOffset ? undefined : await authFirst(claim, () => afterOf(query.cursor));
      let match: WordQuery | null = null;
      let variants = new Map<string, string[]>();
      if (query.q.trim() !== '') {
        variants = words.length > 0 ? await repo.searchVariants(words) : variants;
        // A word that stands for nothing in any post: nothing matches every word.
        if (words.length === 0 || words.some((w) => !variants.has(w))) {
          await repo.checkSession(claim);
          return { data: [], next_cursor: null };
        }
        match = wordQuery(words, variants);
      }
      const rows = await repo.postSearch(
        {
          words,
          type: query.type,
          category: query.category,
          price,
          near: query.near ? { at: query.near, offset, radiusKm: query.radius_km } : undefined,
          best: query.near ? undefined : { exact: exactWords(words, variants), offset },
          after,
          limit: query.limit + 1,
        },
        match,
        claim,
      );
      if (byOffset) {
        const { shown, next_cursor } = page(rows, query.limit, () => `o:${offset + query.limit}`);
        return {
          data: await withImages(shown, query, query.near),
          // Best match pages end with its window (repository.ts); nearest first at MAX_NEAR_OFFSET.
          next_cursor:
            offset + query.limit > MAX_NEAR_OFFSET || (!query.near && offset + query.limit >= BEST_MATCH_WINDOW)
              ? null
              : next_cursor,
        };
      }
      const { shown, next_cursor } = page(rows, query.limit, (last) => `k:${last.created_key}|${last.id}`);
      return { data: await withImages(shown, query), next_cursor };
    },
  };
}
