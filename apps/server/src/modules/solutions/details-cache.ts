// A post's details from the shared cache (lib/shared-cache.ts, docs/performance.md): its public
// record (public point, D-35; no contacts, D-14) is kept per currency and language for
// POST_TTL_MS, and dropped on every instance as soon as the post changes (plugins/public-caches.ts).
// Per viewer, one small statement checks the session and reads what differs: the viewer's running
// subscription (then the owner's contacts, D-14), whether the viewer has a deal on the post, and the
// confirmed bookings (D-33: a booking does not change the post, so it is not announced). The owner,
// an admin and a viewer with a deal on the post get the answer built as before, without the cache:
// the true point, blocked dates, request counts and their deal are theirs alone.
import { blockedInterval, dataOf, solutionSchema, takenRanges, type Interval, type Solution } from '@app/shared';
import { answerBody } from '../../lib/answer-body.js';
import type { CachedAnswer, SharedCache } from '../../lib/shared-cache.js';
import type { KeptBody } from '../../lib/send-kept.js';
import type { SessionClaim, SessionUser } from '../sessions/service.js';
import type { SolutionRow } from './post-rows-repository.js';
import { toSolution, type Display } from './solution-record.js';
import { MAX_REMEMBERED_POSTS, type ViewerDeals, type ViewerMemory } from './viewer-exact-cache.js';
import type { ViewerReads } from './viewer-repository.js';

/**
 * How long a post's public details are kept. A change of the post, or of its owner's name, badges
 * or rating (migrations 0033 and 0034), drops them at once, so this bounds their memory and a missed
 * announcement.
 */
export const POST_TTL_MS = 60_000;
const DAY_MS = 86_400_000;

const detailsSchema = dataOf(solutionSchema);

/** What is kept of a post: its public record, or null when not everyone may see it (D-6, D-29). */
interface PublicPost {
  post: Solution | null;
  /** D-33: booked by date: its taken days are computed per answer, from the capacity and blocked days. */
  bookable: boolean;
  capacity: number;
  blocked: Interval[];
}

/** An answer as the route sends it: the cached bytes as they are, or details to serialise. */
export type DetailsAnswer = KeptBody | { data: Solution };

export function detailsCache(deps: {
  cache: SharedCache;
  viewers: Pick<ViewerReads, 'detailsFacts' | 'viewerDeals'>;
  /** Each viewer's subscription and deals, remembered (viewer-exact-cache.ts). */
  deals: ViewerMemory<ViewerDeals>;
  /** The post as the database holds it, for anyone (no viewer). */
  findById: (id: string) => Promise<SolutionRow | undefined>;
  /** The details built without the cache, for the owner, admins and a deal's parties. */
  uncached: (claim: SessionClaim, id: string, display: Display) => Promise<Solution>;
  now: () => Date;
}) {
  const parsed = new WeakMap<CachedAnswer, { kept: PublicPost; body: string | null }>();
  const keptOf = (answer: CachedAnswer) => {
    let entry = parsed.get(answer);
    if (!entry) {
      const kept = JSON.parse(answer.body) as PublicPost;
      // Sent as they are when nothing is added: serialised once per entry, as the route would.
      const body = kept.post && !kept.bookable ? answerBody(detailsSchema, { data: kept.post }) : null;
      parsed.set(answer, (entry = { kept, body }));
    }
    return entry;
  };

  async function publicPost(id: string, display: Display): Promise<string> {
    const row = await deps.findById(id);
    const listed = row && row.status === 'Pending' && !row.hidden && !row.owner_blocked;
    const kept: PublicPost = listed
      ? {
          post: toSolution(row, row.images, display, false, false),
          bookable: Boolean(row.unit && row.user_role === 'provideSolution'),
          capacity: row.capacity,
          blocked: row.blocked.map(blockedInterval),
        }
      : { post: null, bookable: false, capacity: 0, blocked: [] };
    return JSON.stringify(kept);
  }

  /** The viewer's subscription and deals: remembered, else read with the session's check. */
  async function viewerDeals(claim: SessionClaim, at: Date): Promise<{ viewer: SessionUser; deals: ViewerDeals }> {
    const remembered = claim.cached && deps.deals.get(claim.cached.userId);
    if (claim.cached && remembered) return { viewer: claim.cached, deals: remembered };
    const mark = deps.deals.mark();
    const read = await deps.viewers.viewerDeals(claim, at, MAX_REMEMBERED_POSTS + 1);
    const deals: ViewerDeals = {
      subscription: read.subscription,
      dealPosts: read.dealPosts.length > MAX_REMEMBERED_POSTS ? 'many' : new Set(read.dealPosts),
    };
    deps.deals.keep(read.viewer.userId, deals, mark);
    return { viewer: read.viewer, deals };
  }

  return {
    async details(claim: SessionClaim, id: string, display: Display): Promise<DetailsAnswer> {
      const at = deps.now();
      const [answer, { viewer, deals }] = await Promise.all([
        deps.cache.get(id, `${id}|${display.currency}|${display.lang}`, () => publicPost(id, display)),
        viewerDeals(claim, at),
      ]);
      const { kept, body } = keptOf(answer);
      const post = kept.post;
      // Most answers: a post everyone sees as it is kept, to a viewer with no subscription (no
      // contacts, D-14) and no deal on it, who is not its owner. No statement for them.
      const dealOnIt = deals.dealPosts === 'many' || deals.dealPosts.has(id);
      if (
        post &&
        body !== null &&
        deals.subscription === null &&
        !dealOnIt &&
        !viewer.admin &&
        post.user._id !== viewer.userId
      ) {
        return { body, owner: answer };
      }
      const { facts } = await deps.viewers.detailsFacts(id, claim, at);
      if (!post || !facts || facts.hasDeal || viewer.admin || post.user._id === viewer.userId) {
        return { data: await deps.uncached(claim, id, display) };
      }
      // D-14: a viewer with a running subscription or trial sees the owner's contacts.
      const contacts = facts.subscription !== null;
      if (!contacts && body !== null) return { body, owner: answer };
      const user = {
        ...post.user,
        ...(contacts && facts.email ? { email: facts.email } : {}),
        ...(contacts && facts.mobile ? { mobile_no: facts.mobile } : {}),
      };
      if (!kept.bookable) return { data: { ...post, user } };
      // D-33: the days at capacity, never by whom (as service.ts details).
      const now = at.getTime();
      const taken = takenRanges([...facts.bookings, ...kept.blocked], kept.capacity, {
        start: now - DAY_MS,
        end: now + 731 * DAY_MS,
      });
      return { data: { ...post, user, taken } };
    },
  };
}
