// The rules of posts: publishing (validation in the shared schema, prices from the catalogue, D-4),
// images (D-7), who sees a post and its contacts (D-6, D-14), soft deletion by the owner only.
import { randomUUID } from 'node:crypto';
import {
  CATEGORIES,
  COUNTRY_SEARCH_MIN_LETTERS,
  convertOwnPrice,
  currencyOfSetting,
  blockedInterval,
  findSubcategory,
  takenRanges,
  unitOfLabel,
  formatMoney,
  parseDecimal,
  searchTextTooShort,
  storedTitle,
  toDecimalString,
  type ListQuery,
  type NewSolution,
  type PostSearchQuery,
  type SearchField,
  type Solution,
  type UserRole,
} from '@app/shared';
import type { StorageAdapter } from '../../adapters/storage/storage-adapter.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { countryCodeOf, normalizeName as normalize } from '../../lib/countries.js';
import { distanceKm, roundHalfKm } from '../../lib/geo.js';
import { drawPublicPoint, PUBLIC_POINT_RADIUS_KM, to3 } from '../../lib/public-point.js';
import { processPostImage } from '../../lib/images.js';
import { notices } from '../notifications/messages.js';
import { entitlements } from '../entitlements/service.js';
import type { Notifier } from '../notifications/notifier.js';
import type { SessionClaim, SessionUser as Caller } from '../sessions/service.js';
import { titleIn, titleOf } from './title.js';
import type { ImageRow, SolutionRow } from './post-rows-repository.js';
import { solutionsRepository, type SolutionsRepository } from './repository.js';
import { BEST_MATCH_WINDOW, wordQuery, type WordQuery } from './search-repository.js';

export interface Display {
  currency: ListQuery['currency'];
  lang: ListQuery['lang'];
}

interface Deps {
  repo: SolutionsRepository;
  storage: StorageAdapter;
  /** D-4: euros per dollar in millionths, for own-proposition prices. */
  eurPerUsdMicro: number;
  /** Delivers notifications once written; absent in data-layer tests. */
  notifier?: Notifier;
  now?: () => Date;
}

/** Deep paging of nearest-first lists is refused: nobody scrolls past this many posts. */
const MAX_NEAR_OFFSET = 10_000;
/** My Offers and My Orders show everything a person could manage on one screen. */
const MY_LIST_LIMIT = 500;
/** A search box reads at most this many words. */
const MAX_SEARCH_WORDS = 8;

export const mediaUrl = (key: string) => `/api/media/${key}`;

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

/**
 * Migration 0022: a post stores its countries as ISO codes. A code or a name in English or French
 * becomes its code (older clients and offline queues send the name their form showed); a name no
 * list knows is kept as written, as migration 0022 keeps one, rather than refusing a client's post.
 */
function countryCodesOf(input: NewSolution): { pickup: string; delivery: string | null } {
  const pickup = countryCodeOf(input.pickup_country) ?? input.pickup_country.trim();
  const delivery =
    input.delivery_country === null ? null : (countryCodeOf(input.delivery_country) ?? input.delivery_country.trim());
  return { pickup, delivery };
}

/** D-29: the average of a person's ratings to one decimal, null while nobody has rated. */
const DAY_MS = 86_400_000;

export const ratingOf = (sum: number, count: number) => ({
  average: count > 0 ? Math.round((sum / count) * 10) / 10 : null,
  count,
});

/**
 * D-35: the point a viewer is shown: the true one for the owner and a confirmed deal's parties
 * (`exact`), or when the owner shows the place; else the public point, to 3 decimals.
 */
export function pointFor(
  row: Pick<SolutionRow, 'pickup_lat' | 'pickup_lng' | 'exact_lat' | 'exact_lng' | 'show_exact_location'>,
  exact: boolean,
): { lat: number; lng: number; exact: boolean } {
  return exact || row.show_exact_location
    ? { lat: row.exact_lat, lng: row.exact_lng, exact: true }
    : { lat: to3(row.pickup_lat), lng: to3(row.pickup_lng), exact: false };
}

