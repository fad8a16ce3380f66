// Newest list pages and field searches from the shared cache (lib/shared-cache.ts, docs/performance.md):
// a page is computed once as anyone is shown it (public points, D-35; lists carry no contacts,
// D-14) and kept for LIST_TTL_MS; every post change drops every page on every instance
// (plugins/public-caches.ts). What differs per viewer is added after the cache, from one small
// statement that also checks the session: the true point of the viewer's own posts and of posts
// of a deal the owner confirmed with them (D-35). Nothing of one viewer is ever kept. A page not
// held costs the one statement it cost before the cache. A nearest page is asked from its viewer's
// own point and never kept: its posts are read as ids, nearest first, and the page is built from
// their public records as the posts cache keeps them (public-posts.ts).
import { listOf, solutionSchema, type ListQuery, type SearchField, type Solution, type UserRole } from '@app/shared';
import { answerBody } from '../../lib/answer-body.js';
import { AppError } from '../../lib/app-error.js';
import type { KeptBody, SerialisedBody } from '../../lib/send-kept.js';
import type { CachedAnswer, SharedCache } from '../../lib/shared-cache.js';
import type { SessionClaim } from '../sessions/service.js';
import type { NearestRow } from './list-repository.js';
import type { PublicPosts } from './public-posts.js';
import { shownDistanceKm, type Display } from './solution-record.js';
import { MAX_REMEMBERED_POSTS, type ViewerExact, type ViewerExactCache } from './viewer-exact-cache.js';
import type { ViewerReads, ExactRow } from './viewer-repository.js';

/**
 * How long a list page is kept. Any change of a post, or of a poster's name, badges or rating
 * (migrations 0033 and 0034), drops every page at once, so this bounds their memory and a missed
 * announcement.
 */
export const LIST_TTL_MS = 60_000;

const pageSchema = listOf(solutionSchema);
type Page = { data: Solution[]; next_cursor: string | null };

/** A page as the route answers it: the cached bytes as they are, a page's JSON, or a page to serialise. */
export type ListAnswer = KeptBody | SerialisedBody | Page;

/** D-35: a post as its owner or a confirmed deal's party sees it (toSolution with `exact`). */
function withExact(post: Solution, exact: ExactRow): Solution {
  return {
    ...post,
    pickup_street_address: exact.pickup_street_address,
    pickup_lat: exact.exact_lat,
    pickup_lng: exact.exact_lng,
    location_exact: true,
    delivery_street_address: exact.delivery_street_address,
  };
}

/** A page as one viewer and as anyone sees it, from one statement (browse-service.ts). */
type BothPages = { viewer: Page; anyone: Page };
/** What a field search (searchSolution) asks, besides its type. */
export type FieldSearch = {
  field: SearchField;
  text: string;
  query: Pick<ListQuery, 'limit' | 'cursor'> & Display;
};

