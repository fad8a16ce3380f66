import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { confirmedDeal, dealMove, requested, tick } from '../../../test/deals.js';
import { publish as publishPost, tractor, villa } from '../../../test/posts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import type { ConsoleSmsAdapter } from '../../adapters/sms/index.js';
import { subscriptions } from '../../db/schema.js';

let t: TestApp;
type Account = Awaited<ReturnType<typeof signedUp>>;
let supplier: Account;
let client: Account;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
  supplier = await signedUp(t.app, { firstName: 'Awa' });
  client = await signedUp(t.app, { firstName: 'Moussa' });
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

describe('PUT /api/solution/solutionAccepted (D-32, D-15 revised)', () => {
  it('lets a client request an offer for free: a request, the post still listed, the owner told in the mailbox and by SMS', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const res = await accept(client, offer._id);
    expect(res.statusCode).toBe(200);
    const { solution, deal } = res.json().data;
    expect(solution).toMatchObject({ _id: offer._id, status: 'Pending' });
    expect(deal).toMatchObject({
      solution_id: offer._id,
      acceptor_id: client.user._id,
      contact_access: 'none',
      status: 'requested',
    });
    // The supplier has no contact access yet, so the client does not get its contacts (D-14).
    expect(solution.user).not.toHaveProperty('mobile_no');

    const told = (await mailbox(supplier)).find((n) => n.solution_id === offer._id);
    expect(told).toMatchObject({
      status: 'true',
      message_en: expect.stringContaining('Moussa sent a request for your post'),
    });
    expect(told!.message_fr).toContain('Moussa a envoyé une demande pour votre annonce');
    const sms = (t.app.sms as ConsoleSmsAdapter).lastTo(supplier.user.mobile_no);
    expect(sms?.text).toContain('Moussa sent a request for your post');

    const orders = await t.app.inject({
      url: `/api/solution/getUserAcceptedSolutions/${client.user._id}`,
      headers: client.headers,
    });
    expect(orders.json().data.map((s: { _id: string }) => s._id)).toContain(offer._id);
    const status = async () =>
      (await t.app.inject({ url: `/api/solution/getUserSolutions/${supplier.user._id}`, headers: supplier.headers }))
        .json()
        .data.find((s: { _id: string }) => s._id === offer._id)?.status;
    expect(await status()).toBe('Pending');

    // The owner's confirmation takes the single-use post, and the client is told.
    const confirmed = await dealMove(t.app, supplier, deal._id, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'accepted', confirmed_at: expect.any(String) });
    expect(await status()).toBe('Accepted');
    expect((await mailbox(client)).some((n) => n.message_en.includes('Awa confirmed your request'))).toBe(true);
  });

  it('names an own proposition by its title in the notification and the SMS, not "Your own proposition..." (D-30)', async () => {
    const offer = await publishPost(t.app, supplier, {
      ...tractor('provideSolution'),
      sub_category_id: 'equipment-own',
      price: '12',
      description: 'Chest freezer, 300 litres, in Dakar',
    });
    expect((await accept(client, offer._id)).statusCode).toBe(200);
    const told = (await mailbox(supplier)).find((n) => n.solution_id === offer._id);
    expect(told?.message_en).toBe(
      'Moussa sent a request for your post "Chest freezer, 300 litres, in Dakar". Open it to confirm or decline.',
    );
    expect(told?.message_fr).toBe(
      'Moussa a envoyé une demande pour votre annonce « Chest freezer, 300 litres, in Dakar ». Ouvrez-la pour confirmer ou refuser.',
    );
    const sms = (t.app.sms as ConsoleSmsAdapter).lastTo(supplier.user.mobile_no);
    expect(sms?.text).toBe(
      'Moussa sent a request for your post "Chest freezer, 300 litres, in Dakar". Open it to confirm or decline.',
    );
  });

  it('lets a supplier without contact access request a need for free; the fee falls due only once the owner confirms', async () => {
    const owner = await signedUp(t.app, { firstName: 'Aminata' });
    const need = await publish(owner, 'needSolution');
    // No more 402 on accepting a need: nobody pays for a request that might be declined.
    const res = await accept(supplier, need._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deal).toMatchObject({ status: 'requested', contact_access: 'none' });
    const details = await t.app.inject({
      url: `/api/solution/getSolutionDetails/${need._id}`,
      headers: owner.headers,
    });
    expect(details.json().data.status).toBe('Pending');
    const early = await post(supplier, '/api/payment/pay', { solution_id: need._id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_AVAILABLE');

    expect((await dealMove(t.app, owner, res.json().data.deal._id, 'confirm')).statusCode).toBe(200);
    const seen = await dealOf(supplier, res.json().data.deal._id);
    expect(seen).toMatchObject({ status: 'accepted', contact_access: false });
    expect(seen.fee).toMatchObject({ amount: '1320', currency: 'XOF', paid: false });
    expect((await post(supplier, '/api/payment/pay', { solution_id: need._id })).statusCode).toBe(200);
  });

  it("lets a supplier on a free trial request a need, and see the client's contacts once the client confirms", async () => {
    const trialist = await signedUp(t.app, { firstName: 'Fatou' });
    await startTrial(trialist);
    const owner = await signedUp(t.app, { firstName: 'Modou' });
    const need = await publish(owner, 'needSolution');
    const res = await accept(trialist, need._id);
    expect(res.statusCode).toBe(200);
    const dealId = res.json().data.deal._id as string;
    expect(res.json().data.deal.status).toBe('requested');
    expect((await dealOf(trialist, dealId)).counterpart).not.toHaveProperty('mobile_no');
    expect((await dealMove(t.app, owner, dealId, 'confirm')).statusCode).toBe(200);
    const seen = await dealOf(trialist, dealId);
    expect(seen).toMatchObject({ status: 'accepted', contact_access: true });
    expect(seen.counterpart).toMatchObject({ mobile_no: owner.user.mobile_no });
    // A subscription covers the fee: none is shown.
    expect(seen).not.toHaveProperty('fee');
  });

  it('refuses your own post, a second request, a taken post and a deleted post with NOT_AVAILABLE or NOT_FOUND', async () => {
    const offer = await publish(supplier, 'provideSolution');
    expect((await accept(supplier, offer._id)).json().code).toBe('NOT_AVAILABLE');
    const first = await accept(client, offer._id);
    expect(first.statusCode).toBe(200);
    const twice = await accept(client, offer._id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('NOT_AVAILABLE');
    // Still listed: somebody else may ask too, until the owner confirms one of them.
    const third = await signedUp(t.app);
    const other = await accept(third, offer._id);
    expect(other.statusCode).toBe(200);
    expect((await dealMove(t.app, supplier, first.json().data.deal._id, 'confirm')).statusCode).toBe(200);
    expect((await dealOf(third, other.json().data.deal._id)).status).toBe('declined');
    const late = await accept(await signedUp(t.app), offer._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('NOT_AVAILABLE');

    const gone = await publish(supplier, 'provideSolution');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${supplier.user._id}/${gone._id}`,
      headers: supplier.headers,
    });
    expect((await accept(client, gone._id)).statusCode).toBe(404);
  });

  it('refuses to accept for somebody else with 403', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const res = await accept(client, offer._id, { user_id: supplier.user._id });
    expect(res.statusCode).toBe(403);
    const res2 = await accept(client, offer._id, { accepted_by: supplier.user._id });
    expect(res2.statusCode).toBe(403);
  });

  it('records six concurrent requests, then confirms exactly one of six concurrent confirmations', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const people = await Promise.all(Array.from({ length: 6 }, () => signedUp(t.app)));
    const results = await Promise.all(people.map((p) => accept(p, offer._id)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const confirms = await Promise.all(
      results.map((r) => dealMove(t.app, supplier, r.json().data.deal._id as string, 'confirm')),
    );
    expect(confirms.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const { sql } = await import('drizzle-orm');
    const rows = (await t.app.database.db.execute(
      sql`select state, count(*)::int as n from deals where solution_id = ${offer._id} group by state order by state`,
    )) as unknown as { rows: { state: string; n: number }[] };
    expect(rows.rows).toEqual([
      { state: 'accepted', n: 1 },
      { state: 'declined', n: 5 },
    ]);
  });

  it('makes one request of six concurrent taps by the same person', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const tapper = await signedUp(t.app);
    const results = await Promise.all(Array.from({ length: 6 }, () => accept(tapper, offer._id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });
});

describe('PUT /api/solution/rejectSolution', () => {
  it('lets the acceptor drop the order: a request is withdrawn; a confirmed deal is cancelled, the post open again and its owner told', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const asked = (await accept(client, offer._id)).json().data.deal._id as string;
    const stranger = await signedUp(t.app);
    expect((await reject(stranger, offer._id)).statusCode).toBe(409);
    expect((await reject(client, offer._id)).statusCode).toBe(204);
    expect((await dealOf(client, asked)).status).toBe('withdrawn');
    expect((await mailbox(supplier)).some((n) => n.message_en.includes('Moussa withdrew their request'))).toBe(true);

    const dealId = await confirmedDeal(t.app, supplier, client, offer._id);
    expect((await reject(client, offer._id)).statusCode).toBe(204);
    expect((await dealOf(client, dealId)).status).toBe('cancelled');
    const details = await t.app.inject({
      url: `/api/solution/getSolutionDetails/${offer._id}`,
      headers: stranger.headers,
    });
    expect(details.json().data.status).toBe('Pending');
    expect((await mailbox(supplier)).some((n) => n.message_en.includes('Moussa cancelled the deal'))).toBe(true);
    expect((await reject(client, offer._id)).statusCode).toBe(409);
  });

  it('tells the acceptor when the owner deletes a post they hold', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const dealId = await confirmedDeal(t.app, supplier, client, offer._id);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${supplier.user._id}/${offer._id}`,
      headers: supplier.headers,
    });
    const told = (await mailbox(client)).find((n) => n.solution_id === offer._id && n.message_en.includes('deleted'));
    expect(told).toBeDefined();
    expect((await dealOf(client, dealId)).status).toBe('cancelled');
    const orders = await t.app.inject({
      url: `/api/solution/getUserAcceptedSolutions/${client.user._id}`,
      headers: client.headers,
    });
    expect(orders.json().data.map((s: { _id: string }) => s._id)).not.toContain(offer._id);
  });
});

