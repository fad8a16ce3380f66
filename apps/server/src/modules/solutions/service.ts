// The rules of posts: publishing (validation in the shared schema, prices from the catalogue, D-4),
// images (D-7), who sees a post and its contacts (D-6, D-14), soft deletion by the owner only.
import { randomUUID } from 'node:crypto';
import {
  convertOwnPrice,
  currencyOfSetting,
  blockedInterval,
  findSubcategory,
  takenRanges,
  unitOfLabel,
  parseDecimal,
  storedTitle,
  type NewSolution,
  type Solution,
} from '@app/shared';
import type { StorageAdapter } from '../../adapters/storage/storage-adapter.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SharedCache } from '../../lib/shared-cache.js';
import { countryCodeOf } from '../../lib/countries.js';
import { distanceKm } from '../../lib/geo.js';
import { drawPublicPoint, PUBLIC_POINT_RADIUS_KM } from '../../lib/public-point.js';
import { processPostImage } from '../../lib/images.js';
import { notices } from '../notifications/messages.js';
import { entitlements } from '../entitlements/service.js';
import type { Notifier } from '../notifications/notifier.js';
import type { SessionClaim, SessionUser as Caller } from '../sessions/service.js';
import { titleOf } from './title.js';

import { solutionsRepository, type SolutionsRepository } from './repository.js';

import { browseService } from './browse-service.js';
import { detailsCache } from './details-cache.js';
import { listCache } from './list-cache.js';
import { publicPosts } from './public-posts.js';
import type { ViewerDeals, ViewerExactCache, ViewerMemory } from './viewer-exact-cache.js';
import { viewerReads } from './viewer-repository.js';
import { hiddenFrom, toSolution, withImages, type Display } from './solution-record.js';

interface Deps {
  repo: SolutionsRepository;
  storage: StorageAdapter;
  /** D-4: euros per dollar in millionths, for own-proposition prices. */
  eurPerUsdMicro: number;
  /** Delivers notifications once written; absent in data-layer tests. */
  notifier?: Notifier;
  now?: () => Date;
}
/** My Offers and My Orders show everything a person could manage on one screen. */
const MY_LIST_LIMIT = 500;

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
const DAY_MS = 86_400_000;

export function solutionsService({ repo, storage, eurPerUsdMicro, notifier, now = () => new Date() }: Deps) {
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
  // D-13, D-14: one rule for contact details, shared with deals and payments.
  const rule = entitlements(repo, now);
  const supplierHasAccess = rule.supplierHasAccess;

  return {
    ...browseService({ repo }),

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

/**
 * The hottest reads answered from the shared caches of public answers, each viewer's own fields
 * added after them (list-cache.ts, details-cache.ts).
 */
export function cachedReads(deps: {
  db: Db;
  service: SolutionsService;
  lists: SharedCache;
  posts: SharedCache;
  /** What each viewer sees exactly, remembered; the caller forgets it when posts change. */
  exact: ViewerExactCache;
  deals: ViewerMemory<ViewerDeals>;
  now: () => Date;
}) {
  const repo = solutionsRepository(deps.db);
  const viewers = viewerReads(deps.db);
  const posts = publicPosts({
    cache: deps.posts,
    findById: (id) => repo.findById(id),
    findManyById: (ids) => repo.findManyById(ids),
  });
  return {
    ...listCache({
      cache: deps.lists,
      viewers,
      exact: deps.exact,
      page: (type, query, claim) => deps.service.list(type, query, claim),
      nearestIds: (type, query, claim) => deps.service.nearestIds(type, query, claim),
      posts,
      search: (type, search, claim) => deps.service.search(type, search, claim),
      checkSession: (claim) => repo.checkSession(claim),
    }),
    ...detailsCache({
      posts,
      viewers,
      deals: deps.deals,
      uncached: (claim, id, display) => deps.service.details(claim, id, display),
      now: deps.now,
    }),
  };
}
