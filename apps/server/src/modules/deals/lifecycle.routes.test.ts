// D-32..D-34 and D-15 revised over the real API, as the two parties and an admin see them: the owner
// chooses among requests, a single-use post leaves the map only once confirmed, bookings by date
// against a capacity, completion by both parties, disputes, a deleted account, and the fee that
// falls due at confirmation. Runs on PGlite (server) and on PostgreSQL (server-postgres).
import { beforeAll, describe, expect, it } from 'vitest';
import { dealAs, details, listedOffers, mailbox, onTheMap, startTrial } from '../../../test/deal-parties.js';
import { confirmedDeal, dealMove, sendRequest } from '../../../test/deals.js';
import { publish } from '../../../test/posts.js';
import { type Account, lifecycleTestApp } from '../../../test/lifecycle-suite.js';

const suite = lifecycleTestApp();
const { villa, ask, post, people } = suite;

const listedNeeds = async (who: Account): Promise<string[]> =>
  (await suite.t.app.inject({ url: '/api/solution/getAllSolutions/needSolution?limit=100', headers: who.headers }))
    .json()
    .data.map((s: { _id: string }) => s._id);

describe('the owner chooses among requests (D-32)', () => {
  let client: Account;
  let first: Account;
  let second: Account;
  let needId: string;
  let firstDeal: string;
  let secondDeal: string;

  beforeAll(async () => {
    [client, first, second] = await people('Moussa', 'Awa', 'Fatou');
    needId = (await publish(suite.t.app, client, villa('needSolution')))._id;
    firstDeal = await ask(first, needId, { note: 'I can come on Saturday' });
    secondDeal = await ask(second, needId, { note: 'Available all week' });
  });

  it('lists both requests to the owner, each requester as a Person without contacts', async () => {
    const res = await suite.t.app.inject({ url: `/api/solution/${needId}/requests`, headers: client.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { _id: string; status: string; note: string; counterpart: object }[];
    expect(list.map((d) => d._id).sort()).toEqual([firstDeal, secondDeal].sort());
    expect(list.every((d) => d.status === 'requested')).toBe(true);
    expect(list.find((d) => d._id === firstDeal)).toMatchObject({
      note: 'I can come on Saturday',
      counterpart: { _id: first.user._id, firstName: 'Awa' },
    });
    for (const d of list) {
      expect(d.counterpart).not.toHaveProperty('email');
      expect(d.counterpart).not.toHaveProperty('mobile_no');
    }
    expect(res.body).not.toContain(first.account.mobile_no);
    expect(res.body).not.toContain(second.account.email);
  });

  it('tells the owner how far each requester is, from where they last posted, to the half kilometre', async () => {
    // Awa last posted in Thiès (about 60 km from Dakar); Fatou never posted: no distance for her.
    await publish(suite.t.app, first, {
      ...villa('provideSolution'),
      pickup_lat: 14.791,
      pickup_lng: -16.926,
      pickup_city: 'Thiès',
    });
    const res = await suite.t.app.inject({ url: `/api/solution/${needId}/requests`, headers: client.headers });
    const list = res.json().data as { counterpart: { _id: string; distance_km?: number } }[];
    const awa = list.find((d) => d.counterpart._id === first.user._id)!.counterpart;
    expect(awa.distance_km).toBeGreaterThan(50);
    expect(awa.distance_km).toBeLessThan(70);
    // D-35: between public points, to the half kilometre.
    expect(Number.isInteger(awa.distance_km! * 2)).toBe(true);
    expect(list.find((d) => d.counterpart._id === second.user._id)!.counterpart).not.toHaveProperty('distance_km');
    // Only the owner's list of requests carries it: never the requester's own view of the deal.
    const own = await suite.t.app.inject({ url: `/api/deals/${firstDeal}`, headers: first.headers });
    expect(own.json().data.counterpart).not.toHaveProperty('distance_km');
  });

  it('refuses the requests of a post to anybody but its owner with 403', async () => {
    const res = await suite.t.app.inject({ url: `/api/solution/${needId}/requests`, headers: first.headers });
    expect(res.statusCode).toBe(403);
  });

  it('keeps the need listed while requests wait', async () => {
    expect(await listedNeeds(first)).toContain(needId);
    expect(await onTheMap(suite.t.app)).toContain(needId);
  });

  it('confirms one: the other is declined and told the owner chose someone else, in both languages', async () => {
    const res = await dealMove(suite.t.app, client, firstDeal, 'confirm');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'accepted', confirmed_at: expect.any(String) });

    expect((await dealAs(suite.t.app, second, secondDeal)).status).toBe('declined');
    const told = (await mailbox(suite.t.app, second)).filter((n) => n.solution_id === needId);
    expect(told).toHaveLength(1);
    expect(told[0]!.message_en).toBe('Your request for "Villa" was declined: its owner chose someone else.');
    expect(told[0]!.message_fr).toBe(
      "Votre demande pour « Villa » a été refusée\u00a0: son auteur a choisi quelqu'un d'autre.",
    );
    const confirmed = (await mailbox(suite.t.app, first)).find((n) => n.solution_id === needId);
    expect(confirmed?.message_en).toBe('Moussa confirmed your request for "Villa".');
    // The declined one cannot be confirmed after all.
    expect((await dealMove(suite.t.app, client, secondDeal, 'confirm')).statusCode).toBe(409);
  });

  it('takes the confirmed need off the list and the map', async () => {
    expect(await listedNeeds(second)).not.toContain(needId);
    expect(await onTheMap(suite.t.app)).not.toContain(needId);
    // A newcomer cannot request it any more.
    const [late] = await people('Late');
    const res = await sendRequest(suite.t.app, late!, needId, { from: undefined, to: undefined });
    expect(res.statusCode).toBe(409);
  });
});

