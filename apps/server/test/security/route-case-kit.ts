// The pieces every route case is built from: how a role calls a route, and the spare objects a
// case makes so that the owner acts on its own and every other role aims at the victim's.
import { multipart } from '../accounts.js';
import { confirmedDeal, dealMove, requested } from '../deals.js';
import { publish, tractor, villa } from '../posts.js';
import { partyOf, type Role, type World } from './world.js';

export interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  /** A server-sent event stream: only its status is read, over a real connection. */
  stream?: boolean;
}

/** Kinds of generated values (see the arbitraries in authorization-matrix.test.ts). */
export type Slot = 'user' | 'nobody' | 'post' | 'notification' | 'order' | 'subscription' | 'text' | 'file' | 'index';

export interface RouteCase {
  fixed(w: World, role: Role): Req[] | Promise<Req[]>;
  fuzz?: { slots: Slot[]; build(w: World, role: Role, v: string[]): Req };
  /** Runs after every other route: it ends the caller's own session. */
  last?: boolean;
}

export const headersOf = (w: World, role: Role): Record<string, string> =>
  role === 'visitor' ? {} : w.people[role].headers;
/** The caller's own id; a visitor has none, so it names a random user. */
export const idOf = (w: World, role: Role): string =>
  role === 'visitor' ? '7d3c1f1e-0000-4000-8000-000000000001' : w.people[role].id;
export const enc = encodeURIComponent;

export const get = (w: World, role: Role, url: string): Req => ({ method: 'GET', url, headers: headersOf(w, role) });
export const send = (w: World, role: Role, method: Req['method'], url: string, payload?: unknown): Req => ({
  method,
  url,
  headers: headersOf(w, role),
  ...(payload === undefined ? {} : { payload }),
});
export const form = (
  w: World,
  role: Role,
  method: Req['method'],
  url: string,
  parts: { name: string; value: string }[],
) => {
  const body = multipart(parts);
  return { method, url, headers: { ...headersOf(w, role), ...body.headers }, payload: body.payload } as Req;
};
/** Both ids a stranger may try: the victim's (acting for them) and their own (on the victim's object). */
export const asVictimAndSelf = (w: World, role: Role) =>
  role === 'owner' ? [w.people.owner.id] : [w.people.owner.id, idOf(w, role)];
export const BBOX = 'bbox=-18,14,-17,15&zoom=12';

export function country(w: World, r: Role, id: string): Req {
  return send(w, r, 'PATCH', '/api/user/updateCountry', { user_id: id, country: 'NE' });
}

export function trial(w: World, r: Role, id: string): Req {
  return send(w, r, 'POST', '/api/user/updateSubscription', { user_id: id, status: true, trail_complete: false });
}

export function profile(w: World, r: Role, id: string): Req {
  return form(w, r, 'PUT', '/api/user/updateUser', [
    { name: 'user_id', value: id },
    { name: 'update_data', value: JSON.stringify({ language: 'fr', physical_address: 'Taken over' }) },
  ]);
}

export function accept(w: World, r: Role, payload: Record<string, unknown>): Req {
  return send(w, r, 'PUT', '/api/solution/solutionAccepted', payload);
}

export function success(w: World, r: Role, paymentId: string, solutionId: string): Req {
  return send(w, r, 'POST', '/api/payment/success', { paymentId, payerId: 'PAYER', solution_id: solutionId });
}

export function markPaid(w: World, r: Role, userId: string): Req {
  return send(w, r, 'POST', '/api/admin/markSubscriptionPaid', {
    user_id: userId,
    reference: `MM-${Math.random().toString(36).slice(2, 10)}`,
    currency: 'XOF',
  });
}

export function userList(base: string): RouteCase {
  return {
    fixed: (w, r) => [get(w, r, `${base}/${w.people.owner.id}`)],
    fuzz: { slots: ['user'], build: (w, r, [id]) => get(w, r, `${base}/${enc(id!)}`) },
  };
}

export function checkout(action: 'approve' | 'cancel'): RouteCase {
  return {
    // The approval page is a capability URL of the local provider (refused in production, D-1):
    // whoever holds the order id may approve or cancel it, as with PayPal's approval link. Approval
    // alone moves nothing: the capture needs the payer's own session (POST /api/payment/success).
    fixed: (w, r) => [send(w, r, 'POST', `/api/payment/local/checkout/${enc(w.checkoutOrderId)}/${action}`)],
    fuzz: {
      slots: ['order'],
      build: (w, r, [o]) => send(w, r, 'POST', `/api/payment/local/checkout/${enc(o!)}x/${action}`),
    },
  };
}

/** D-38: a CinetPay-shaped notification for `tx` with the given (wrong) `x-token`. */
export function notification(w: World, r: Role, tx: string, token: string): Req {
  return {
    method: 'POST',
    url: '/api/payment/notify/cinetpay',
    headers: {
      ...headersOf(w, r),
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { 'x-token': token } : {}),
    },
    payload: new URLSearchParams({ cpm_site_id: 'LOCAL', cpm_trans_id: tx, cpm_amount: '7900' }).toString(),
  };
}

/**
 * D-38: the local mobile-money checkout is a capability URL (refused in production), as the card
 * one: each role acts on a spare account's own pending transaction so the victim's stays pending.
 */
