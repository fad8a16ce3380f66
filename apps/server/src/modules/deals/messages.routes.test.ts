import { beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { confirmedDeal, dealMove, requested, tick } from '../../../test/deals.js';
import type { ConsoleSmsAdapter } from '../../adapters/sms/index.js';
import { type Account, dealsTestApp } from '../../../test/deals-suite.js';

const suite = dealsTestApp();
const { listening, publish, reject, mailbox, get, post, dealOf, payFor, paidDeal } = suite;
let supplier: Account;
beforeAll(async () => {
  supplier = await signedUp(suite.t.app, { firstName: 'Awa' });
});

describe('messages of a deal (D-28)', () => {
  it('refuses messages before confirmation (409) and with 402 while the deal has no contact access, and stores nothing', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const taker = await signedUp(suite.t.app);
    const dealId = await requested(suite.t.app, taker, offer._id);
    const early = await post(taker, `/api/deals/${dealId}/messages`, { text: 'Hello?' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_AVAILABLE');
    expect((await dealMove(suite.t.app, supplier, dealId, 'confirm')).statusCode).toBe(200);
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
    await suite.t.app.database.db.execute(
      (await import('drizzle-orm')).sql`update users set language = 'fr' where id = ${owner.user._id}`,
    );
    const sms = suite.t.app.sms as ConsoleSmsAdapter;
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

    const half = await dealMove(suite.t.app, taker, dealId, 'complete');
    expect(half.statusCode).toBe(200);
    expect(half.json().data).toMatchObject({ status: 'accepted', done_by_me: true, done_by_other: false });
    const autoIn = Date.parse(half.json().data.auto_complete_at) - Date.now();
    expect(autoIn).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(autoIn).toBeLessThanOrEqual(3 * 86_400_000);
    expect(await dealOf(owner, dealId)).toMatchObject({ done_by_me: false, done_by_other: true });
    expect((await mailbox(owner)).some((n) => n.message_en.includes('Khady marked the deal'))).toBe(true);
    // One party's mark is not a completion: no review yet, and not twice.
    expect((await post(taker, `/api/deals/${dealId}/review`, { rating: 5 })).statusCode).toBe(409);
    expect((await dealMove(suite.t.app, taker, dealId, 'complete')).statusCode).toBe(409);

    const done = await dealMove(suite.t.app, owner, dealId, 'complete');
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'completed', completed_by: owner.user._id });
    expect(done.json().data).not.toHaveProperty('dispute_until');
    const again = await dealMove(suite.t.app, owner, dealId, 'complete');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_AVAILABLE');
    // A completed order cannot be dropped, cancelled or disputed.
    expect((await reject(taker, offer._id)).statusCode).toBe(409);
    expect((await dealMove(suite.t.app, taker, dealId, 'cancel')).statusCode).toBe(409);
    expect((await dealMove(suite.t.app, taker, dealId, 'dispute')).statusCode).toBe(409);

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
    expect((await suite.t.app.inject({ url: `/api/users/${owner.user._id}/card` })).statusCode).toBe(401);
    expect((await get(taker, '/api/users/7d3c1f1e-0000-4000-8000-000000000001/card')).statusCode).toBe(404);
  });

  it('refuses to mark done a confirmed deal without contact access (402)', async () => {
    const owner = await signedUp(suite.t.app);
    const taker = await signedUp(suite.t.app);
    const offer = await publish(owner, 'provideSolution');
    const dealId = await confirmedDeal(suite.t.app, owner, taker, offer._id);
    const res = await dealMove(suite.t.app, taker, dealId, 'complete');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('CONTACT_ACCESS_REQUIRED');
  });

  it('lets either party dispute: the deal is frozen, neither marking done, cancelling nor the clock moves it', async () => {
    const { owner, taker, offer, dealId } = await paidDeal();
    expect((await dealMove(suite.t.app, owner, dealId, 'complete')).statusCode).toBe(200);
    const disputed = await dealMove(suite.t.app, taker, dealId, 'dispute');
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
    expect((await dealMove(suite.t.app, taker, dealId, 'complete')).statusCode).toBe(409);
    expect((await dealMove(suite.t.app, owner, dealId, 'cancel')).statusCode).toBe(409);
    expect((await reject(taker, offer._id)).statusCode).toBe(409);
    expect((await dealMove(suite.t.app, owner, dealId, 'dispute')).statusCode).toBe(409);
    suite.t.app.clock.advance(4 * 86_400_000);
    try {
      await tick(suite.t.app);
    } finally {
      suite.t.app.clock.advance(-4 * 86_400_000);
    }
    expect(await dealOf(taker, dealId)).toMatchObject({ status: 'accepted', disputed: true });
    const card = (await get(owner, `/api/users/${taker.user._id}/card`)).json().data;
    expect(card).toMatchObject({ completed_deals: 0, rating: { average: null, count: 0 }, reviews: [] });
    expect((await post(owner, `/api/deals/${dealId}/review`, { rating: 2 })).statusCode).toBe(409);
  });

  it('keeps a disputed deal frozen when its fee is unpaid after 48 hours: the clock does not lapse it (D-34)', async () => {
    const owner = await signedUp(suite.t.app);
    const taker = await signedUp(suite.t.app);
    const offer = await publish(owner, 'provideSolution');
    const dealId = await confirmedDeal(suite.t.app, owner, taker, offer._id);
    expect((await dealMove(suite.t.app, taker, dealId, 'dispute')).statusCode).toBe(200);
    suite.t.app.clock.advance(49 * 3_600_000);
    try {
      await tick(suite.t.app);
    } finally {
      suite.t.app.clock.advance(-49 * 3_600_000);
    }
    expect(await dealOf(owner, dealId)).toMatchObject({ status: 'accepted', disputed: true });
  });

  it('completes a deal by the clock 3 days after one party marked it done, unless disputed', async () => {
    const { owner, taker, dealId } = await paidDeal();
    expect((await dealMove(suite.t.app, taker, dealId, 'complete')).statusCode).toBe(200);
    suite.t.app.clock.advance(2 * 86_400_000);
    try {
      await tick(suite.t.app);
      expect((await dealOf(owner, dealId)).status).toBe('accepted');
      suite.t.app.clock.advance(86_400_000 + 60_000);
      await tick(suite.t.app);
    } finally {
      suite.t.app.clock.advance(-(3 * 86_400_000 + 60_000));
    }
    expect(await dealOf(owner, dealId)).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    expect((await mailbox(owner)).some((n) => n.message_en.includes('is completed. You can now rate it.'))).toBe(true);
    expect((await post(owner, `/api/deals/${dealId}/review`, { rating: 5 })).statusCode).toBe(201);
  });

  it('refuses to complete a cancelled deal', async () => {
    const { owner, taker, offer, dealId } = await paidDeal();
    await reject(taker, offer._id);
    const res = await dealMove(suite.t.app, owner, dealId, 'complete');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_AVAILABLE');
  });
});