/**
 * A post as the API answers it. `exact`: the viewer is its owner or a party of a deal the owner
 * confirmed (D-35); everyone else gets the public point.
 */
export function toSolution(
  row: SolutionRow,
  images: ImageRow[],
  display: Display,
  contacts: boolean,
  exact: boolean,
): Solution {
  const code = currencyOfSetting(display.currency);
  const point = pointFor(row, exact);
  const minor = code === 'EUR' ? row.price_eur : code === 'XOF' ? row.price_xof : row.price_usd;
  return {
    _id: row.id,
    user: {
      _id: row.user_id,
      firstName: row.user_first_name,
      verified: row.user_verified,
      vip: row.user_vip,
      // D-14: contacts only for a viewer entitled to them; absent from the JSON otherwise.
      ...(contacts && row.user_email ? { email: row.user_email } : {}),
      ...(contacts && row.user_mobile ? { mobile_no: row.user_mobile } : {}),
      // D-29: shown wherever a person is shown.
      completed_deals: Number(row.user_completed_deals ?? 0),
      rating: ratingOf(Number(row.user_rating_sum ?? 0), Number(row.user_rating_count ?? 0)),
    },
    user_role: row.user_role,
    category: row.category,
    sub_category: { en: row.sub_category_en, fr: row.sub_category_fr },
    sub_category_id: row.sub_category_id,
    title: titleIn(row, display.lang),
    sub_category_price_dollar: toDecimalString(row.price_usd, 'USD'),
    sub_category_price_euro: toDecimalString(row.price_eur, 'EUR'),
    sub_category_price_fr: toDecimalString(row.price_xof, 'XOF'),
    display_price: formatMoney(minor, code, display.lang === 'fr' ? 'fr-ca' : 'en-us'),
    description: row.description,
    images: images.map((image) => ({ url: mediaUrl(image.fullKey), thumb_url: mediaUrl(image.thumbKey) })),
    // D-35: a street address narrows a home as much as the exact point, so it goes with it.
    pickup_street_address: point.exact ? row.pickup_street_address : null,
    pickup_city: row.pickup_city,
    pickup_region: row.pickup_region,
    pickup_country: row.pickup_country,
    pickup_postal_address: row.pickup_postal_address,
    pickup_date: row.pickup_date,
    pickup_lat: point.lat,
    pickup_lng: point.lng,
    location_exact: point.exact,
    delivery_street_address: point.exact ? row.delivery_street_address : null,
    delivery_city: row.delivery_city,
    delivery_region: row.delivery_region,
    delivery_country: row.delivery_country,
    delivery_postal_address: row.delivery_postal_address,
    delivery_date: row.delivery_date,
    status: row.status,
    created_at: row.created_at,
    // D-33: a post priced per day, night, hour or month is booked by date.
    ...(row.unit ? { unit: row.unit, capacity: row.capacity } : {}),
    ...(row.dates_to ? { dates_to: row.dates_to } : {}),
  };
}

/** D-29: a hidden post, or one of a blocked owner, is gone for everyone but its owner and admins. */
export const hiddenFrom = (row: Pick<SolutionRow, 'hidden' | 'owner_blocked' | 'user_id'>, viewer: Caller): boolean =>
  (row.hidden || row.owner_blocked) && row.user_id !== viewer.userId && !viewer.admin;

