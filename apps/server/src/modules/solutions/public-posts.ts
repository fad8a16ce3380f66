// A post's public record as the posts cache keeps it (lib/shared-cache.ts, docs/performance.md), per
// currency and language, for POST_TTL_MS, dropped on every instance as soon as the post changes
// (plugins/public-caches.ts): what anyone sees of it (public point, D-35; no contacts, D-14), or
// nothing when not everyone may see it (D-6, D-29). Details (details-cache.ts) and nearest pages
// (list-cache.ts) are built from it.
import { blockedInterval, dataOf, solutionSchema, type Interval, type Solution } from '@app/shared';
import { answerBody } from '../../lib/answer-body.js';
import type { CachedAnswer, SharedCache } from '../../lib/shared-cache.js';
import type { SolutionRow } from './post-rows-repository.js';
import { toSolution, type Display } from './solution-record.js';

/**
 * How long a post's public record is kept. A change of the post, or of its owner's name, badges or
 * rating (migrations 0033 and 0034), drops it at once, so this bounds its memory and a missed
 * announcement.
 */
export const POST_TTL_MS = 60_000;

const detailsSchema = dataOf(solutionSchema);

/** What is kept of a post: its public record, or null when not everyone may see it (D-6, D-29). */
export interface PublicPost {
  post: Solution | null;
  /** D-33: booked by date: its taken days are computed per answer, from the capacity and blocked days. */
  bookable: boolean;
  capacity: number;
  blocked: Interval[];
}

/**
 * A listed post as a nearest page's item: its JSON as the list's schema serialises it, cut where
 * `distance_km` goes, and the public point that distance is measured from.
 */
export interface NearItem {
  head: string;
  tail: string;
  lat: number;
  lng: number;
}

/** A kept record, parsed once per kept answer, with the details answer when it is sent as kept. */
export interface KeptPost {
  kept: PublicPost;
  /** The details answer, when it is sent as it is kept (not bookable); else null. */
  body: string | null;
}

/**
 * The kept text is the record's facts, then the post as a list item serialises it with a distance
 * of 0 (`distance_km` has its place in the schema's order), or null. A nearest page cuts its items
 * out of that text without parsing it: slices of a kept string share its memory, and the posts of
 * every nearby viewer's pages are tens of thousands (about 2.2 KB each kept as text). Parsing each
 * record and serialising the page again cost as much as reading the rows did (docs/performance.md).
 */
const POST_KEY = ',"post":';
const DISTANCE_MARK = ',"distance_km":0';
type Facts = Omit<PublicPost, 'post'> & { lat?: number; lng?: number };

function publicRecord(row: SolutionRow | undefined, display: Display): string {
  const listed = row && row.status === 'Pending' && !row.hidden && !row.owner_blocked;
  if (!listed) return JSON.stringify({ bookable: false, capacity: 0, blocked: [], post: null });
  const post = toSolution(row, row.images, display, false, false);
  const facts: Facts = {
    bookable: Boolean(row.unit && row.user_role === 'provideSolution'),
    capacity: row.capacity,
    blocked: row.blocked.map(blockedInterval),
    lat: post.pickup_lat,
    lng: post.pickup_lng,
  };
  const item = answerBody(solutionSchema, { ...post, distance_km: 0 });
  return `${JSON.stringify(facts).slice(0, -1)}${POST_KEY}${item}}`;
}

/** The post of a kept text as a nearest page's item; null when not everyone may see it. */
function nearItemOf(body: string): NearItem | null {
  // The facts hold booleans, numbers and dates only: the first match is the key.
  const start = body.indexOf(POST_KEY) + POST_KEY.length;
  const facts = JSON.parse(`${body.slice(0, start - POST_KEY.length)}}`) as Facts;
  if (facts.lat === undefined || facts.lng === undefined) return null;
  // Strings escape their quotes, so the mark is found only as the key itself.
  const at = body.lastIndexOf(DISTANCE_MARK) + DISTANCE_MARK.length - 1;
  if (at < start) throw new Error('a kept post without distance_km');
  return { head: body.slice(start, at), tail: body.slice(at + 1, -1), lat: facts.lat, lng: facts.lng };
}

export function publicPosts(deps: {
  cache: SharedCache;
  /** The post as the database holds it, for anyone (no viewer). */
  findById: (id: string) => Promise<SolutionRow | undefined>;
  /** The same for many posts, in one statement. */
  findManyById: (ids: string[]) => Promise<SolutionRow[]>;
}) {
  const parsed = new WeakMap<CachedAnswer, KeptPost>();
  const keptOf = (answer: CachedAnswer): KeptPost => {
    let entry = parsed.get(answer);
    if (!entry) {
      const { post, bookable, capacity, blocked } = JSON.parse(answer.body) as PublicPost;
      if (post) delete post.distance_km;
      const kept = { post, bookable, capacity, blocked };
      // Sent as they are when nothing is added: serialised once per entry, as the route would.
      const body = post && !bookable ? answerBody(detailsSchema, { data: post }) : null;
      parsed.set(answer, (entry = { kept, body }));
    }
    return entry;
  };
  const items = new WeakMap<CachedAnswer, NearItem | null>();
  const itemOf = (answer: CachedAnswer): NearItem | null => {
    let item = items.get(answer);
    if (item === undefined) items.set(answer, (item = nearItemOf(answer.body)));
    return item;
  };
  const keyOf = (id: string, display: Display) => ({ group: id, key: `${id}|${display.currency}|${display.lang}` });

  return {
    /** A post's kept record and the answer it is kept in, for its details. */
    async one(id: string, display: Display): Promise<{ answer: CachedAnswer } & KeptPost> {
      const { group, key } = keyOf(id, display);
      const answer = await deps.cache.get(group, key, async () => publicRecord(await deps.findById(id), display));
      return { answer, ...keptOf(answer) };
    },

    /**
     * Posts as nearest pages' items, in the order of `ids` (null for one not everyone may see);
     * those not kept are read in one statement.
     */
    async nearItems(ids: string[], display: Display): Promise<(NearItem | null)[]> {
      const answers = await deps.cache.getMany(
        ids.map((id) => keyOf(id, display)),
        async (asked) => {
          const rows = new Map((await deps.findManyById(asked.map((i) => ids[i]!))).map((row) => [row.id, row]));
          return asked.map((i) => publicRecord(rows.get(ids[i]!), display));
        },
      );
      return answers.map(itemOf);
    },
  };
}

export type PublicPosts = ReturnType<typeof publicPosts>;