export function momoCheckout(action: 'approve' | 'refuse'): RouteCase {
  return {
    fixed: async (w, r) => {
      const self = await w.spare();
      const res = await w.app.inject({
        method: 'POST',
        url: '/api/payment/subscribe',
        headers: self.headers,
        payload: { currency: 'XOF' },
      });
      const url = String(res.json().data.url);
      return [send(w, r, 'POST', `${url}/${action}`)];
    },
    fuzz: {
      slots: ['order'],
      build: (w, r, [o]) => send(w, r, 'POST', `/api/payment/mobile-money/checkout/${enc(o!)}x/${action}`),
    },
  };
}

/** The form's JSON of a valid tractor offer: test/posts.ts's own. */
export function tractorJson() {
  return tractor();
}

/**
 * A deal move (D-32, D-34): the owner acts on a spare object of its own (`own`); every other role
 * aims at the victim's open request or confirmed deal, of which it is not a party.
 */
export function move(
  name: 'confirm' | 'decline' | 'withdraw' | 'cancel' | 'complete' | 'dispute',
  own: (w: World) => Promise<string>,
  target: 'request' | 'deal',
  payload?: Record<string, unknown>,
): RouteCase {
  return {
    fixed: async (w, r) => [
      send(
        w,
        r,
        'POST',
        `/api/deals/${r === 'owner' ? await own(w) : target === 'request' ? w.requestId : w.dealId}/${name}`,
        payload,
      ),
    ],
    fuzz: {
      slots: ['notification'],
      build: (w, r, [id]) => send(w, r, 'POST', `/api/deals/${enc(id!)}/${name}`, payload),
    },
  };
}

/** A spare offer of the owner (a tractor, booked by date) that a spare account requested. */
export async function spareRequest(w: World) {
  const post = await w.spareOffer();
  const requester = await w.spare();
  const dealId = await requested(w.app, partyOf(requester), post);
  return { post, requester, dealId };
}

/**
 * A spare offer of the owner requested by a spare account and confirmed by the owner (no contact
 * access yet); with 'approved', the owner's fee approved at the local provider and, with 'paid', its
 * return recorded too (contact access, D-27).
 */
export async function spareDeal(w: World, paid: 'no' | 'approved' | 'paid' = 'no') {
  const { post, requester, dealId } = await spareRequest(w);
  const confirmed = await dealMove(w.app, w.people.owner, dealId, 'confirm');
  if (confirmed.statusCode !== 200) throw new Error(`confirm ${confirmed.statusCode}: ${confirmed.body}`);
  if (paid === 'no') return { post, requester, dealId, orderId: '' };
  const pay = await w.app.inject({
    method: 'POST',
    url: '/api/payment/pay',
    headers: w.people.owner.headers,
    payload: { deal_id: dealId },
  });
  if (pay.statusCode !== 200) throw new Error(`pay ${pay.statusCode}: ${pay.body}`);
  const url = pay.json().data.url as string;
  await w.app.inject({ method: 'POST', url: `${url}/approve` });
  const orderId = decodeURIComponent(url.split('/').pop()!);
  if (paid === 'paid') {
    const done = await w.app.inject({
      method: 'POST',
      url: '/api/payment/success',
      headers: w.people.owner.headers,
      payload: { paymentId: orderId, payerId: 'PAYER', solution_id: post },
    });
    if (done.statusCode !== 200) throw new Error(`payment/success ${done.statusCode}: ${done.body}`);
  }
  return { post, requester, dealId, orderId };
}

/** A confirmed deal of the owner's, paid for and approved at the local provider, not yet recorded. */
export async function approvedOrder(w: World): Promise<{ orderId: string; post: string }> {
  const { orderId, post } = await spareDeal(w, 'approved');
  return { orderId, post };
}

/** A deal of the owner's that the owner paid for (contact access, D-27). */
export async function paidOwnDeal(w: World): Promise<string> {
  return (await spareDeal(w, 'paid')).dealId;
}

/** D-34: a paid deal of the owner's that both parties marked done (completed: the owner may rate it). */
export async function completedOwnDeal(w: World): Promise<string> {
  const { dealId, requester } = await spareDeal(w, 'paid');
  for (const who of [{ headers: requester.headers }, w.people.owner]) {
    const done = await dealMove(w.app, who, dealId, 'complete');
    if (done.statusCode !== 200) throw new Error(`complete ${done.statusCode}: ${done.body}`);
  }
  return dealId;
}

/** D-32: the owner's own open request on a single-use post of a spare account. */
export async function ownRequest(w: World): Promise<string> {
  const seller = await w.spare();
  const post = (await publish(w.app, seller, villa('provideSolution')))._id;
  return requested(w.app, partyOf(w.people.owner), post, {
    from: undefined,
    to: undefined,
  });
}

/** D-34: a confirmed deal between two spare accounts, disputed by its requester (what an admin settles). */
export async function strangersDispute(w: World): Promise<string> {
  const [seller, buyer] = [await w.spare(), await w.spare()];
  const post = (await publish(w.app, seller, villa('provideSolution')))._id;
  const dealId = await confirmedDeal(w.app, partyOf(seller), partyOf(buyer), post, { from: undefined, to: undefined });
  const disputed = await dealMove(w.app, buyer, dealId, 'dispute');
  if (disputed.statusCode !== 200) throw new Error(`dispute ${disputed.statusCode}: ${disputed.body}`);
  return dealId;
}