describe('own lists and the mailbox', () => {
  it("refuses another user's offers, orders and notifications with 403", async () => {
    for (const url of [
      `/api/solution/getUserSolutions/${supplier.user._id}`,
      `/api/solution/getUserAcceptedSolutions/${supplier.user._id}`,
      `/api/notify/getUserNotif/${supplier.user._id}`,
    ]) {
      expect((await t.app.inject({ url, headers: client.headers })).statusCode).toBe(403);
    }
  });

  it('marks a notification read; never somebody else’s', async () => {
    const offer = await publish(supplier, 'provideSolution');
    await accept(client, offer._id);
    const note = (await mailbox(supplier)).find((n) => n.solution_id === offer._id)!;
    const byOther = await t.app.inject({
      method: 'PUT',
      url: '/api/notify/updateNotification',
      headers: client.headers,
      payload: { id: note._id, _id: client.user._id },
    });
    expect(byOther.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notify/updateNotification',
      headers: supplier.headers,
      payload: { id: note._id, _id: supplier.user._id },
    });
    expect(res.json().data).toMatchObject({ _id: note._id, status: 'false' });
  });

  it('pushes a new notification over the event stream at once', async () => {
    const address = await listening();
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notify/stream`, { headers: supplier.headers, signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const offer = await publish(supplier, 'provideSolution');
    const accepted = accept(client, offer._id);
    while (!text.includes('event: notification')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    await accepted;
    controller.abort();
    const data = JSON.parse(/data: (.*)\n/.exec(text)![1]!);
    expect(data).toMatchObject({ solution_id: offer._id, status: 'true' });
    const visitor = await fetch(`${address}/api/notify/stream`);
    expect(visitor.status).toBe(401);
  });
});

// ---- The deal as both parties see it (D-27), messages (D-28), finishing (D-34) ----

interface DealJson {
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

const get = (who: Account, url: string) => t.app.inject({ url, headers: who.headers });
const post = (who: Account, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...headers }, ...(payload ? { payload } : {}) });
const dealsOf = async (who: Account, query = '') => (await get(who, `/api/deals${query}`)).json().data as DealJson[];
const dealOf = async (who: Account, dealId: string) => (await get(who, `/api/deals/${dealId}`)).json().data as DealJson;

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

describe('GET /api/deals and /api/deals/:dealId (D-27)', () => {
  it('shows the owner who asked, with contacts once the confirmed deal is paid, and the acceptor the owner', async () => {
    const owner = await signedUp(t.app, { firstName: 'Ousmane' });
    const taker = await signedUp(t.app, { firstName: 'Khady' });
    const offer = await publish(owner, 'provideSolution');
    const dealId = await requested(t.app, taker, offer._id);
    expect(await dealOf(owner, dealId)).toMatchObject({ status: 'requested', contact_access: false });
    expect((await dealMove(t.app, owner, dealId, 'confirm')).statusCode).toBe(200);

    // Confirmed, before the fee: the other party by name and badges, no contacts, no access.
    const before = await dealOf(owner, dealId);
    expect(before).toMatchObject({ _id: dealId, role: 'owner', status: 'accepted', contact_access: false });
    expect(before.fee).toMatchObject({ amount: '1320', currency: 'XOF', paid: false });
    expect(before.counterpart).toMatchObject({
      _id: taker.user._id,
      firstName: 'Khady',
      verified: false,
      vip: false,
      completed_deals: 0,
      rating: { average: null, count: 0 },
    });
    expect(before.counterpart.member_since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(before.counterpart).not.toHaveProperty('email');
    expect(before.counterpart).not.toHaveProperty('mobile_no');
    expect(before.solution.user).toMatchObject({ email: owner.account.email });

    await payFor(owner, offer._id);
    const mine = await dealOf(owner, dealId);
    expect(mine.contact_access).toBe(true);
    expect(mine.fee).toMatchObject({ paid: true });
    expect(mine.counterpart).toMatchObject({ email: taker.account.email, mobile_no: taker.account.mobile_no });
    const theirs = await dealOf(taker, dealId);
    expect(theirs).toMatchObject({ role: 'acceptor', contact_access: true });
    // The fee is the supplier side's business only.
    expect(theirs).not.toHaveProperty('fee');
    expect(theirs.counterpart).toMatchObject({
      _id: owner.user._id,
      firstName: 'Ousmane',
      email: owner.account.email,
      mobile_no: owner.account.mobile_no,
    });
    expect(theirs.solution.user).toMatchObject({ email: owner.account.email });

    // Both lists hold it, newest first, on both sides.
    const second = await publish(owner, 'provideSolution');
    await accept(taker, second._id);
    expect((await dealsOf(owner)).map((d) => d.solution._id).slice(0, 2)).toEqual([second._id, offer._id]);
    expect((await dealsOf(taker)).map((d) => d.role)).toEqual(['acceptor', 'acceptor']);
    expect((await dealsOf(taker, '?status=completed')).length).toBe(0);
    expect((await dealsOf(taker, '?status=requested')).map((d) => d.solution._id)).toEqual([second._id]);
  });

  it('answers 404 to anybody who is not a party, and to an unknown deal', async () => {
    const { dealId } = await paidDeal();
    const stranger = await signedUp(t.app);
    for (const url of [`/api/deals/${dealId}`, `/api/deals/${dealId}/messages`]) {
      const res = await get(stranger, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await post(stranger, `/api/deals/${dealId}/messages`, { text: 'hi' })).statusCode).toBe(404);
    for (const move of ['confirm', 'decline', 'withdraw', 'cancel', 'complete', 'dispute'] as const) {
      expect((await dealMove(t.app, stranger, dealId, move)).statusCode).toBe(404);
    }
    expect((await get(stranger, '/api/deals/7d3c1f1e-0000-4000-8000-000000000001')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/deals/${dealId}` })).statusCode).toBe(401);
    expect(await dealsOf(stranger)).toEqual([]);
  });
});