export function solutionsService({ repo, storage, eurPerUsdMicro, notifier, now = () => new Date() }: Deps) {
  /** Rows with their images, as API records; lists never carry contacts (details do, per D-14). */
  async function withImages(
    rows: SolutionRow[],
    display: Display,
    near?: [number, number],
    exact: (row: SolutionRow) => boolean = (row) => row.viewer_exact,
  ): Promise<Solution[]> {
    return rows.map((row) => {
      const solution = toSolution(row, row.images, display, false, exact(row));
      // API.md: lists with `near` carry how far each post is from that point; D-35: from the point
      // the viewer is shown, to the half kilometre.
      return near
        ? { ...solution, distance_km: roundHalfKm(distanceKm(near, solution.pickup_lat, solution.pickup_lng)) }
        : solution;
    });
  }

  /**
   * D-35: a new post's public point, drawn once: the exact point when the owner shows it, the one
   * of the owner's earlier post from the same place (so that draws cannot be averaged), else a
   * fresh draw within 1 km.
   */
  async function publicPointOf(userId: string, input: NewSolution) {
    const exact = { lng: input.pickup_lng, lat: input.pickup_lat };
    if (input.show_exact_location) return exact;
    const earlier = await repo.publicPointOfSamePlace(userId, exact);
    if (earlier && distanceKm([exact.lng, exact.lat], earlier.lat, earlier.lng) <= PUBLIC_POINT_RADIUS_KM) {
      return earlier;
    }
    return drawPublicPoint(exact);
  }

  function page(rows: SolutionRow[], limit: number, next: (last: SolutionRow) => string) {
    const more = rows.length > limit;
    const shown = more ? rows.slice(0, limit) : rows;
    return { shown, next_cursor: more ? encodeCursor(next(shown[shown.length - 1]!)) : null };
  }

  /**
   * Reads the input a query needs; when it is invalid, the session is checked first, so a caller
   * without a live session hears 401, as from requireUser, before any complaint about the input.
   */
  async function authFirst<T>(claim: SessionClaim, read: () => T): Promise<T> {
    try {
      return read();
    } catch (error) {
      await repo.checkSession(claim);
      throw error;
    }
  }

  // D-13, D-14: one rule for contact details, shared with deals and payments.
  const rule = entitlements(repo, now);
  const supplierHasAccess = rule.supplierHasAccess;

  return {
    async add(caller: Caller, input: NewSolution, files: Buffer[], display: Display): Promise<Solution> {
      const found = findSubcategory(input.sub_category_id)!;
      const country = countryCodesOf(input);
      let prices = found.sub.prices;
      if (found.sub.own) {
        const code = currencyOfSetting(input.currency);
        prices = convertOwnPrice(parseDecimal(String(input.price), code)!, code, eurPerUsdMicro);
      }
      // Every image is checked and re-encoded before anything is stored: one bad file stores nothing.
      const encoded = await Promise.all(files.map((file) => processPostImage(file)));
      const images = encoded.map((image, position) => {
        const name = randomUUID();
        return {
          position,
          fullKey: `posts/${name}.webp`,
          thumbKey: `posts/${name}-thumb.webp`,
          width: image.full.width,
          height: image.full.height,
          mime: 'image/webp',
          image,
        };
      });
      await Promise.all(
        images.flatMap((i) => [
          storage.put(i.fullKey, i.image.full.body, 'image/webp'),
          storage.put(i.thumbKey, i.image.thumb.body, 'image/webp'),
        ]),
      );
      const shown = await publicPointOf(caller.userId, input);
      let id: string;
      try {
        id = await repo.insert(
          {
            userId: caller.userId,
            userRole: input.user_role,
            category: input.category,
            subCategoryId: found.sub.id,
            subCategoryEn: found.sub.label.en,
            subCategoryFr: found.sub.label.fr,
            title: storedTitle(input.title, found.sub.own, input.description),
            priceUsd: prices.USD,
            priceEur: prices.EUR,
            priceXof: prices.XOF,
            description: input.description,
            pickupStreetAddress: input.pickup_street_address,
            pickupCity: input.pickup_city,
            pickupRegion: input.pickup_region,
            pickupCountry: country.pickup,
            pickupPostalAddress: input.pickup_postal_address,
            pickupDate: input.pickup_date,
            location: { x: shown.lng, y: shown.lat },
            exactLocation: { x: input.pickup_lng, y: input.pickup_lat },
            showExactLocation: input.show_exact_location,
            deliveryStreetAddress: input.delivery_street_address,
            deliveryCity: input.delivery_city,
            deliveryRegion: input.delivery_region,
            deliveryCountry: country.delivery,
            deliveryPostalAddress: input.delivery_postal_address,
            deliveryDate: input.delivery_date,
            deliveryLat: input.delivery_lat,
            deliveryLng: input.delivery_lng,
            // D-33: the preset's unit ("per day"), or the owner's for an own proposition.
            unit: input.unit ?? unitOfLabel(found.sub.label.en),
            capacity: input.capacity ?? 1,
            datesTo: input.dates_to,
          },
          images.map(({ image: _image, ...row }) => row),
        );
      } catch (error) {
        await Promise.allSettled(images.flatMap((i) => [storage.delete(i.fullKey), storage.delete(i.thumbKey)]));
        throw error;
      }
      return this.details(caller, id, display);
    },

    /**
     * D-6: an open post for anyone signed in; a taken one for its owner and acceptor; a deleted one
     * for nobody. The viewer is a signed-in caller, or a session claim checked with the read.
     */
    async details(viewer: Caller | SessionClaim, id: string, display: Display): Promise<Solution> {
      const at = now();
      const { viewer: caller, found } = await repo.findForViewer(id, viewer, at);
      if (!found || found.row.status === 'Deleted') throw new AppError('NOT_FOUND');
      const { row, deal, subscriptions } = found;
      if (hiddenFrom(row, caller)) throw new AppError('NOT_FOUND');
      if (row.status === 'Accepted' && caller.userId !== row.user_id && !caller.admin) {
        if (deal?.acceptorId !== caller.userId) throw new AppError('NOT_FOUND');
      }
      // The same rule, answered from what findForViewer read at the same instant.
      const preloaded = entitlements(
        {
          activeSubscription: async (userId, when) =>
            subscriptions.has(userId) ? subscriptions.get(userId)! : repo.activeSubscription(userId, when),
          liveDeal: async () => deal,
        },
        () => at,
      );
      const mine = row.user_id === caller.userId;
      // D-35: the exact point for the owner and the acceptor of a deal the owner confirmed (findForViewer
      // reads the viewer's own accepted or completed deal only).
      const solution = toSolution(
        row,
        row.images,
        display,
        await preloaded.maySeeContacts(caller.userId, row),
        mine || deal?.acceptorId === caller.userId,
      );
      const facts = await repo.dealFacts(row.id, caller.userId);
      return {
        ...solution,
        // D-33: the days at capacity, never by whom; the owner also sees what they blocked.
        ...(row.unit && row.user_role === 'provideSolution'
          ? {
              taken: takenRanges([...facts.bookings, ...row.blocked.map(blockedInterval)], row.capacity, {
                // From yesterday to two years ahead: what a calendar can still show as taken.
                start: at.getTime() - DAY_MS,
                end: at.getTime() + 731 * DAY_MS,
              }),
            }
          : {}),
        ...(mine ? { blocked: row.blocked, request_count: facts.requestCount } : {}),
        ...(facts.myDeal ? { my_deal: { _id: facts.myDeal.id, status: facts.myDeal.state } } : {}),
      };
    },

    /** Open posts of a type for the session `claim` names (checked with the read), newest or nearest first. */
    async list(type: UserRole, query: ListQuery, claim: SessionClaim) {
      if (query.near) {
        const offset = await authFirst(claim, () => offsetOf(query.cursor));
        const rows = await repo.list(
          { type, category: query.category, near: { at: query.near, offset }, limit: query.limit + 1 },
          claim,
        );
        const { shown, next_cursor } = page(rows, query.limit, () => `o:${offset + query.limit}`);
        return {
          data: await withImages(shown, query, query.near),
          next_cursor: offset + query.limit > MAX_NEAR_OFFSET ? null : next_cursor,
        };
      }
      const after = await authFirst(claim, () => afterOf(query.cursor));
      const rows = await repo.list({ type, category: query.category, after, limit: query.limit + 1 }, claim);
      const { shown, next_cursor } = page(rows, query.limit, (last) => `k:${last.created_key}|${last.id}`);
      return { data: await withImages(shown, query), next_cursor };
    },

    async search(
      type: UserRole,
      field: SearchField,
      text: string,
      query: Pick<ListQuery, 'limit' | 'cursor'> & Display,
      claim: SessionClaim,
    ) {
      // Nothing left to match once accents and punctuation go: an empty result, not every post.
      if (normalize(text) === '') {
        await repo.checkSession(claim);
        return { data: [], next_cursor: null };
      }
      // Issue 14: one letter matches nearly every country, a page of posts each.
      if (searchTextTooShort(field, text)) {
        await repo.checkSession(claim);
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
      return { data: await withImages(shown, query), next_cursor };
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

    /** My Offers: the caller's own posts (API.md: own only). */
    async mine(caller: Caller, userId: string, display: Display) {
      if (userId !== caller.userId) throw new AppError('FORBIDDEN');
      const rows = await repo.byOwner(userId, MY_LIST_LIMIT);
      const ids = rows.map((r) => r.id);
      const [counts, requests] = await Promise.all([repo.visitCounts(ids), repo.requestCounts(ids)]);
      // The owner's own posts: their exact points (D-35).
      const data = await withImages(rows, display, undefined, () => true);
      return {
        data: data.map((s) => ({ ...s, visit_count: counts.get(s._id) ?? 0, request_count: requests.get(s._id) ?? 0 })),
        next_cursor: null,
      };
    },

    /** My Orders: posts the caller holds a live deal on. */
    async accepted(caller: Caller, userId: string, display: Display) {
      if (userId !== caller.userId) throw new AppError('FORBIDDEN');
      return { data: await withImages(await repo.acceptedBy(userId, MY_LIST_LIMIT), display), next_cursor: null };
    },

    supplierHasAccess,

    async clicked(viewer: Caller, solutionId: string): Promise<void> {
      const row = await repo.findById(solutionId);
      if (!row || row.status === 'Deleted' || hiddenFrom(row, viewer)) throw new AppError('NOT_FOUND');
      if (row.user_id === viewer.userId) return;
      // D-6: a taken post is seen only by its acceptor (and owner): nobody else counts a visit on it
      // or learns that it exists.
      if (row.status === 'Accepted' && !(await repo.liveDeal(solutionId, viewer.userId))) {
        throw new AppError('NOT_FOUND');
      }
      const visitor = await repo.contactOf(viewer.userId);
      if (!visitor) throw new AppError('AUTH_FAILED');
      await repo.recordVisit(solutionId, {
        userId: viewer.userId,
        firstName: visitor.firstName,
        mobile: visitor.mobile,
      });
    },

    /** API.md: the owner only; `userId` must be the caller (403 otherwise). */
    async remove(caller: Caller, userId: string, solutionId: string): Promise<void> {
      if (userId !== caller.userId) throw new AppError('FORBIDDEN');
      const row = await repo.findById(solutionId);
      if (!row || row.status === 'Deleted') throw new AppError('NOT_FOUND');
      if (row.user_id !== caller.userId) throw new AppError('FORBIDDEN');
      const result = await repo.softDelete(solutionId, notices.deleted(titleOf(row)));
      if (!result) throw new AppError('NOT_FOUND');
      for (const row of result.notified) void notifier?.delivered(row);
    },
  };
}
export type SolutionsService = ReturnType<typeof solutionsService>;

export const buildSolutionsService = (deps: Omit<Deps, 'repo'> & { db: Db }) =>
  solutionsService({ ...deps, repo: solutionsRepository(deps.db) });