describe('withdrawing, declining and cancelling (D-32)', () => {
  let owner: Account;
  let asker: Account;
  beforeAll(async () => {
    [owner, asker] = await people('Ousmane', 'Aissatou');
  });

  it('lets the requester withdraw: the owner is told, and a second withdrawal is refused', async () => {
    const offer = await publish(suite.t.app, owner, villa());
    const dealId = await ask(asker, offer._id);
    expect((await dealMove(suite.t.app, owner, dealId, 'withdraw')).statusCode).toBe(403);
    const res = await dealMove(suite.t.app, asker, dealId, 'withdraw');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('withdrawn');
    const told = (await mailbox(suite.t.app, owner)).find(
      (n) => n.solution_id === offer._id && n.message_en.includes('withdrew'),
    );
    expect(told?.message_en).toBe('Aissatou withdrew their request for your post "Villa".');
    expect((await dealMove(suite.t.app, asker, dealId, 'withdraw')).statusCode).toBe(409);
    expect(await listedOffers(suite.t.app, asker)).toContain(offer._id);
  });

  it('lets the owner decline with a reason, which the requester reads on the deal and in the mailbox', async () => {
    const offer = await publish(suite.t.app, owner, villa());
    const dealId = await ask(asker, offer._id);
    expect((await dealMove(suite.t.app, asker, dealId, 'decline', { reason: 'no' })).statusCode).toBe(403);
    const res = await dealMove(suite.t.app, owner, dealId, 'decline', { reason: 'The villa is under repair' });
    expect(res.statusCode).toBe(200);
    expect(await dealAs(suite.t.app, asker, dealId)).toMatchObject({
      status: 'declined',
      reason: 'The villa is under repair',
    });
    const told = (await mailbox(suite.t.app, asker)).find((n) => n.solution_id === offer._id);
    expect(told?.message_en).toBe('Ousmane declined your request for "Villa". Reason: The villa is under repair');
    expect(told?.message_fr).toBe(
      'Ousmane a refusé votre demande pour « Villa ». Motif\u00a0: The villa is under repair',
    );
  });

  it('lets the owner decline without a reason, even with no body at all', async () => {
    const offer = await publish(suite.t.app, owner, villa());
    const dealId = await ask(asker, offer._id);
    const res = await dealMove(suite.t.app, owner, dealId, 'decline');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('declined');
    expect(res.json().data).not.toHaveProperty('reason');
  });

  it.each(['requester', 'owner'] as const)(
    'lists the post again when the %s cancels a confirmed deal, and tells the other party',
    async (who) => {
      const offer = await publish(suite.t.app, owner, villa());
      const dealId = await confirmedDeal(suite.t.app, owner, asker, offer._id, { from: undefined, to: undefined });
      expect(await listedOffers(suite.t.app, asker)).not.toContain(offer._id);
      expect(await onTheMap(suite.t.app)).not.toContain(offer._id);

      const canceller = who === 'owner' ? owner : asker;
      const other = who === 'owner' ? asker : owner;
      const res = await dealMove(suite.t.app, canceller, dealId, 'cancel');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('cancelled');
      expect((await details(suite.t.app, other, offer._id)).status).toBe('Pending');
      expect(await listedOffers(suite.t.app, asker)).toContain(offer._id);
      expect(await onTheMap(suite.t.app)).toContain(offer._id);
      const told = (await mailbox(suite.t.app, other)).find(
        (n) => n.solution_id === offer._id && n.message_en.includes('cancelled'),
      );
      expect(told?.message_en).toBe(`${who === 'owner' ? 'Ousmane' : 'Aissatou'} cancelled the deal on "Villa".`);
      // Cancelled is final.
      expect((await dealMove(suite.t.app, other, dealId, 'cancel')).statusCode).toBe(409);
    },
  );

  it('refuses a stranger any move on the deal with 404', async () => {
    const offer = await publish(suite.t.app, owner, villa());
    const dealId = await ask(asker, offer._id);
    const [stranger] = await people('Stranger');
    for (const move of ['confirm', 'decline', 'withdraw', 'cancel', 'complete', 'dispute'] as const) {
      expect((await dealMove(suite.t.app, stranger!, dealId, move)).statusCode).toBe(404);
    }
  });
});

