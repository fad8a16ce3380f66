// Deals made through the real API, as the web app makes them: a request (PUT solutionAccepted),
// then the owner's confirmation (D-32). A post priced per day (the test tractor) needs dates.
import type { FastifyInstance } from 'fastify';
import { buildDealLifecycleService } from '../src/modules/deals/build.js';

export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Party {
  headers: Record<string, string>;
  user: { _id: string };
}

/** PUT /api/solution/solutionAccepted as `who`: the raw answer (no status check). */
export function sendRequest(
  app: FastifyInstance,
  who: Party,
  solutionId: string,
  extra: { note?: string; price?: { amount: string; currency: string }; from?: string; to?: string } = {},
) {
  return app.inject({
    method: 'PUT',
    url: '/api/solution/solutionAccepted',
    headers: who.headers,
    payload: { user_id: who.user._id, solution_id: solutionId, from: inDays(2), to: inDays(3), ...extra },
  });
}

/** A request that must succeed; its deal id. */
export async function requested(
  app: FastifyInstance,
  who: Party,
  solutionId: string,
  extra: Parameters<typeof sendRequest>[3] = {},
): Promise<string> {
  const res = await sendRequest(app, who, solutionId, extra);
  if (res.statusCode !== 200) throw new Error(`solutionAccepted ${res.statusCode}: ${res.body}`);
  return res.json().data.deal._id as string;
}

/** POST /api/deals/:dealId/<move> as `who`: the raw answer. */
export function dealMove(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  dealId: string,
  move: 'confirm' | 'decline' | 'withdraw' | 'cancel' | 'complete' | 'dispute',
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/${move}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });
}

/** A request by `requester` that `owner` confirmed: the deal id. */
export async function confirmedDeal(
  app: FastifyInstance,
  owner: Party,
  requester: Party,
  solutionId: string,
  extra: Parameters<typeof sendRequest>[3] = {},
): Promise<string> {
  const dealId = await requested(app, requester, solutionId, extra);
  const res = await dealMove(app, owner, dealId, 'confirm');
  if (res.statusCode !== 200) throw new Error(`confirm ${res.statusCode}: ${res.body}`);
  return dealId;
}

/**
 * One step of the deal clock (D-32..D-34: expiries, lapses, completions, reminders) at the app's
 * clock (`app.clock.advance` moves it): the test app runs no job queue (JOBS=off).
 */
export function tick(app: FastifyInstance) {
  return buildDealLifecycleService({
    db: app.database.db,
    notifier: app.notifier,
    now: app.clock.now,
    // Only a request's proposed price is converted; the clock converts nothing.
    eurPerUsdMicro: 920_000,
  }).lifecycle.tick();
}