describe('a paid pair keeps its access and is never charged twice (D-27)', () => {
  it('keeps the fee when the client cancels and asks again; a second fee is refused', async () => {
    const { owner, taker, offer, dealId } = await paidDeal();
    expect((await reject(taker, offer._id)).statusCode).toBe(204);
    // The ended deal no longer claims access, nor shows contacts.
    const ended = await dealOf(owner, dealId);
    expect(ended).toMatchObject({ status: 'cancelled', contact_access: false });
    expect(ended.counterpart).not.toHaveProperty('email');

    const again = await requested(t.app, taker, offer._id);
    expect((await dealMove(t.app, owner, again, 'confirm')).statusCode).toBe(200);
    const fresh = await dealOf(owner, again);
    expect(fresh).toMatchObject({ status: 'accepted', contact_access: true, fee: { paid: true } });
    expect(fresh.counterpart).toMatchObject({ email: taker.account.email });

    const twice = await post(owner, '/api/payment/pay', { solution_id: offer._id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('NOT_AVAILABLE');
  });

  it('lets a supplier who paid for a need have it again for free after dropping it; another supplier still meets the fee', async () => {
    const owner = await signedUp(t.app, { firstName: 'Mariama' });
    const payer = await signedUp(t.app, { firstName: 'Ibrahima' });
    const need = await publish(owner, 'needSolution');
    await confirmedDeal(t.app, owner, payer, need._id);
    await payFor(payer, need._id);
    expect((await reject(payer, need._id)).statusCode).toBe(204);
    // A second fee for the same need and supplier: refused before any order is made.
    const twice = await post(payer, '/api/payment/pay', { solution_id: need._id });
    expect(twice.statusCode).toBe(409);
    const again = await confirmedDeal(t.app, owner, payer, need._id);
    expect(await dealOf(payer, again)).toMatchObject({ contact_access: true, fee: { paid: true } });
    // Another supplier without access still meets the fee once confirmed.
    expect((await reject(payer, need._id)).statusCode).toBe(204);
    const other = await signedUp(t.app);
    const theirs = await confirmedDeal(t.app, owner, other, need._id);
    expect(await dealOf(other, theirs)).toMatchObject({ contact_access: false, fee: { paid: false } });
    expect((await post(other, '/api/payment/pay', { solution_id: need._id })).statusCode).toBe(200);
  });
});

describe('messages of a deal (D-28)', () => {
  it('refuses messages before confirmation (409) and with 402 while the deal has no contact access, and stores nothing', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const taker = await signedUp(t.app);
    const dealId = await requested(t.app, taker, offer._id);
    const early = await post(taker, `/api/deals/${dealId}/messages`, { text: 'Hello?' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_AVAILABLE');
    expect((await dealMove(t.app, supplier, dealId, 'confirm')).statusCode).toBe(200);
    const sent = await post(taker, `/api/deals/${dealId}/messages`, { text: 'Hello?' });
    expect(sent.statusCode).toBe(402);
    expect(sent.json().code).toBe('CONTACT_ACCESS_REQUIRED');
    expect((await get(supplier, `/api/deals/${dealId}/messages`)).statusCode).toBe(402);
    await payFor(supplier, offer._id);
    expect((await get(supplier, `/api/deals/${dealId}/messages`)).json().data).toEqual([]);
  });

  it('stores the text as typed, lists it oldest first, counts it unread until the thread is read', async () => {
    const { owner, taker, dealId } = await paidDeal();
    const text = '<script>alert(1)</script> & "quotes" é';
    const first = await post(taker, `/api/deals/${dealId}/messages`, { text });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ deal_id: dealId, from: taker.user._id, text });
    await post(taker, `/api/deals/${dealId}/messages`, { text: 'Second' });
    expect((await get(owner, '/api/deals/unread')).json().data).toEqual({ count: 2 });
    expect((await dealOf(owner, dealId)).unread_count).toBe(2);
    expect((await get(taker, '/api/deals/unread')).json().data).toEqual({ count: 0 });

    const thread = await get(owner, `/api/deals/${dealId}/messages`);
    expect(thread.json().data.map((m: { text: string }) => m.text)).toEqual([text, 'Second']);
    expect(thread.json().next_cursor).toBeNull();
    expect((await get(owner, '/api/deals/unread')).json().data).toEqual({ count: 0 });
    expect((await dealOf(owner, dealId)).unread_count).toBe(0);
  });

  it('pages a long thread with a cursor, oldest first', async () => {
    const { owner, taker, dealId } = await paidDeal();
    for (let i = 0; i < 52; i += 1) {
      expect((await post(i % 2 ? owner : taker, `/api/deals/${dealId}/messages`, { text: `m${i}` })).statusCode).toBe(
        201,
      );
    }
    const one = (await get(owner, `/api/deals/${dealId}/messages`)).json();
    expect(one.data).toHaveLength(50);
    expect(one.data[0].text).toBe('m0');
    const two = (await get(owner, `/api/deals/${dealId}/messages?cursor=${one.next_cursor}`)).json();
    expect(two.data.map((m: { text: string }) => m.text)).toEqual(['m50', 'm51']);
    expect(two.next_cursor).toBeNull();
    const bad = await get(owner, `/api/deals/${dealId}/messages?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an empty, blank or over-long message with 400 VALIDATION', async () => {
    const { taker, dealId } = await paidDeal();
    for (const payload of [{ text: '' }, { text: '   ' }, { text: 'x'.repeat(1001) }, {}, { text: 5 }]) {
      const res = await post(taker, `/api/deals/${dealId}/messages`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await post(taker, `/api/deals/${dealId}/messages`, { text: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it('tells the recipient of the first unread message once, by mailbox and SMS in their language', async () => {
    const { owner, taker, dealId } = await paidDeal();
    await t.app.database.db.execute(
      (await import('drizzle-orm')).sql`update users set language = 'fr' where id = ${owner.user._id}`,
    );
    const sms = t.app.sms as ConsoleSmsAdapter;
    await post(taker, `/api/deals/${dealId}/messages`, { text: 'Bonjour' });
    expect(sms.lastTo(owner.user.mobile_no)?.text).toContain('Khady vous a envoyé un message');
    const count = async () => (await mailbox(owner)).filter((n) => n.message_en.includes('sent you a message')).length;
    expect(await count()).toBe(1);
    await post(taker, `/api/deals/${dealId}/messages`, { text: 'Encore' });
    expect(await count()).toBe(1);
    // Once read, the next message is a first unread one again.
    await get(owner, `/api/deals/${dealId}/messages`);
    await post(taker, `/api/deals/${dealId}/messages`, { text: 'Et encore' });
    expect(await count()).toBe(2);
  });

  it("reading the thread marks its message notices read: the bell's count falls, other notices stay", async () => {
    const { owner, taker, dealId } = await paidDeal();
    await post(taker, `/api/deals/${dealId}/messages`, { text: 'Bonjour' });
    const unread = async () => (await mailbox(owner)).filter((n) => n.status !== 'false');
    const before = await unread();
    expect(before.some((n) => n.message_en.includes('sent you a message'))).toBe(true);
    // The taker reading the thread marks nothing of the owner's.
    await get(taker, `/api/deals/${dealId}/messages`);
    expect((await unread()).length).toBe(before.length);

    await get(owner, `/api/deals/${dealId}/messages`);
    const after = await unread();
    expect(after.some((n) => n.message_en.includes('sent you a message'))).toBe(false);
    expect(after.length).toBe(before.length - 1);
    // A message arriving while the thread is open is read at once: its notice goes with it.
    await post(taker, `/api/deals/${dealId}/messages`, { text: 'Encore' });
    await get(owner, `/api/deals/${dealId}/messages`);
    expect((await unread()).length).toBe(after.length);
  });

  it('sends the message live on the other party’s event stream as `message`', async () => {
    const { owner, taker, dealId } = await paidDeal();
    const address = await listening();
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notify/stream`, { headers: owner.headers, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const sent = await post(taker, `/api/deals/${dealId}/messages`, { text: 'Live one' });
    while (!text.includes('event: message')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    const data = JSON.parse(/event: message\ndata: (.*)\n/.exec(text)![1]!);
    expect(data).toEqual(sent.json().data);
  });

  it('answers a retried message with the same Idempotency-Key once (D-31)', async () => {
    const { owner, taker, dealId } = await paidDeal();
    const key = { 'idempotency-key': `msg-${dealId}` };
    const one = await post(taker, `/api/deals/${dealId}/messages`, { text: 'Only once' }, key);
    const two = await post(taker, `/api/deals/${dealId}/messages`, { text: 'Only once' }, key);
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(two.json().data._id).toBe(one.json().data._id);
    expect((await get(owner, `/api/deals/${dealId}/messages`)).json().data).toHaveLength(1);
  });
});

describe('finishing a deal (D-34)', () => {
  it('completes once both mark it done, counts it for both, lets each rate once, and shows it on the card', async () => {
    const { owner, taker, offer, dealId } = await paidDeal();
    const early = await post(taker, `/api/deals/${dealId}/review`, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_AVAILABLE');

    const half = await dealMove(t.app, taker, dealId, 'complete');
    expect(half.statusCode).toBe(200);
    expect(half.json().data).toMatchObject({ status: 'accepted', done_by_me: true, done_by_other: false });
    const autoIn = Date.parse(half.json().data.auto_complete_at) - Date.now();
    expect(autoIn).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(autoIn).toBeLessThanOrEqual(3 * 86_400_000);
    expect(await dealOf(owner, dealId)).toMatchObject({ done_by_me: false, done_by_other: true });
    expect((await mailbox(owner)).some((n) => n.message_en.includes('Khady marked the deal'))).toBe(true);
    // One party's mark is not a completion: no review yet, and not twice.
    expect((await post(taker, `/api/deals/${dealId}/review`, { rating: 5 })).statusCode).toBe(409);
    expect((await dealMove(t.app, taker, dealId, 'complete')).statusCode).toBe(409);

    const done = await dealMove(t.app, owner, dealId, 'complete');
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'completed', completed_by: owner.user._id });
    expect(done.json().data).not.toHaveProperty('dispute_until');
    const again = await dealMove(t.app, owner, dealId, 'complete');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_AVAILABLE');
    // A completed order cannot be dropped, cancelled or disputed.
    expect((await reject(taker, offer._id)).statusCode).toBe(409);
    expect((await dealMove(t.app, taker, dealId, 'cancel')).statusCode).toBe(409);
    expect((await dealMove(t.app, taker, dealId, 'dispute')).statusCode).toBe(409);

    const rated = await post(taker, `/api/deals/${dealId}/review`, { rating: 4, text: '  Good tractor  ' });
    expect(rated.statusCode).toBe(201);
    expect(rated.json().data).toMatchObject({ rating: 4, text: 'Good tractor', from: { firstName: 'Khady' } });
    const twice = await post(taker, `/api/deals/${dealId}/review`, { rating: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_REVIEWED');
    expect((await post(owner, `/api/deals/${dealId}/review`, { rating: 5 })).statusCode).toBe(201);

    for (const payload of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: 3, text: 'x'.repeat(501) }]) {
      expect((await post(owner, `/api/deals/${dealId}/review`, payload)).statusCode).toBe(400);
    }

    const seenByTaker = await dealOf(taker, dealId);
    expect(seenByTaker.my_review).toMatchObject({ rating: 4, text: 'Good tractor' });
    expect(seenByTaker.counterpart).toMatchObject({ completed_deals: 1, rating: { average: 4, count: 1 } });
    const card = await get(taker, `/api/users/${owner.user._id}/card`);
    expect(card.statusCode).toBe(200);
    expect(card.json().data).toMatchObject({
      _id: owner.user._id,
      firstName: 'Ousmane',
      completed_deals: 1,
      rating: { average: 4, count: 1 },
      reviews: [{ rating: 4, text: 'Good tractor', from: { _id: taker.user._id, firstName: 'Khady' } }],
    });
    expect(card.body).not.toContain(owner.account.email);
    expect(card.body).not.toContain(owner.account.mobile_no);
    // The post's person carries the same counts wherever it is shown.
    const details = await get(owner, `/api/solution/getSolutionDetails/${offer._id}`);
    expect(details.json().data.user).toMatchObject({ completed_deals: 1, rating: { average: 4, count: 1 } });
    expect((await t.app.inject({ url: `/api/users/${owner.user._id}/card` })).statusCode).toBe(401);
    expect((await get(taker, '/api/users/7d3c1f1e-0000-4000-8000-000000000001/card')).statusCode).toBe(404);
  });

  it('refuses to mark done a confirmed deal without contact access (402)', async () => {
    const owner = await signedUp(t.app);
    const taker = await signedUp(t.app);
    const offer = await publish(owner, 'provideSolution');
    const dealId = await confirmedDeal(t.app, owner, taker, offer._id);
    const res = await dealMove(t.app, taker, dealId, 'complete');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('CONTACT_ACCESS_REQUIRED');
  });

  it('lets either party dispute: the deal is frozen, neither marking done, cancelling nor the clock moves it', async () => {
    const { owner, taker, offer, dealId } = await paidDeal();
    expect((await dealMove(t.app, owner, dealId, 'complete')).statusCode).toBe(200);
    const disputed = await dealMove(t.app, taker, dealId, 'dispute');
    expect(disputed.statusCode).toBe(200);
    expect(disputed.json().data).toMatchObject({
      status: 'accepted',
      disputed: true,
      counterpart: { completed_deals: 0 },
    });
    expect(disputed.json().data).not.toHaveProperty('completed_at');
    expect(disputed.json().data).not.toHaveProperty('auto_complete_at');
    expect((await mailbox(owner)).some((n) => n.message_en.includes('Khady reported a problem'))).toBe(true);
    // Marking done again cannot undo a dispute; nor can cancelling end it, or a second dispute.
    expect((await dealMove(t.app, taker, dealId, 'complete')).statusCode).toBe(409);
    expect((await dealMove(t.app, owner, dealId, 'cancel')).statusCode).toBe(409);
    expect((await reject(taker, offer._id)).statusCode).toBe(409);
    expect((await dealMove(t.app, owner, dealId, 'dispute')).statusCode).toBe(409);
    t.app.clock.advance(4 * 86_400_000);
    try {
      await tick(t.app);
    } finally {
      t.app.clock.advance(-4 * 86_400_000);
    }
    expect(await dealOf(taker, dealId)).toMatchObject({ status: 'accepted', disputed: true });
    const card = (await get(owner, `/api/users/${taker.user._id}/card`)).json().data;
    expect(card).toMatchObject({ completed_deals: 0, rating: { average: null, count: 0 }, reviews: [] });
    expect((await post(owner, `/api/deals/${dealId}/review`, { rating: 2 })).statusCode).toBe(409);
  });

  it('keeps a disputed deal frozen when its fee is unpaid after 48 hours: the clock does not lapse it (D-34)', async () => {
    const owner = await signedUp(t.app);
    const taker = await signedUp(t.app);
    const offer = await publish(owner, 'provideSolution');
    const dealId = await confirmedDeal(t.app, owner, taker, offer._id);
    expect((await dealMove(t.app, taker, dealId, 'dispute')).statusCode).toBe(200);
    t.app.clock.advance(49 * 3_600_000);
    try {
      await tick(t.app);
    } finally {
      t.app.clock.advance(-49 * 3_600_000);
    }
    expect(await dealOf(owner, dealId)).toMatchObject({ status: 'accepted', disputed: true });
  });

  it('completes a deal by the clock 3 days after one party marked it done, unless disputed', async () => {
    const { owner, taker, dealId } = await paidDeal();
    expect((await dealMove(t.app, taker, dealId, 'complete')).statusCode).toBe(200);
    t.app.clock.advance(2 * 86_400_000);
    try {
      await tick(t.app);
      expect((await dealOf(owner, dealId)).status).toBe('accepted');
      t.app.clock.advance(86_400_000 + 60_000);
      await tick(t.app);
    } finally {
      t.app.clock.advance(-(3 * 86_400_000 + 60_000));
    }
    expect(await dealOf(owner, dealId)).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    expect((await mailbox(owner)).some((n) => n.message_en.includes('is completed. You can now rate it.'))).toBe(true);
    expect((await post(owner, `/api/deals/${dealId}/review`, { rating: 5 })).statusCode).toBe(201);
  });

  it('refuses to complete a cancelled deal', async () => {
    const { owner, taker, offer, dealId } = await paidDeal();
    await reject(taker, offer._id);
    const res = await dealMove(t.app, owner, dealId, 'complete');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_AVAILABLE');
  });
});
