import { describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { confirmedDeal, dealMove, requested } from '../../../test/deals.js';
import { dealsTestApp } from '../../../test/deals-suite.js';

const suite = dealsTestApp();
const { publish, accept, reject, get, post, dealsOf, dealOf, payFor, paidDeal } = suite;

describe('GET /api/deals and /api/deals/:dealId (D-27)', () => {
  it('shows the owner who asked, with contacts once the confirmed deal is paid, and the acceptor the owner', async () => {
    const owner = await signedUp(suite.t.app, { firstName: 'Ousmane' });
    const taker = await signedUp(suite.t.app, { firstName: 'Khady' });
    const offer = await publish(owner, 'provideSolution');
    const dealId = await requested(suite.t.app, taker, offer._id);
    expect(await dealOf(owner, dealId)).toMatchObject({ status: 'requested', contact_access: false });
    expect((await dealMove(suite.t.app, owner, dealId, 'confirm')).statusCode).toBe(200);

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
    const stranger = await signedUp(suite.t.app);
    for (const url of [`/api/deals/${dealId}`, `/api/deals/${dealId}/messages`]) {
      const res = await get(stranger, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await post(stranger, `/api/deals/${dealId}/messages`, { text: 'hi' })).statusCode).toBe(404);
    for (const move of ['confirm', 'decline', 'withdraw', 'cancel', 'complete', 'dispute'] as const) {
      expect((await dealMove(suite.t.app, stranger, dealId, move)).statusCode).toBe(404);
    }
    expect((await get(stranger, '/api/deals/7d3c1f1e-0000-4000-8000-000000000001')).statusCode).toBe(404);
    expect((await suite.t.app.inject({ url: `/api/deals/${dealId}` })).statusCode).toBe(401);
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

    const again = await requested(suite.t.app, taker, offer._id);
    expect((await dealMove(suite.t.app, owner, again, 'confirm')).statusCode).toBe(200);
    const fresh = await dealOf(owner, again);
    expect(fresh).toMatchObject({ status: 'accepted', contact_access: true, fee: { paid: true } });
    expect(fresh.counterpart).toMatchObject({ email: taker.account.email });

    const twice = await post(owner, '/api/payment/pay', { solution_id: offer._id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('NOT_AVAILABLE');
  });

  it('lets a supplier who paid for a need have it again for free after dropping it; another supplier still meets the fee', async () => {
    const owner = await signedUp(suite.t.app, { firstName: 'Mariama' });
    const payer = await signedUp(suite.t.app, { firstName: 'Ibrahima' });
    const need = await publish(owner, 'needSolution');
    await confirmedDeal(suite.t.app, owner, payer, need._id);
    await payFor(payer, need._id);
    expect((await reject(payer, need._id)).statusCode).toBe(204);
    // A second fee for the same need and supplier: refused before any order is made.
    const twice = await post(payer, '/api/payment/pay', { solution_id: need._id });
    expect(twice.statusCode).toBe(409);
    const again = await confirmedDeal(suite.t.app, owner, payer, need._id);
    expect(await dealOf(payer, again)).toMatchObject({ contact_access: true, fee: { paid: true } });
    // Another supplier without access still meets the fee once confirmed.
    expect((await reject(payer, need._id)).statusCode).toBe(204);
    const other = await signedUp(suite.t.app);
    const theirs = await confirmedDeal(suite.t.app, owner, other, need._id);
    expect(await dealOf(other, theirs)).toMatchObject({ contact_access: false, fee: { paid: false } });
    expect((await post(other, '/api/payment/pay', { solution_id: need._id })).statusCode).toBe(200);
  });
});