export function listCache(deps: {
  cache: SharedCache;
  viewers: Pick<ViewerReads, 'exactPoints' | 'allExactPoints'>;
  /** The viewers' posts seen exactly, remembered (viewer-exact-cache.ts). */
  exact: ViewerExactCache;
  page: (type: UserRole, query: ListQuery, claim?: SessionClaim) => Promise<BothPages>;
  /** A nearest page's posts as ids, with the viewer's session checked (browse-service.ts). */
  nearestIds: (
    type: UserRole,
    query: ListQuery & { near: [number, number] },
    claim: SessionClaim,
  ) => Promise<{ shown: NearestRow[]; next_cursor: string | null }>;
  /** The posts' public records, kept (public-posts.ts). */
  posts: PublicPosts;
  search: (type: UserRole, search: FieldSearch, claim?: SessionClaim) => Promise<BothPages>;
  /** Throws AUTH_FAILED unless the claim is live: a refused input is told to a live session only. */
  checkSession: (claim: SessionClaim) => Promise<void>;
}) {
  /** Parsed once per kept page, for the viewers whose fields change it. */
  const parsed = new WeakMap<CachedAnswer, Page>();
  const pageOf = (answer: CachedAnswer): Page => {
    let page = parsed.get(answer);
    if (!page) parsed.set(answer, (page = JSON.parse(answer.body) as Page));
    return page;
  };

  /**
   * Of the page's posts, those the viewer sees exactly, with their true points: from what this
   * instance remembers of the viewer, else read with the session's check (one statement either way
   * when the session is not remembered).
   */
  async function viewerExact(page: Page, claim: SessionClaim): Promise<Map<string, ExactRow>> {
    const remembered = claim.cached && deps.exact.get(claim.cached.userId);
    if (remembered instanceof Map) return remembered;
    if (remembered !== 'many') {
      const mark = deps.exact.mark();
      const { viewer, rows } = await deps.viewers.allExactPoints(claim, MAX_REMEMBERED_POSTS + 1);
      const all: ViewerExact = rows.length > MAX_REMEMBERED_POSTS ? 'many' : new Map(rows.map((r) => [r.id, r]));
      deps.exact.keep(viewer.userId, all, mark);
      if (all instanceof Map) return all;
    }
    const { rows } = await deps.viewers.exactPoints(
      page.data.map((p) => p._id),
      claim,
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /**
   * The page kept under `key`, with the viewer's own fields added; `read` reads it for a viewer
   * (or, without a claim, as anyone sees it) when it is not kept.
   */
  async function cachedPage(
    key: string,
    claim: SessionClaim,
    read: (claim?: SessionClaim) => Promise<BothPages>,
  ): Promise<ListAnswer> {
    // A page missing here is read for this viewer with its session check, as before the cache, and
    // kept as anyone sees it. Others waiting for the same page share that computation: a refused
    // session must not fail theirs, so the page is then read without it and this caller refused.
    let own: Page | undefined;
    /** True when this call computed the page for this viewer: nothing of theirs is left to add. */
    let computed = false;
    let refused: unknown;
    const compute = async () => {
      let both;
      try {
        both = await read(claim);
        computed = true;
        // The same page as anyone's (the usual case) is sent as the kept bytes, not serialised again.
        if (both.viewer !== both.anyone) own = both.viewer;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'AUTH_FAILED')) throw error;
        refused = error;
        both = await read();
      }
      return answerBody(pageSchema, both.anyone);
    };
    let answer: CachedAnswer;
    try {
      answer = await deps.cache.get(key, key, compute);
    } catch (error) {
      // As before the cache: a caller without a live session hears 401 before any complaint.
      await deps.checkSession(claim);
      throw error;
    }
    if (refused) throw refused;
    if (own) return own;
    if (computed) return { body: answer.body, owner: answer };
    const page = pageOf(answer);
    const exact = await viewerExact(page, claim);
    if (!page.data.some((post) => exact.has(post._id))) return { body: answer.body, owner: answer };
    return {
      ...page,
      data: page.data.map((post) => {
        const row = exact.get(post._id);
        return row ? withExact(post, row) : post;
      }),
    };
  }

  /**
   * A nearest page, from its viewer's own point, which another viewer hardly ever sends: never kept,
   * where it only pushed out the pages everyone asks for (bench/load: newest pages found in memory
   * 57 % of the time with nearest pages kept, 83 % without). Its posts, though, are those of every
   * nearby viewer's pages: one statement finds them, nearest first, as ids, and the page is joined
   * from their kept records, each cut where its distance goes. A page with a post the viewer sees
   * exactly (D-35), or one no longer everyone's since the statement, is read whole as before.
   */
  async function nearest(
    type: UserRole,
    query: ListQuery & { near: [number, number] },
    claim: SessionClaim,
  ): Promise<ListAnswer> {
    const whole = async () => (await deps.page(type, query, claim)).viewer;
    const { shown, next_cursor } = await deps.nearestIds(type, query, claim);
    if (shown.some((row) => row.viewer_exact)) return whole();
    const items = await deps.posts.nearItems(
      shown.map((row) => row.id),
      query,
    );
    const data: string[] = [];
    for (const item of items) {
      if (!item) return whole();
      data.push(item.head + JSON.stringify(shownDistanceKm(query.near, item.lat, item.lng)) + item.tail);
    }
    return { json: `{"data":[${data.join(',')}],"next_cursor":${JSON.stringify(next_cursor)}}` };
  }

  return {
    /** Newest or nearest first (getAllSolutions, getCategorySolutions). */
    async list(type: UserRole, query: ListQuery, claim: SessionClaim): Promise<ListAnswer> {
      if (query.near) return nearest(type, { ...query, near: query.near }, claim);
      const key = JSON.stringify([
        'list',
        type,
        query.category ?? null,
        query.cursor ?? null,
        query.limit,
        query.currency,
        query.lang,
      ]);
      return cachedPage(key, claim, (c) => deps.page(type, query, c));
    },

    /** A search by country, category or sub-category (searchSolution), newest first. */
    search(type: UserRole, search: FieldSearch, claim: SessionClaim): Promise<ListAnswer> {
      const { field, text, query } = search;
      const key = JSON.stringify([
        'search',
        type,
        field,
        text,
        query.cursor ?? null,
        query.limit,
        query.currency,
        query.lang,
      ]);
      return cachedPage(key, claim, (c) => deps.search(type, search, c));
    },
  };
}
