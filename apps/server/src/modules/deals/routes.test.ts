import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { publish as publishPost, tractor } from '../../../test/posts.js';
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

const publish = (who: Account, role: 'needSolution' | 'provideSolution') => publishPost(t.app, who, tractor(role));

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

describe('PUT /api/solution/solutionAccepted (D-6, D-15)', () => {
  it('lets a client accept an offer for free: a deal, the owner told in the mailbox and by SMS', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const res = await accept(client, offer._id);
    expect(res.statusCode).toBe(200);
    const { solution, deal } = res.json().data;
    expect(solution).toMatchObject({ _id: offer._id, status: 'Accepted' });
    expect(deal).toMatchObject({ solution_id: offer._id, acceptor_id: client.user._id, contact_access: 'none' });
    // The supplier has no contact access yet, so the client does not get its contacts (D-14).
    expect(solution.user).not.toHaveProperty('mobile_no');

    const told = (await mailbox(supplier)).find((n) => n.solution_id === offer._id);
    expect(told).toMatchObject({ status: 'true', message_en: expect.stringContaining('Moussa accepted your post') });
    expect(told!.message_fr).toContain('Moussa a accepté votre annonce');
    const sms = (t.app.sms as ConsoleSmsAdapter).lastTo(supplier.user.mobile_no);
    expect(sms?.text).toContain('Moussa accepted your post');

    const orders = await t.app.inject({
      url: `/api/solution/getUserAcceptedSolutions/${client.user._id}`,
      headers: client.headers,
    });
    expect(orders.json().data.map((s: { _id: string }) => s._id)).toContain(offer._id);
    const offers = await t.app.inject({
      url: `/api/solution/getUserSolutions/${supplier.user._id}`,
      headers: supplier.headers,
    });
    expect(offers.json().data.find((s: { _id: string }) => s._id === offer._id)?.status).toBe('Accepted');
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
    expect(told?.message_en).toBe('Moussa accepted your post "Chest freezer, 300 litres, in Dakar".');
    expect(told?.message_fr).toBe('Moussa a accepté votre annonce « Chest freezer, 300 litres, in Dakar ».');
    const sms = (t.app.sms as ConsoleSmsAdapter).lastTo(supplier.user.mobile_no);
    expect(sms?.text).toBe('Moussa accepted your post "Chest freezer, 300 litres, in Dakar".');
  });

  it('answers 402 CONTACT_ACCESS_REQUIRED to a supplier without contact access accepting a need, and records nothing', async () => {
    const need = await publish(client, 'needSolution');
    const res = await accept(supplier, need._id);
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('CONTACT_ACCESS_REQUIRED');
    const details = await t.app.inject({
      url: `/api/solution/getSolutionDetails/${need._id}`,
      headers: client.headers,
    });
    expect(details.json().data.status).toBe('Pending');
  });

  it("lets a supplier on a free trial accept a need, and then see the client's contacts", async () => {
    const trialist = await signedUp(t.app, { firstName: 'Fatou' });
    await startTrial(trialist);
    const need = await publish(client, 'needSolution');
    const res = await accept(trialist, need._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deal.contact_access).toBe('trial');
    expect(res.json().data.solution.user).toMatchObject({ mobile_no: client.user.mobile_no });
  });

  it('refuses your own post, a taken post and a deleted post with NOT_AVAILABLE or NOT_FOUND', async () => {
    const offer = await publish(supplier, 'provideSolution');
    expect((await accept(supplier, offer._id)).json().code).toBe('NOT_AVAILABLE');
    expect((await accept(client, offer._id)).statusCode).toBe(200);
    const third = await signedUp(t.app);
    const taken = await accept(third, offer._id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('NOT_AVAILABLE');

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

  it('makes one deal of six concurrent accepts', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const people = await Promise.all(Array.from({ length: 6 }, () => signedUp(t.app)));
    const results = await Promise.all(people.map((p) => accept(p, offer._id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const { sql } = await import('drizzle-orm');
    const rows = (await t.app.database.db.execute(
      sql`select count(*)::int as n from deals where solution_id = ${offer._id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
  });
});

describe('PUT /api/solution/rejectSolution', () => {
  it('lets the acceptor drop the order: the post is open again and its owner told', async () => {
    const offer = await publish(supplier, 'provideSolution');
    await accept(client, offer._id);
    const stranger = await signedUp(t.app);
    expect((await reject(stranger, offer._id)).statusCode).toBe(409);
    expect((await reject(client, offer._id)).statusCode).toBe(204);
    const details = await t.app.inject({
      url: `/api/solution/getSolutionDetails/${offer._id}`,
      headers: stranger.headers,
    });
    expect(details.json().data.status).toBe('Pending');
    expect((await mailbox(supplier)).some((n) => n.message_en.includes('cancelled the order'))).toBe(true);
    expect((await reject(client, offer._id)).statusCode).toBe(409);
  });

  it('tells the acceptor when the owner deletes a post they hold', async () => {
    const offer = await publish(supplier, 'provideSolution');
    await accept(client, offer._id);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${supplier.user._id}/${offer._id}`,
      headers: supplier.headers,
    });
    const told = (await mailbox(client)).find((n) => n.solution_id === offer._id && n.message_en.includes('deleted'));
    expect(told).toBeDefined();
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

// ---- Issue 15: the deal as both parties see it (D-27), messages (D-28), finishing (D-29) ----

interface DealJson {
  _id: string;
  role: 'owner' | 'acceptor';
  status: string;
  contact_access: boolean;
  solution: { _id: string; user: Record<string, unknown> };
  counterpart: Record<string, unknown> & { _id: string; firstName: string };
  completed_at?: string;
  dispute_until?: string;
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

/** A fresh supplier's offer taken by a fresh client, paid by the supplier: the two see each other. */
async function paidDeal() {
  const owner = await signedUp(t.app, { firstName: 'Ousmane' });
  const taker = await signedUp(t.app, { firstName: 'Khady' });
  const offer = await publish(owner, 'provideSolution');
  const accepted = await accept(taker, offer._id);
  expect(accepted.statusCode).toBe(200);
  await payFor(owner, offer._id);
  return { owner, taker, offer, dealId: accepted.json().data.deal._id as string };
}

describe('GET /api/deals and /api/deals/:dealId (D-27)', () => {
  it('shows the owner who accepted, with contacts once the supplier paid, and the acceptor the owner', async () => {
    const owner = await signedUp(t.app, { firstName: 'Ousmane' });
    const taker = await signedUp(t.app, { firstName: 'Khady' });
    const offer = await publish(owner, 'provideSolution');
    const dealId = (await accept(taker, offer._id)).json().data.deal._id as string;

    // Before the fee: the other party by name and badges, no contacts, no access.
    const before = await dealOf(owner, dealId);
    expect(before).toMatchObject({ _id: dealId, role: 'owner', status: 'accepted', contact_access: false });
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
    expect(mine.counterpart).toMatchObject({ email: taker.account.email, mobile_no: taker.account.mobile_no });
    const theirs = await dealOf(taker, dealId);
    expect(theirs).toMatchObject({ role: 'acceptor', contact_access: true });
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
    expect((await post(stranger, `/api/deals/${dealId}/complete`)).statusCode).toBe(404);
    expect((await get(stranger, '/api/deals/7d3c1f1e-0000-4000-8000-000000000001')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/deals/${dealId}` })).statusCode).toBe(401);
    expect(await dealsOf(stranger)).toEqual([]);
  });
});

describe('a paid pair keeps its access and is never charged twice (D-27)', () => {
  it('keeps the fee when the client drops the order and accepts again; a second fee is refused', async () => {
    const { owner, taker, offer, dealId } = await paidDeal();
    expect((await reject(taker, offer._id)).statusCode).toBe(204);
    // The ended deal no longer claims access, nor shows contacts.
    const ended = await dealOf(owner, dealId);
    expect(ended).toMatchObject({ status: 'cancelled', contact_access: false });
    expect(ended.counterpart).not.toHaveProperty('email');

    const again = await accept(taker, offer._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.deal.contact_access).toBe('payment');
    const fresh = await dealOf(owner, again.json().data.deal._id);
    expect(fresh).toMatchObject({ status: 'accepted', contact_access: true });
    expect(fresh.counterpart).toMatchObject({ email: taker.account.email });

    const twice = await post(owner, '/api/payment/pay', { solution_id: offer._id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('NOT_AVAILABLE');
  });

  it('lets a supplier who paid for a need accept it again for free after dropping it', async () => {
    const owner = await signedUp(t.app, { firstName: 'Mariama' });
    const payer = await signedUp(t.app, { firstName: 'Ibrahima' });
    const need = await publish(owner, 'needSolution');
    await payFor(payer, need._id);
    expect((await reject(payer, need._id)).statusCode).toBe(204);
    // A second fee for the same need and supplier: refused before any order is made.
    const twice = await post(payer, '/api/payment/pay', { solution_id: need._id });
    expect(twice.statusCode).toBe(409);
    const again = await accept(payer, need._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.deal.contact_access).toBe('payment');
    // Another supplier without access still meets the fee (402).
    const other = await signedUp(t.app);
    expect((await reject(payer, need._id)).statusCode).toBe(204);
    expect((await accept(other, need._id)).statusCode).toBe(402);
  });
});

describe('messages of a deal (D-28)', () => {
  it('refuses messages with 402 while the deal has no contact access, and stores nothing', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const taker = await signedUp(t.app);
    const dealId = (await accept(taker, offer._id)).json().data.deal._id as string;
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

describe('finishing a deal (D-29)', () => {
  it('completes once, counts it for both, lets each rate once, and shows it on the card', async () => {
    const { owner, taker, offer, dealId } = await paidDeal();
    const early = await post(taker, `/api/deals/${dealId}/review`, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_AVAILABLE');

    const done = await post(taker, `/api/deals/${dealId}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'completed', completed_by: taker.user._id });
    const until = Date.parse(done.json().data.dispute_until) - Date.parse(done.json().data.completed_at);
    expect(until).toBe(7 * 86_400_000);
    const again = await post(owner, `/api/deals/${dealId}/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_AVAILABLE');
    // A completed order cannot be dropped.
    expect((await reject(taker, offer._id)).statusCode).toBe(409);

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

  it('lets the other party dispute within 7 days: accepted again, counts and ratings withdrawn', async () => {
    const { owner, taker, dealId } = await paidDeal();
    await post(owner, `/api/deals/${dealId}/complete`);
    await post(owner, `/api/deals/${dealId}/review`, { rating: 2 });
    // The party who completed it cannot dispute it.
    expect((await post(owner, `/api/deals/${dealId}/dispute`)).statusCode).toBe(409);
    const disputed = await post(taker, `/api/deals/${dealId}/dispute`);
    expect(disputed.statusCode).toBe(200);
    expect(disputed.json().data).toMatchObject({ status: 'accepted', counterpart: { completed_deals: 0 } });
    expect(disputed.json().data).not.toHaveProperty('completed_at');
    const card = (await get(owner, `/api/users/${taker.user._id}/card`)).json().data;
    expect(card).toMatchObject({ completed_deals: 0, rating: { average: null, count: 0 }, reviews: [] });
    expect((await mailbox(owner)).some((n) => n.message_en.includes('disputed the completion'))).toBe(true);
    // Not completed: no dispute.
    expect((await post(taker, `/api/deals/${dealId}/dispute`)).statusCode).toBe(409);
  });

  it('refuses a dispute after the 7 days', async () => {
    const { owner, taker, dealId } = await paidDeal();
    await post(owner, `/api/deals/${dealId}/complete`);
    const { sql } = await import('drizzle-orm');
    await t.app.database.db.execute(
      sql`update deals set completed_at = now() - interval '8 days' where id = ${dealId}`,
    );
    const late = await post(taker, `/api/deals/${dealId}/dispute`);
    expect(late.statusCode).toBe(409);
    expect((await dealOf(taker, dealId)).status).toBe('completed');
  });

  it('refuses to complete a cancelled deal', async () => {
    const { owner, taker, offer, dealId } = await paidDeal();
    await reject(taker, offer._id);
    const res = await post(owner, `/api/deals/${dealId}/complete`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_AVAILABLE');
  });
});
