// D-32..D-34 and D-15 revised over the real API, as the two parties and an admin see them: the owner
// chooses among requests, a single-use post leaves the map only once confirmed, bookings by date
// against a capacity, completion by both parties, disputes, a deleted account, and the fee that
// falls due at confirmation. Runs on PGlite (server) and on PostgreSQL (server-postgres).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  booking,
  dealAs,
  details,
  listedOffers,
  mailbox,
  onTheMap,
  serverDay,
  startTrial,
} from '../../../test/deal-parties.js';
import { confirmedDeal, dealMove, requested, sendRequest } from '../../../test/deals.js';
import { publish, tractor } from '../../../test/posts.js';
import { type Account, lifecycleTestApp } from '../../../test/lifecycle-suite.js';

const HOUR = 3_600_000;

const suite = lifecycleTestApp();
const { villa, ask, post, people } = suite;

describe('bookings by date (D-33)', () => {
  let owner: Account;
  let a: Account;
  let b: Account;
  beforeAll(async () => {
    [owner, a, b] = await people('Lamine', 'Binta', 'Yacine');
  });

  it('counts a 2-day booking as 2 units, its total twice the unit price', async () => {
    const offer = await publish(suite.t.app, owner, tractor());
    const dealId = await requested(suite.t.app, a, offer._id, booking(suite.t.app, 3, 2));
    const deal = await dealAs(suite.t.app, a, dealId);
    expect(deal).toMatchObject({ unit: 'day', units: 2, ...booking(suite.t.app, 3, 2) });
    expect(deal.solution.display_price).toBeDefined();
    expect(deal.total).toEqual({ amount: '30.00', currency: 'USD' });
    const inEuro = await suite.t.app.inject({ url: `/api/deals/${dealId}?currency=euro`, headers: a.headers });
    expect(inEuro.json().data.total).toEqual({ amount: '26.80', currency: 'EUR' });
  });

  it('refuses a request for a per-day offer without dates, or with dates that do not exist or have passed', async () => {
    const offer = await publish(suite.t.app, owner, tractor());
    const none = await sendRequest(suite.t.app, a, offer._id, { from: undefined, to: undefined });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty('from');
    const bad = await sendRequest(suite.t.app, a, offer._id, { from: '2030-02-30', to: '2030-03-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ from: 'Invalid date' });
    const past = await sendRequest(suite.t.app, a, offer._id, booking(suite.t.app, -2, 1));
    expect(past.json().fields).toEqual({ from: 'In the past' });
  });

  it('refuses to confirm an overlapping booking on a capacity-1 offer with 409, until the capacity is 2', async () => {
    const offer = await publish(suite.t.app, owner, tractor());
    const first = await requested(suite.t.app, a, offer._id, booking(suite.t.app, 5, 2));
    const second = await requested(suite.t.app, b, offer._id, booking(suite.t.app, 6, 2));
    expect((await dealMove(suite.t.app, owner, first, 'confirm')).statusCode).toBe(200);

    const refused = await dealMove(suite.t.app, owner, second, 'confirm');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_AVAILABLE', message: 'Those dates are full' });
    expect((await dealAs(suite.t.app, b, second)).status).toBe('requested');

    // The offer stays listed, with the 2 booked days taken and nobody named.
    expect(await listedOffers(suite.t.app, b)).toContain(offer._id);
    expect(await onTheMap(suite.t.app)).toContain(offer._id);
    const seen = await suite.t.app.inject({ url: `/api/solution/getSolutionDetails/${offer._id}`, headers: b.headers });
    expect(seen.json().data).toMatchObject({ status: 'Pending', unit: 'day', capacity: 1 });
    expect(seen.json().data.taken).toEqual([{ from: serverDay(suite.t.app, 5), to: serverDay(suite.t.app, 6) }]);
    expect(seen.body).not.toContain(a.user._id);
    expect(seen.body).not.toContain('Binta');
    expect(seen.json().data).not.toHaveProperty('blocked');

    const more = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/solution/${offer._id}/availability`,
      headers: owner.headers,
      payload: { capacity: 2 },
    });
    expect(more.statusCode).toBe(200);
    expect(more.json().data.capacity).toBe(2);
    expect((await dealMove(suite.t.app, owner, second, 'confirm')).statusCode).toBe(200);
    // Only the day both hold is taken now.
    expect((await details(suite.t.app, b, offer._id)).taken).toEqual([
      { from: serverDay(suite.t.app, 6), to: serverDay(suite.t.app, 6) },
    ]);
  });

  it('refuses a request on dates the owner blocked with 409, and takes one beside them', async () => {
    const offer = await publish(suite.t.app, owner, tractor());
    const blocked = { from: serverDay(suite.t.app, 10), to: serverDay(suite.t.app, 12) };
    expect(
      (
        await suite.t.app.inject({
          method: 'PUT',
          url: `/api/solution/${offer._id}/availability`,
          headers: a.headers,
          payload: { blocked: [blocked] },
        })
      ).statusCode,
    ).toBe(403);
    const set = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/solution/${offer._id}/availability`,
      headers: owner.headers,
      payload: { blocked: [blocked] },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.blocked).toEqual([blocked]);

    const onThem = await sendRequest(suite.t.app, a, offer._id, booking(suite.t.app, 11, 3));
    expect(onThem.statusCode).toBe(409);
    expect(onThem.json()).toMatchObject({ code: 'NOT_AVAILABLE', message: 'Those dates are full' });
    expect((await sendRequest(suite.t.app, a, offer._id, booking(suite.t.app, 13, 2))).statusCode).toBe(200);
    expect((await details(suite.t.app, b, offer._id)).taken).toEqual([blocked]);
  });
});

describe('deleting an account ends its requests and deals (D-34)', () => {
  it('withdraws its requests, cancels its confirmed deal, relists the post, tells the owner, and refuses the rest', async () => {
    const [owner, other, leaving] = await people('Modou', 'Seynabou', 'Leaving');
    await startTrial(suite.t.app, owner!);
    const open = await publish(suite.t.app, other!, villa());
    const openDeal = await ask(leaving!, open._id);
    const taken = await publish(suite.t.app, owner!, villa());
    const dealId = await confirmedDeal(suite.t.app, owner!, leaving!, taken._id, { from: undefined, to: undefined });
    // Contacts and messages worked before.
    expect((await post(owner!, `/api/deals/${dealId}/messages`, { text: 'See you on Saturday' })).statusCode).toBe(201);
    expect(await listedOffers(suite.t.app, other!)).not.toContain(taken._id);

    const gone = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/user/${leaving!.user._id}`,
      headers: leaving!.headers,
    });
    expect(gone.statusCode).toBe(204);

    const requests = await suite.t.app.inject({ url: `/api/solution/${open._id}/requests`, headers: other!.headers });
    expect(requests.json().data.find((d: { _id: string }) => d._id === openDeal)?.status).toBe('withdrawn');
    expect((await details(suite.t.app, other!, open._id)).request_count).toBe(0);

    expect((await dealAs(suite.t.app, owner!, dealId)).status).toBe('cancelled');
    expect((await details(suite.t.app, other!, taken._id)).status).toBe('Pending');
    expect(await listedOffers(suite.t.app, other!)).toContain(taken._id);
    expect(await onTheMap(suite.t.app)).toContain(taken._id);
    const told = (await mailbox(suite.t.app, owner!)).find(
      (n) => n.solution_id === taken._id && n.message_en.includes('deleted'),
    );
    expect(told?.message_en).toBe(
      'The other party of your deal on "Villa" deleted their account. The deal is cancelled.',
    );
    expect(told?.message_fr).toBe(
      "L'autre partie de votre commande de « Villa » a supprimé son compte. La commande est annulée.",
    );

    const write = await post(owner!, `/api/deals/${dealId}/messages`, { text: 'Hello?' });
    expect(write.statusCode).toBe(409);
    expect((await dealMove(suite.t.app, owner!, dealId, 'complete')).statusCode).toBe(409);
    expect((await post(owner!, `/api/deals/${dealId}/review`, { rating: 1 })).statusCode).toBe(409);
  });
});

describe('the fee falls due at confirmation (D-15 revised)', () => {
  let owner: Account;
  let client: Account;
  let offerId: string;
  let dealId: string;

  beforeAll(async () => {
    [owner, client] = await people('Babacar', 'Rokhaya');
    offerId = (await publish(suite.t.app, owner, tractor()))._id;
    dealId = await confirmedDeal(suite.t.app, owner, client, offerId, booking(suite.t.app, 4, 2));
  });

  it('shows the supplier without a subscription a fee of 15% of the total, unpaid, due within 48 hours', async () => {
    const deal = await dealAs(suite.t.app, owner, dealId);
    expect(deal).toMatchObject({ status: 'accepted', contact_access: false, units: 2 });
    expect(deal.total).toEqual({ amount: '30.00', currency: 'USD' });
    // D-15 revised: the fee is quoted in the payer's currency (a Senegalese supplier: CFA francs),
    // 15% of 2 × 8,790 F, in whole francs as mobile money takes them, whatever the display currency.
    expect(deal.fee).toEqual({ amount: '2635', currency: 'XOF', paid: false });
    expect(Date.parse(deal.expires_at) - Date.parse(deal.confirmed_at)).toBe(48 * HOUR);
    const inCfa = await suite.t.app.inject({ url: `/api/deals/${dealId}?currency=fr`, headers: owner.headers });
    expect(inCfa.json().data.total).toEqual({ amount: '17580', currency: 'XOF' });
    expect(inCfa.json().data.fee).toEqual({ amount: '2635', currency: 'XOF', paid: false });
  });

  it('shows the client no fee and no contacts', async () => {
    const deal = await dealAs(suite.t.app, client, dealId);
    expect(deal).not.toHaveProperty('fee');
    expect(deal.counterpart).not.toHaveProperty('mobile_no');
    expect((await post(client, '/api/payment/pay', { deal_id: dealId })).statusCode).toBe(409);
  });

  it('refuses messages until the fee is paid', async () => {
    const res = await post(client, `/api/deals/${dealId}/messages`, { text: 'Hello' });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('CONTACT_ACCESS_REQUIRED');
  });

  it('charges the fee for the deal, then both see contacts and can write to each other', async () => {
    // By card (PayPal takes no francs): the same fee in euros, at the CFA franc's peg.
    const pay = await post(owner, '/api/payment/pay', { deal_id: dealId, method: 'card' });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().data.amount).toEqual({ value: '4.02', currency: 'EUR' });
    const url: string = pay.json().data.url;
    expect((await suite.t.app.inject({ url })).statusCode).toBe(200);
    const approved = await suite.t.app.inject({ method: 'POST', url: `${url}/approve` });
    expect(approved.statusCode).toBe(303);
    let back = new URL(approved.headers.location as string, 'http://localhost');
    if (back.pathname === '/api/payment/return') {
      const hop = await suite.t.app.inject({ url: `${back.pathname}${back.search}` });
      back = new URL(hop.headers.location as string, 'http://localhost');
    }
    const done = await post(owner, '/api/payment/success', {
      paymentId: back.searchParams.get('paymentId'),
      payerId: back.searchParams.get('PayerID'),
      solution_id: offerId,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.payment).toMatchObject({ amount: '4.02', currency: 'EUR', status: 'captured' });
    expect(done.json().data.contact).toEqual({ email: client.account.email, mobile_no: client.account.mobile_no });

    const deal = await dealAs(suite.t.app, owner, dealId);
    expect(deal).toMatchObject({ contact_access: true, fee: { amount: '2635', currency: 'XOF', paid: true } });
    expect(deal).not.toHaveProperty('expires_at');
    expect((await dealAs(suite.t.app, client, dealId)).counterpart).toMatchObject({
      mobile_no: owner.account.mobile_no,
    });
    expect((await post(client, `/api/deals/${dealId}/messages`, { text: 'Thank you' })).statusCode).toBe(201);
    expect((await post(owner, `/api/deals/${dealId}/messages`, { text: 'See you' })).statusCode).toBe(201);
    // Paid once: nothing more to pay for this deal.
    expect((await post(owner, '/api/payment/pay', { deal_id: dealId })).statusCode).toBe(409);
  });
});