describe('completion by both parties, reviews and disputes (D-34)', () => {
  let owner: Account;
  let client: Account;
  beforeAll(async () => {
    [owner, client] = await people('Cheikh', 'Ndeye');
    // The owner of the offers is the supplier side: with a trial, the deals have contact access.
    await startTrial(suite.t.app, owner);
  });

  const confirmed = async () => {
    const offer = await publish(suite.t.app, owner, villa());
    return { offerId: offer._id, dealId: await confirmedDeal(suite.t.app, owner, client, offer._id, {}) };
  };

  it('keeps a deal accepted when one party marks it done, and completes it when both have', async () => {
    const { dealId } = await confirmed();
    // Before completion, no review.
    const early = await post(client, `/api/deals/${dealId}/review`, { rating: 5 });
    expect(early.statusCode).toBe(409);

    const one = await dealMove(suite.t.app, client, dealId, 'complete');
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      status: 'accepted',
      done_by_me: true,
      done_by_other: false,
      auto_complete_at: expect.any(String),
    });
    expect(await dealAs(suite.t.app, owner, dealId)).toMatchObject({
      status: 'accepted',
      done_by_me: false,
      done_by_other: true,
    });
    const told = (await mailbox(suite.t.app, owner)).find((n) => n.message_en.startsWith('Ndeye marked the deal'));
    expect(told).toBeDefined();
    // Marking it done twice changes nothing.
    expect((await dealMove(suite.t.app, client, dealId, 'complete')).statusCode).toBe(409);

    const both = await dealMove(suite.t.app, owner, dealId, 'complete');
    expect(both.statusCode).toBe(200);
    expect(both.json().data).toMatchObject({ status: 'completed', done_by_me: true, done_by_other: true });
    expect((await dealAs(suite.t.app, client, dealId)).status).toBe('completed');
    // A completed deal is not cancelled or disputed any more.
    expect((await dealMove(suite.t.app, client, dealId, 'cancel')).statusCode).toBe(409);
    expect((await dealMove(suite.t.app, client, dealId, 'dispute')).statusCode).toBe(409);
  });

  it('takes one review per party on a completed deal, and refuses a second with 409', async () => {
    const { dealId } = await confirmed();
    await dealMove(suite.t.app, client, dealId, 'complete');
    await dealMove(suite.t.app, owner, dealId, 'complete');
    const first = await post(client, `/api/deals/${dealId}/review`, { rating: 4, text: 'On time' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ rating: 4, text: 'On time', from: { firstName: 'Ndeye' } });
    const again = await post(client, `/api/deals/${dealId}/review`, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REVIEWED');
    expect((await post(owner, `/api/deals/${dealId}/review`, { rating: 5 })).statusCode).toBe(201);
    const card = await suite.t.app.inject({ url: `/api/users/${owner.user._id}/card`, headers: client.headers });
    expect(card.json().data.reviews.map((r: { text: string | null }) => r.text)).toContain('On time');
  });

  it('freezes a disputed deal: marking done and cancelling are refused, for both parties', async () => {
    const { dealId } = await confirmed();
    expect((await dealMove(suite.t.app, owner, dealId, 'complete')).statusCode).toBe(200);
    const res = await dealMove(suite.t.app, client, dealId, 'dispute');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'accepted', disputed: true });
    expect(res.json().data).not.toHaveProperty('auto_complete_at');
    for (const who of [owner, client]) {
      expect((await dealMove(suite.t.app, who, dealId, 'complete')).statusCode).toBe(409);
      expect((await dealMove(suite.t.app, who, dealId, 'cancel')).statusCode).toBe(409);
      expect((await dealMove(suite.t.app, who, dealId, 'dispute')).statusCode).toBe(409);
    }
    expect((await dealAs(suite.t.app, owner, dealId)).status).toBe('accepted');
  });

  it('lists disputed deals to an admin only, who settles them completed or cancelled', async () => {
    const settledDone = await confirmed();
    const settledOff = await confirmed();
    await dealMove(suite.t.app, client, settledDone.dealId, 'dispute');
    await dealMove(suite.t.app, owner, settledOff.dealId, 'dispute');

    expect((await suite.t.app.inject({ url: '/api/admin/deals/disputed', headers: owner.headers })).statusCode).toBe(
      403,
    );
    expect(
      (await post(owner, `/api/admin/deals/${settledDone.dealId}/settle`, { outcome: 'completed' })).statusCode,
    ).toBe(403);

    const listed = await suite.t.app.inject({ url: '/api/admin/deals/disputed', headers: suite.admin.headers });
    expect(listed.statusCode).toBe(200);
    const rows = listed.json().data as { _id: string; disputed_by: string; owner: object; acceptor: object }[];
    expect(rows.find((d) => d._id === settledDone.dealId)).toMatchObject({
      disputed_by: client.user._id,
      owner: { _id: owner.user._id, firstName: 'Cheikh' },
      acceptor: { _id: client.user._id, firstName: 'Ndeye' },
      title: { en: 'Villa', fr: 'Villa' },
    });
    expect(rows.map((d) => d._id)).toContain(settledOff.dealId);

    const done = await post(suite.admin, `/api/admin/deals/${settledDone.dealId}/settle`, { outcome: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ _id: settledDone.dealId, status: 'completed' });
    expect((await dealAs(suite.t.app, client, settledDone.dealId)).status).toBe('completed');
    // Settled is settled.
    expect(
      (await post(suite.admin, `/api/admin/deals/${settledDone.dealId}/settle`, { outcome: 'cancelled' })).statusCode,
    ).toBe(409);

    const off = await post(suite.admin, `/api/admin/deals/${settledOff.dealId}/settle`, { outcome: 'cancelled' });
    expect(off.json().data.status).toBe('cancelled');
    expect((await details(suite.t.app, client, settledOff.offerId)).status).toBe('Pending');
    const told = (await mailbox(suite.t.app, owner)).find(
      (n) => n.solution_id === settledOff.offerId && n.message_en.includes('settled'),
    );
    expect(told?.message_en).toBe('Our team settled the deal on "Villa": it is cancelled.');

    const after = await suite.t.app.inject({ url: '/api/admin/deals/disputed', headers: suite.admin.headers });
    const left = after.json().data.map((d: { _id: string }) => d._id);
    expect(left).not.toContain(settledDone.dealId);
    expect(left).not.toContain(settledOff.dealId);
  });

  it('refuses a review of a completed deal that never had contact access', async () => {
    // The client owns a need, a free supplier requests it, the deal is settled completed by an admin.
    const need = await publish(suite.t.app, client, villa('needSolution'));
    const [free] = await people('Free');
    const dealId = await confirmedDeal(suite.t.app, client, free!, need._id, { from: undefined, to: undefined });
    // Without contact access neither party can mark it done.
    const res = await dealMove(suite.t.app, client, dealId, 'complete');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('CONTACT_ACCESS_REQUIRED');
    await dealMove(suite.t.app, free!, dealId, 'dispute');
    await post(suite.admin, `/api/admin/deals/${dealId}/settle`, { outcome: 'completed' });
    expect((await post(client, `/api/deals/${dealId}/review`, { rating: 1 })).statusCode).toBe(409);
  });
});
