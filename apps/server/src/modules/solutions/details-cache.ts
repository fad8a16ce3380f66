// A post's details from the shared cache (lib/shared-cache.ts, docs/performance.md): its public
// record (public point, D-35; no contacts, D-14) as public-posts.ts keeps it.
// Per viewer, one small statement checks the session and reads what differs: the viewer's running
// subscription (then the owner's contacts, D-14), whether the viewer has a deal on the post, and the
// confirmed bookings (D-33: a booking does not change the post, so it is not announced). The owner,
// an admin and a viewer with a deal on the post get the answer built as before, without the cache:
// the true point, blocked dates, request counts and their deal are theirs alone.
import { takenRanges, type Solution } from '@app/shared';
import type { KeptBody } from '../../lib/send-kept.js';
import type { SessionClaim, SessionUser } from '../sessions/service.js';
import type { PublicPosts } from './public-posts.js';
import type { Display } from './solution-record.js';
import { MAX_REMEMBERED_POSTS, type ViewerDeals, type ViewerMemory } from './viewer-exact-cache.js';
import type { ViewerReads } from './viewer-repository.js';

const DAY_MS = 86_400_000;

/** An answer as the route sends it: the cached bytes as they are, or details to serialise. */
export type DetailsAnswer = KeptBody | { data: Solution };

export function detailsCache(deps: {
  /** The posts' public records, kept (public-posts.ts). */
  posts: PublicPosts;
  viewers: Pick<ViewerReads, 'detailsFacts' | 'viewerDeals'>;
  /** Each viewer's subscription and deals, remembered (viewer-exact-cache.ts). */
  deals: ViewerMemory<ViewerDeals>;
  /** The details built without the cache, for the owner, admins and a deal's parties. */
  uncached: (claim: SessionClaim, id: string, display: Display) => Promise<Solution>;
  now: () => Date;
}) {
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
      const [{ answer, kept, body }, { viewer, deals }] = await Promise.all([
        deps.posts.one(id, display),
        viewerDeals(claim, at),
      ]);
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
