import { afterAll, beforeAll, expect } from 'vitest';
import { signedUp } from './accounts.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { confirmedDeal } from './deals.js';
import { publish as publishPost, villa } from './posts.js';
import { subscriptions } from '../src/db/schema.js';

// Shared by the deal route suites (routes, deal-views.routes, messages.routes): each file calls
// dealsTestApp() once and so builds its own app in its beforeAll.

export type Account = Awaited<ReturnType<typeof signedUp>>;

// ---- The deal as both parties see it (D-27), messages (D-28), finishing (D-34) ----

export interface DealJson {
  _id: string;
  role: 'owner' | 'acceptor';
  status: string;
  contact_access: boolean;
  solution: { _id: string; user: Record<string, unknown> };
  counterpart: Record<string, unknown> & { _id: string; firstName: string };
  fee?: { amount: string; currency: string; paid: boolean };
  done_by_me: boolean;
  done_by_other: boolean;
  disputed: boolean;
  auto_complete_at?: string;
  completed_at?: string;
  completed_by?: string;
  my_review?: { rating: number; text: string | null };
  unread_count: number;
}

/** Registers the file's beforeAll/afterAll (one app per file) and returns its helpers. */
export function dealsTestApp() {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
    await t.app.ready();
  });
  afterAll(() => t.close());

  let baseUrl: string | undefined;
  /** The app on a real socket (event streams), opened once for the file. */
  const listening = async () => (baseUrl ??= await t.app.listen({ port: 0, host: '127.0.0.1' }));

  // Single-use posts: the rules of taking a post (D-32) are what these tests are about.
  const publish = (who: Account, role: 'needSolution' | 'provideSolution') => publishPost(t.app, who, villa(role));

  const accept = (who: Account, solutionId: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/solution/solutionAccepted',
      headers: who.headers,
      payload: { user_id: who.user._id, accepted_by: who.user._id, solution_id: solutionId, ...extra },
    });

  const reject = (who: Account, solutionId: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/solution/rejectSolution',
      headers: who.headers,
      payload: { user_id: who.user._id, solution_id: solutionId },
    });

  const mailbox = async (who: Account) =>
    (await t.app.inject({ url: `/api/notify/getUserNotif/${who.user._id}`, headers: who.headers })).json().data as {
      _id: string;
      status: string;
      message_en: string;
      message_fr: string;
      solution_id?: string;
    }[];

  async function startTrial(who: Account) {
    await t.app.database.db.insert(subscriptions).values({
      userId: who.user._id,
      kind: 'trial',
      status: 'active',
      startAt: new Date(),
      endAt: new Date(Date.now() + 90 * 86_400_000),
    });
  }

  const get = (who: Account, url: string) => t.app.inject({ url, headers: who.headers });
  const post = (who: Account, url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...headers }, ...(payload ? { payload } : {}) });
  const dealOf = async (who: Account, dealId: string) =>
    (await get(who, `/api/deals/${dealId}`)).json().data as DealJson;
  const dealsOf = async (who: Account, query = '') => (await get(who, `/api/deals${query}`)).json().data as DealJson[];

  /** Pays the 15% fee of `solutionId` as `payer` at the local provider, and records it. */
  async function payFor(payer: Account, solutionId: string) {
    const pay = await post(payer, '/api/payment/pay', { solution_id: solutionId });
    expect(pay.statusCode).toBe(200);
    const url = pay.json().data.url as string;
    expect((await t.app.inject({ method: 'POST', url: `${url}/approve` })).statusCode).toBe(303);
    const paymentId = decodeURIComponent(url.split('/').pop()!);
    const done = await post(payer, '/api/payment/success', { paymentId, payerId: 'PAYER', solution_id: solutionId });
    expect(done.statusCode).toBe(200);
  }

  /** A fresh supplier's offer requested by a fresh client, confirmed and paid by the supplier: the two see each other. */
  async function paidDeal() {
    const owner = await signedUp(t.app, { firstName: 'Ousmane' });
    const taker = await signedUp(t.app, { firstName: 'Khady' });
    const offer = await publish(owner, 'provideSolution');
    const dealId = await confirmedDeal(t.app, owner, taker, offer._id);
    await payFor(owner, offer._id);
    return { owner, taker, offer, dealId };
  }

  return {
    get t() {
      return t;
    },
    listening,
    publish,
    accept,
    reject,
    mailbox,
    startTrial,
    get,
    post,
    dealsOf,
    dealOf,
    payFor,
    paidDeal,
  };
}
