import { beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { confirmedDeal, dealMove } from '../../../test/deals.js';
import { publish as publishPost, tractor } from '../../../test/posts.js';
import type { ConsoleSmsAdapter } from '../../adapters/sms/index.js';
import { type Account, dealsTestApp } from '../../../test/deals-suite.js';

const suite = dealsTestApp();
const { listening, publish, accept, reject, mailbox, startTrial, post, dealOf } = suite;
let supplier: Account;
let client: Account;
beforeAll(async () => {
  supplier = await signedUp(suite.t.app, { firstName: 'Awa' });
  client = await signedUp(suite.t.app, { firstName: 'Moussa' });
});

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
    const sms = (suite.t.app.sms as ConsoleSmsAdapter).lastTo(supplier.user.mobile_no);
    expect(sms?.text).toContain('Moussa sent a request for your post');

    const orders = await suite.t.app.inject({
      url: `/api/solution/getUserAcceptedSolutions/${client.user._id}`,
      headers: client.headers,
    });
    expect(orders.json().data.map((s: { _id: string }) => s._id)).toContain(offer._id);
    const status = async () =>
      (
        await suite.t.app.inject({
          url: `/api/solution/getUserSolutions/${supplier.user._id}`,
          headers: supplier.headers,
        })
      )
        .json()
        .data.find((s: { _id: string }) => s._id === offer._id)?.status;
    expect(await status()).toBe('Pending');

    // The owner's confirmation takes the single-use post, and the client is told.
    const confirmed = await dealMove(suite.t.app, supplier, deal._id, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'accepted', confirmed_at: expect.any(String) });
    expect(await status()).toBe('Accepted');
    expect((await mailbox(client)).some((n) => n.message_en.includes('Awa confirmed your request'))).toBe(true);
  });

  it('names an own proposition by its title in the notification and the SMS, not "Your own proposition..." (D-30)', async () => {
    const offer = await publishPost(suite.t.app, supplier, {
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
    const sms = (suite.t.app.sms as ConsoleSmsAdapter).lastTo(supplier.user.mobile_no);
    expect(sms?.text).toBe(
      'Moussa sent a request for your post "Chest freezer, 300 litres, in Dakar". Open it to confirm or decline.',
    );
  });

  it('lets a supplier without contact access request a need for free; the fee falls due only once the owner confirms', async () => {
    const owner = await signedUp(suite.t.app, { firstName: 'Aminata' });
    const need = await publish(owner, 'needSolution');
    // No more 402 on accepting a need: nobody pays for a request that might be declined.
    const res = await accept(supplier, need._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deal).toMatchObject({ status: 'requested', contact_access: 'none' });
    const details = await suite.t.app.inject({
      url: `/api/solution/getSolutionDetails/${need._id}`,
      headers: owner.headers,
    });
    expect(details.json().data.status).toBe('Pending');
    const early = await post(supplier, '/api/payment/pay', { solution_id: need._id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_AVAILABLE');

    expect((await dealMove(suite.t.app, owner, res.json().data.deal._id, 'confirm')).statusCode).toBe(200);
    const seen = await dealOf(supplier, res.json().data.deal._id);
    expect(seen).toMatchObject({ status: 'accepted', contact_access: false });
    expect(seen.fee).toMatchObject({ amount: '1320', currency: 'XOF', paid: false });
    expect((await post(supplier, '/api/payment/pay', { solution_id: need._id })).statusCode).toBe(200);
  });

  it("lets a supplier on a free trial request a need, and see the client's contacts once the client confirms", async () => {
    const trialist = await signedUp(suite.t.app, { firstName: 'Fatou' });
    await startTrial(trialist);
    const owner = await signedUp(suite.t.app, { firstName: 'Modou' });
    const need = await publish(owner, 'needSolution');
    const res = await accept(trialist, need._id);
    expect(res.statusCode).toBe(200);
    const dealId = res.json().data.deal._id as string;
    expect(res.json().data.deal.status).toBe('requested');
    expect((await dealOf(trialist, dealId)).counterpart).not.toHaveProperty('mobile_no');
    expect((await dealMove(suite.t.app, owner, dealId, 'confirm')).statusCode).toBe(200);
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
    const third = await signedUp(suite.t.app);
    const other = await accept(third, offer._id);
    expect(other.statusCode).toBe(200);
    expect((await dealMove(suite.t.app, supplier, first.json().data.deal._id, 'confirm')).statusCode).toBe(200);
    expect((await dealOf(third, other.json().data.deal._id)).status).toBe('declined');
    const late = await accept(await signedUp(suite.t.app), offer._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('NOT_AVAILABLE');

    const gone = await publish(supplier, 'provideSolution');
    await suite.t.app.inject({
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
    const people = await Promise.all(Array.from({ length: 6 }, () => signedUp(suite.t.app)));
    const results = await Promise.all(people.map((p) => accept(p, offer._id)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const confirms = await Promise.all(
      results.map((r) => dealMove(suite.t.app, supplier, r.json().data.deal._id as string, 'confirm')),
    );
    expect(confirms.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const { sql } = await import('drizzle-orm');
    const rows = (await suite.t.app.database.db.execute(
      sql`select state, count(*)::int as n from deals where solution_id = ${offer._id} group by state order by state`,
    )) as unknown as { rows: { state: string; n: number }[] };
    expect(rows.rows).toEqual([
      { state: 'accepted', n: 1 },
      { state: 'declined', n: 5 },
    ]);
  });

  it('makes one request of six concurrent taps by the same person', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const tapper = await signedUp(suite.t.app);
    const results = await Promise.all(Array.from({ length: 6 }, () => accept(tapper, offer._id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });
});

describe('PUT /api/solution/rejectSolution', () => {
  it('lets the acceptor drop the order: a request is withdrawn; a confirmed deal is cancelled, the post open again and its owner told', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const asked = (await accept(client, offer._id)).json().data.deal._id as string;
    const stranger = await signedUp(suite.t.app);
    expect((await reject(stranger, offer._id)).statusCode).toBe(409);
    expect((await reject(client, offer._id)).statusCode).toBe(204);
    expect((await dealOf(client, asked)).status).toBe('withdrawn');
    expect((await mailbox(supplier)).some((n) => n.message_en.includes('Moussa withdrew their request'))).toBe(true);

    const dealId = await confirmedDeal(suite.t.app, supplier, client, offer._id);
    expect((await reject(client, offer._id)).statusCode).toBe(204);
    expect((await dealOf(client, dealId)).status).toBe('cancelled');
    const details = await suite.t.app.inject({
      url: `/api/solution/getSolutionDetails/${offer._id}`,
      headers: stranger.headers,
    });
    expect(details.json().data.status).toBe('Pending');
    expect((await mailbox(supplier)).some((n) => n.message_en.includes('Moussa cancelled the deal'))).toBe(true);
    expect((await reject(client, offer._id)).statusCode).toBe(409);
  });

  it('tells the acceptor when the owner deletes a post they hold', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const dealId = await confirmedDeal(suite.t.app, supplier, client, offer._id);
    await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${supplier.user._id}/${offer._id}`,
      headers: supplier.headers,
    });
    const told = (await mailbox(client)).find((n) => n.solution_id === offer._id && n.message_en.includes('deleted'));
    expect(told).toBeDefined();
    expect((await dealOf(client, dealId)).status).toBe('cancelled');
    const orders = await suite.t.app.inject({
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
      expect((await suite.t.app.inject({ url, headers: client.headers })).statusCode).toBe(403);
    }
  });

  it('marks a notification read; never somebody else’s', async () => {
    const offer = await publish(supplier, 'provideSolution');
    await accept(client, offer._id);
    const note = (await mailbox(supplier)).find((n) => n.solution_id === offer._id)!;
    const byOther = await suite.t.app.inject({
      method: 'PUT',
      url: '/api/notify/updateNotification',
      headers: client.headers,
      payload: { id: note._id, _id: client.user._id },
    });
    expect(byOther.statusCode).toBe(404);
    const res = await suite.t.app.inject({
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
