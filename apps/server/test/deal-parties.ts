// What the deal suites ask of the API besides the moves of deals.ts: dates on the server's own clock
// (tests move it with app.clock.advance), a party's mailbox and view of a deal, a free trial.
import type { FastifyInstance } from 'fastify';
import { subscriptions } from '../src/db/schema.js';

const DAY_MS = 86_400_000;

interface Party {
  headers: Record<string, string>;
  user: { _id: string };
}

/** The plain date `n` days from the server's today (its clock may have been moved). */
export const serverDay = (app: FastifyInstance, n: number) =>
  new Date(app.clock.now().getTime() + n * DAY_MS).toISOString().slice(0, 10);

/** A request's dates `n` days from the server's today, for `days` days (both count). */
export const booking = (app: FastifyInstance, n: number, days = 1) => ({
  from: serverDay(app, n),
  to: serverDay(app, n + days - 1),
});

export interface Notice {
  _id: string;
  message_en: string;
  message_fr: string;
  solution_id?: string;
}

/** The mailbox of `who`, newest first. */
export async function mailbox(app: FastifyInstance, who: Party): Promise<Notice[]> {
  const res = await app.inject({ url: `/api/notify/getUserNotif/${who.user._id}`, headers: who.headers });
  if (res.statusCode !== 200) throw new Error(`getUserNotif ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** GET /api/deals/:dealId as `who`: the raw answer. */
export const getDeal = (app: FastifyInstance, who: Party, dealId: string) =>
  app.inject({ url: `/api/deals/${dealId}`, headers: who.headers });

/** The deal as `who` sees it; throws unless 200. */
export async function dealAs(app: FastifyInstance, who: Party, dealId: string) {
  const res = await getDeal(app, who, dealId);
  if (res.statusCode !== 200) throw new Error(`deal ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** The post's details as `who` sees them. */
export async function details(app: FastifyInstance, who: Party, solutionId: string) {
  const res = await app.inject({ url: `/api/solution/getSolutionDetails/${solutionId}`, headers: who.headers });
  if (res.statusCode !== 200) throw new Error(`getSolutionDetails ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** The ids of the offers listed to `who` (newest first, up to 100). */
export async function listedOffers(app: FastifyInstance, who: Party): Promise<string[]> {
  const res = await app.inject({
    url: '/api/solution/getAllSolutions/provideSolution?limit=100',
    headers: who.headers,
  });
  if (res.statusCode !== 200) throw new Error(`getAllSolutions ${res.statusCode}: ${res.body}`);
  return res.json().data.map((s: { _id: string }) => s._id);
}

/** The ids of the posts the public map shows around Dakar (where the test tractor stands). */
export async function onTheMap(app: FastifyInstance): Promise<string[]> {
  const res = await app.inject('/api/solution/map?bbox=-17.6,14.6,-17.3,14.8&zoom=13');
  if (res.statusCode !== 200) throw new Error(`map ${res.statusCode}: ${res.body}`);
  const { points, clusters } = res.json().data;
  if (clusters.length > 0) throw new Error('the map clustered the test posts');
  return points.map((p: { _id: string }) => p._id);
}

/** A free trial started now on the server's clock (D-16): the user has contact access (D-13). */
export async function startTrial(app: FastifyInstance, who: Party) {
  const now = app.clock.now();
  await app.database.db.insert(subscriptions).values({
    userId: who.user._id,
    kind: 'trial',
    status: 'active',
    startAt: now,
    endAt: new Date(now.getTime() + 90 * DAY_MS),
  });
}
