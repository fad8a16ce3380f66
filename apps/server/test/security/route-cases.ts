// How each documented route is called in the security suites (issue 8). The "owner" role calls with
// its own objects; every other role aims at the owner's (the victim's) objects, by their own id and,
// where a body or path names a user, by the victim's id too. `fuzz` builds the same call from
// generated ids for the fast-check property. Statuses live in expected-access.ts, not here.
import { multipart, verifiedToken } from '../accounts.js';
import { confirmedDeal, dealMove, inDays, requested } from '../deals.js';
import { publish, villa } from '../posts.js';
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
const enc = encodeURIComponent;

const get = (w: World, role: Role, url: string): Req => ({ method: 'GET', url, headers: headersOf(w, role) });
const send = (w: World, role: Role, method: Req['method'], url: string, payload?: unknown): Req => ({
  method,
  url,
  headers: headersOf(w, role),
  ...(payload === undefined ? {} : { payload }),
});
const form = (w: World, role: Role, method: Req['method'], url: string, parts: { name: string; value: string }[]) => {
  const body = multipart(parts);
  return { method, url, headers: { ...headersOf(w, role), ...body.headers }, payload: body.payload } as Req;
};
/** Both ids a stranger may try: the victim's (acting for them) and their own (on the victim's object). */
const asVictimAndSelf = (w: World, role: Role) =>
  role === 'owner' ? [w.people.owner.id] : [w.people.owner.id, idOf(w, role)];
const BBOX = 'bbox=-18,14,-17,15&zoom=12';

export const ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/health': { fixed: (w, r) => [get(w, r, '/api/health')] },
  'GET /api/catalogue': { fixed: (w, r) => [get(w, r, '/api/catalogue')] },
  'GET /api/config': { fixed: (w, r) => [get(w, r, '/api/config')] },

  'POST /api/user/sendMessage': {
    fixed: (w, r) => [send(w, r, 'POST', '/api/user/sendMessage', { mobile_no: w.people.owner.mobile })],
  },
  'POST /api/user/codeValidation': {
    fixed: (w, r) => [
      send(w, r, 'POST', '/api/user/codeValidation', {
        mobile_no: w.people.owner.mobile,
        code: '000000',
        forget_password: false,
      }),
    ],
  },
  'POST /api/user/register': {
    fixed: (w, r) => [
      send(w, r, 'POST', '/api/user/register', {
        new_user: {
          firstName: 'Intruder',
          email: w.people.owner.email,
          mobile_no: w.people.owner.mobile,
          country: 'SN',
          password: 'intruder pass 1',
          account_type: 'withOutID',
          lat: 14.7,
          lng: -17.4,
          verification_token: w.verificationToken,
        },
      }),
    ],
  },
  'POST /api/user/login': {
    fixed: async (w, r) => {
      if (r !== 'owner') {
        return [send(w, r, 'POST', '/api/user/login', { email: w.people.owner.email, password: 'wrong password' })];
      }
      // A fresh account of the owner's kind: signing in ends the previous session (D-9).
      const self = await w.spare();
      return [send(w, r, 'POST', '/api/user/login', { email: self.email, password: self.password })];
    },
  },
  'POST /api/user/logout': {
    last: true,
    fixed: async (w, r) => {
      if (r !== 'owner') return [send(w, r, 'POST', '/api/user/logout')];
      const self = await w.spare();
      return [{ method: 'POST', url: '/api/user/logout', headers: self.headers }];
    },
  },
  'PUT /api/user/updatePassword': {
    fixed: async (w, r) => {
      if (r !== 'owner') {
        return [
          send(w, r, 'PUT', '/api/user/updatePassword', {
            mobile_no: w.people.owner.mobile,
            password: 'taken over 123',
            verification_token: 'not-a-token-of-this-number',
          }),
        ];
      }
      // The legitimate reset ends every session of the account (D-9): a spare account does it.
      const self = await w.spare();
      const token = await verifiedToken(w.app, self.mobile, true);
      return [
        {
          method: 'PUT',
          url: '/api/user/updatePassword',
          payload: { mobile_no: self.mobile, password: 'a new password 1', verification_token: token },
        },
      ];
    },
  },
  'GET /api/user/me': { fixed: (w, r) => [get(w, r, '/api/user/me')] },
  'PATCH /api/user/updateCountry': {
    fixed: (w, r) => [country(w, r, w.people.owner.id)],
    fuzz: { slots: ['user'], build: (w, r, [id]) => country(w, r, id!) },
  },
  'POST /api/user/updateSubscription': {
    fixed: async (w, r) => {
      // Starting the trial gives the caller contact access: the owner's own case uses a spare account.
      if (r === 'owner') {
        const self = await w.spare();
        return [
          {
            method: 'POST',
            url: '/api/user/updateSubscription',
            headers: self.headers,
            payload: { user_id: self.id, status: true, trail_complete: false },
          },
        ];
      }
      return [trial(w, r, w.people.owner.id)];
    },
    fuzz: { slots: ['user'], build: (w, r, [id]) => trial(w, r, id!) },
  },
  'PUT /api/user/updateUser': {
    fixed: (w, r) => [profile(w, r, w.people.owner.id)],
    fuzz: { slots: ['user'], build: (w, r, [id]) => profile(w, r, id!) },
  },
  'GET /api/user/addNotiLanguage': {
    fixed: (w, r) => [get(w, r, `/api/user/addNotiLanguage?_id=${w.people.owner.id}&noti_lan=en`)],
    fuzz: {
      slots: ['user'],
      build: (w, r, [id]) => get(w, r, `/api/user/addNotiLanguage?_id=${enc(id!)}&noti_lan=en`),
    },
  },
  'DELETE /api/user/{userId}': {
    fixed: async (w, r) => {
      if (r !== 'owner') return [send(w, r, 'DELETE', `/api/user/${w.people.owner.id}`)];
      const self = await w.spare();
      return [{ method: 'DELETE', url: `/api/user/${self.id}`, headers: self.headers }];
    },
    fuzz: { slots: ['user'], build: (w, r, [id]) => send(w, r, 'DELETE', `/api/user/${enc(id!)}`) },
  },
  'GET /api/user/getAllUsers': { fixed: (w, r) => [get(w, r, '/api/user/getAllUsers')] },
  'GET /api/admin/users': { fixed: (w, r) => [get(w, r, '/api/admin/users')] },
  'PATCH /api/admin/users/{userId}': {
    // vip false is the victim's current value: an admin's allowed call changes nothing here.
    fixed: (w, r) => [send(w, r, 'PATCH', `/api/admin/users/${w.people.owner.id}`, { vip: false })],
    fuzz: {
      slots: ['user'],
      build: (w, r, [id]) => send(w, r, 'PATCH', `/api/admin/users/${enc(id!)}`, { vip: false }),
    },
  },
  'GET /api/admin/users/{userId}/id-images/{index}': {
    fixed: (w, r) => [get(w, r, `/api/admin/users/${w.people.owner.id}/id-images/0`)],
    fuzz: {
      slots: ['user', 'index'],
      build: (w, r, [id, i]) => get(w, r, `/api/admin/users/${enc(id!)}/id-images/${enc(i!)}`),
    },
  },
  'GET /api/media/avatars/{file}': {
    fixed: (w, r) => [get(w, r, `/api/media/avatars/${w.avatar}`)],
    fuzz: { slots: ['file'], build: (w, r, [f]) => get(w, r, `/api/media/avatars/${enc(f!)}`) },
  },

  'GET /api/solution/map': { fixed: (w, r) => [get(w, r, `/api/solution/map?${BBOX}`)] },
  // The tile of zoom 13 holding Dakar's centre.
  'GET /api/solution/map/tiles/{z}/{x}/{y}': {
    fixed: (w, r) => [get(w, r, '/api/solution/map/tiles/13/3698/3757')],
    fuzz: {
      slots: ['text', 'text', 'text'],
      build: (w, r, [z, x, y]) => get(w, r, `/api/solution/map/tiles/${enc(z!)}/${enc(x!)}/${enc(y!)}`),
    },
  },
  'POST /api/solution/addSolution': {
    fixed: (w, r) => [
      form(w, r, 'POST', '/api/solution/addSolution', [
        {
          name: 'new_solution',
          // A user_id of the victim is ignored: a post always belongs to the caller.
          value: JSON.stringify({ ...tractorJson(), user_id: w.people.owner.id }),
        },
      ]),
    ],
  },
  'GET /api/solution/getAllSolutions/{type}': {
    fixed: (w, r) => [get(w, r, '/api/solution/getAllSolutions/provideSolution')],
    fuzz: { slots: ['text'], build: (w, r, [x]) => get(w, r, `/api/solution/getAllSolutions/${enc(x!)}`) },
  },
  'GET /api/solution/getCategorySolutions/{category}/{type}': {
    fixed: (w, r) => [get(w, r, '/api/solution/getCategorySolutions/Equipments/provideSolution')],
    fuzz: {
      slots: ['text', 'text'],
      build: (w, r, [c, x]) => get(w, r, `/api/solution/getCategorySolutions/${enc(c!)}/${enc(x!)}`),
    },
  },
  'GET /api/solution/search': {
    fixed: (w, r) => [get(w, r, '/api/solution/search?q=tractor&near=-17.45,14.7')],
    fuzz: { slots: ['text'], build: (w, r, [x]) => get(w, r, `/api/solution/search?q=${enc(x!)}`) },
  },
  'GET /api/solution/searchSolution/{type}/{field}/{text}': {
    fixed: (w, r) => [get(w, r, '/api/solution/searchSolution/provideSolution/pickup_country/Senegal')],
    fuzz: {
      slots: ['text', 'text'],
      build: (w, r, [f, x]) => get(w, r, `/api/solution/searchSolution/provideSolution/${enc(f!)}/${enc(x!)}`),
    },
  },
  'GET /api/solution/getUserSolutions/{userId}': userList('/api/solution/getUserSolutions'),
  'GET /api/solution/getUserAcceptedSolutions/{userId}': userList('/api/solution/getUserAcceptedSolutions'),
  'GET /api/solution/getSolutionDetails/{solutionId}': {
    fixed: (w, r) =>
      (r === 'owner' ? [w.posts.taken] : [w.posts.taken, w.posts.deleted]).map((id) =>
        get(w, r, `/api/solution/getSolutionDetails/${id}`),
      ),
    fuzz: { slots: ['post'], build: (w, r, [id]) => get(w, r, `/api/solution/getSolutionDetails/${enc(id!)}`) },
  },
  'POST /api/solution/solutionClicked': {
    fixed: (w, r) =>
      (r === 'owner' ? [w.posts.taken] : [w.posts.taken, w.posts.deleted]).map((id) =>
        send(w, r, 'POST', '/api/solution/solutionClicked', { solution_id: id }),
      ),
    fuzz: {
      slots: ['post'],
      build: (w, r, [id]) => send(w, r, 'POST', '/api/solution/solutionClicked', { solution_id: id }),
    },
  },
  'DELETE /api/solution/deleteSolution/{userId}/{solutionId}': {
    fixed: async (w, r) => {
      if (r === 'owner') {
        const mine = await w.spareOffer();
        return [send(w, r, 'DELETE', `/api/solution/deleteSolution/${w.people.owner.id}/${mine}`)];
      }
      return asVictimAndSelf(w, r).flatMap((id) =>
        [w.posts.open, w.posts.taken].map((post) => send(w, r, 'DELETE', `/api/solution/deleteSolution/${id}/${post}`)),
      );
    },
    fuzz: {
      slots: ['user', 'post'],
      build: (w, r, [id, post]) => send(w, r, 'DELETE', `/api/solution/deleteSolution/${enc(id!)}/${enc(post!)}`),
    },
  },
  'GET /api/media/posts/{file}': {
    fixed: (w, r) => [get(w, r, `/api/media/posts/${w.postImage}`)],
    fuzz: { slots: ['file'], build: (w, r, [f]) => get(w, r, `/api/media/posts/${enc(f!)}`) },
  },
  'PUT /api/solution/solutionAccepted': {
    fixed: (w, r) =>
      r === 'owner'
        ? [accept(w, r, { user_id: w.people.owner.id, solution_id: w.posts.open })]
        : [
            // The taken offer with the caller's own id; any open post by the victim's id, or as accepted_by.
            accept(w, r, { user_id: idOf(w, r), solution_id: w.posts.taken }),
            accept(w, r, { user_id: w.people.owner.id, solution_id: w.posts.need }),
            accept(w, r, { user_id: idOf(w, r), accepted_by: w.people.acceptor.id, solution_id: w.posts.open }),
          ],
    fuzz: { slots: ['user', 'post'], build: (w, r, [id, post]) => accept(w, r, { user_id: id, solution_id: post }) },
  },
  'PUT /api/solution/rejectSolution': {
    fixed: (w, r) =>
      (r === 'owner' ? [w.people.owner.id] : [idOf(w, r), w.people.acceptor.id]).map((id) =>
        send(w, r, 'PUT', '/api/solution/rejectSolution', { user_id: id, solution_id: w.posts.taken }),
      ),
    fuzz: {
      slots: ['user', 'post'],
      build: (w, r, [id, post]) =>
        send(w, r, 'PUT', '/api/solution/rejectSolution', { user_id: id, solution_id: post }),
    },
  },

  'GET /api/notify/getUserNotif/{userId}': userList('/api/notify/getUserNotif'),
  'PUT /api/notify/updateNotification': {
    fixed: (w, r) =>
      asVictimAndSelf(w, r).map((id) =>
        send(w, r, 'PUT', '/api/notify/updateNotification', { id: w.notificationId, _id: id }),
      ),
    fuzz: {
      slots: ['notification', 'user'],
      build: (w, r, [n, id]) => send(w, r, 'PUT', '/api/notify/updateNotification', { id: n, _id: id }),
    },
  },
  'GET /api/notify/stream': { fixed: (w, r) => [{ ...get(w, r, '/api/notify/stream'), stream: true }] },

  'GET /api/auth/providers': { fixed: (w, r) => [get(w, r, '/api/auth/providers')] },
  'GET /api/auth/{provider}': {
    // Issue 14: with the starting tab's binding, so that the start goes through.
    fixed: (w, r) => [get(w, r, `/api/auth/local?binding=${'0'.repeat(64)}`)],
    fuzz: { slots: ['text'], build: (w, r, [p]) => get(w, r, `/api/auth/${enc(p!)}x`) },
  },
  'GET /api/auth/{provider}/callback': {
    fixed: (w, r) => [get(w, r, '/api/auth/local/callback?code=stolen-code&state=forged-state')],
  },
  'GET /api/auth/local/page': { fixed: (w, r) => [get(w, r, '/api/auth/local/page?state=forged-state')] },
  'POST /api/auth/local/page': {
    fixed: (w, r) => [
      {
        method: 'POST',
        url: '/api/auth/local/page',
        headers: { ...headersOf(w, r), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `state=forged-state&first_name=Intruder&email=${enc(w.people.owner.email)}`,
      },
    ],
  },
  'POST /api/user/loginVia/{provider}': {
    fixed: (w, r) => [send(w, r, 'POST', '/api/user/loginVia/local', { code: 'a-guessed-one-time-code' })],
    fuzz: { slots: ['text'], build: (w, r, [c]) => send(w, r, 'POST', '/api/user/loginVia/google', { code: c }) },
  },
  'PUT /api/user/register-via-fb/{userId}': {
    fixed: (w, r) => [
      send(w, r, 'PUT', `/api/user/register-via-fb/${w.people.owner.id}`, {
        mobile_no: w.people.owner.mobile,
        country: 'SN',
      }),
    ],
    fuzz: {
      slots: ['user'],
      build: (w, r, [id]) =>
        send(w, r, 'PUT', `/api/user/register-via-fb/${enc(id!)}`, { mobile_no: '+221770000000', country: 'SN' }),
    },
  },

  'POST /api/user/email/send-code': {
    fixed: (w, r) => [send(w, r, 'POST', '/api/user/email/send-code')],
  },
  'POST /api/user/email/verify': {
    fixed: (w, r) => [send(w, r, 'POST', '/api/user/email/verify', { code: '000000' })],
    fuzz: { slots: ['text'], build: (w, r, [c]) => send(w, r, 'POST', '/api/user/email/verify', { code: c }) },
  },

  'POST /api/payment/pay': {
    // D-15 revised: by the post or by the confirmed deal.
    fixed: (w, r) => [
      send(w, r, 'POST', '/api/payment/pay', { solution_id: w.posts.taken }),
      send(w, r, 'POST', '/api/payment/pay', { deal_id: w.dealId }),
    ],
    fuzz: { slots: ['post'], build: (w, r, [id]) => send(w, r, 'POST', '/api/payment/pay', { solution_id: id }) },
  },
  'GET /api/payment/return': {
    fixed: (w, r) => [get(w, r, `/api/payment/return?solution_id=${w.posts.taken}&token=${enc(w.orderId)}`)],
  },
  'POST /api/payment/success': {
    fixed: async (w, r) => {
      if (r !== 'owner') {
        return [success(w, r, w.orderId, w.posts.taken), success(w, r, w.paymentId, w.posts.taken)];
      }
      // The owner's own return, approved at the provider, on a deal of its own: recorded, then contacts.
      const { orderId, post } = await approvedOrder(w);
      return [success(w, r, orderId, post)];
    },
    fuzz: { slots: ['order', 'post'], build: (w, r, [o, post]) => success(w, r, o!, post!) },
  },
  'POST /api/payment/subscribe': {
    fixed: (w, r) => [send(w, r, 'POST', '/api/payment/subscribe', { currency: 'EUR' })],
  },
  'POST /api/payment/updateSubscription': {
    fixed: async (w, r) => {
      if (r !== 'owner') {
        return [send(w, r, 'POST', '/api/payment/updateSubscription', { subscription_id: w.subscriptionId })];
      }
      // A confirmed subscription gives contact access: a spare account subscribes and approves.
      const self = await w.spare();
      const url = (
        await w.app.inject({
          method: 'POST',
          url: '/api/payment/subscribe',
          headers: self.headers,
          payload: { currency: 'USD' },
        })
      ).json().data.url as string;
      await w.app.inject({ method: 'POST', url: `${url}/approve` });
      const id = decodeURIComponent(url.split('/').pop()!);
      return [
        {
          method: 'POST',
          url: '/api/payment/updateSubscription',
          headers: self.headers,
          payload: { subscription_id: id },
        },
      ];
    },
    fuzz: {
      slots: ['subscription'],
      build: (w, r, [s]) => send(w, r, 'POST', '/api/payment/updateSubscription', { subscription_id: s }),
    },
  },
  'POST /api/payment/webhook/{provider}': {
    fixed: (w, r) => [
      send(w, r, 'POST', '/api/payment/webhook/local', {
        event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
        resource: { id: w.subscriptionId },
      }),
      send(w, r, 'POST', '/api/payment/webhook/paypal', {
        event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
        resource: { id: w.subscriptionId },
      }),
    ],
  },
  'POST /api/admin/markSubscriptionPaid': {
    fixed: async (w, r) => {
      // D-18: an admin's allowed call is aimed at a spare account so the victim's data stays put.
      const target = r === 'admin' ? (await w.spare()).id : w.people.owner.id;
      return [markPaid(w, r, target)];
    },
    // Generated ids only of nobody: an admin's call on a real user would succeed, as it should.
    fuzz: { slots: ['nobody'], build: (w, r, [id]) => markPaid(w, r, id!) },
  },
  'GET /api/payment/getUserPayments/{userId}': userList('/api/payment/getUserPayments'),
  'GET /api/payment/local/checkout/{orderId}': {
    fixed: (w, r) => [get(w, r, `/api/payment/local/checkout/${enc(w.checkoutOrderId)}`)],
    fuzz: { slots: ['order'], build: (w, r, [o]) => get(w, r, `/api/payment/local/checkout/${enc(o!)}x`) },
  },
  'POST /api/payment/local/checkout/{orderId}/approve': checkout('approve'),
  'POST /api/payment/local/checkout/{orderId}/cancel': checkout('cancel'),
  // D-38: CinetPay's notify URL, the mobile-money return and the local mobile-money checkout.
  'GET /api/payment/notify/cinetpay': { fixed: (w, r) => [get(w, r, '/api/payment/notify/cinetpay')] },
  'POST /api/payment/notify/cinetpay': {
    // Nobody holds the secret key: a notification naming the victim's transaction is refused.
    fixed: (w, r) => [notification(w, r, w.momoTx, 'f'.repeat(64)), notification(w, r, w.momoTx, '')],
    fuzz: { slots: ['order', 'text'], build: (w, r, [o, token]) => notification(w, r, o!, token!) },
  },
  'GET /api/payment/mobile-money/return': {
    fixed: (w, r) => [get(w, r, `/api/payment/mobile-money/return?tx=${enc(w.momoTx)}`)],
    fuzz: { slots: ['order'], build: (w, r, [o]) => get(w, r, `/api/payment/mobile-money/return?tx=${enc(o!)}x`) },
  },
  'POST /api/payment/mobile-money/return': {
    fixed: (w, r) => [send(w, r, 'POST', `/api/payment/mobile-money/return?tx=${enc(w.momoTx)}`)],
    fuzz: {
      slots: ['order'],
      build: (w, r, [o]) => send(w, r, 'POST', `/api/payment/mobile-money/return?tx=${enc(o!)}x`),
    },
  },
  'GET /api/payment/mobile-money/checkout/{tx}': {
    fixed: (w, r) => [get(w, r, `/api/payment/mobile-money/checkout/${enc(w.momoTx)}`)],
    fuzz: { slots: ['order'], build: (w, r, [o]) => get(w, r, `/api/payment/mobile-money/checkout/${enc(o!)}x`) },
  },
  'POST /api/payment/mobile-money/checkout/{tx}/approve': momoCheckout('approve'),
  'POST /api/payment/mobile-money/checkout/{tx}/refuse': momoCheckout('refuse'),

  'GET /api/deals': { fixed: (w, r) => [get(w, r, '/api/deals')] },
  'GET /api/deals/unread': { fixed: (w, r) => [get(w, r, '/api/deals/unread')] },
  'GET /api/deals/{dealId}': {
    fixed: (w, r) => [get(w, r, `/api/deals/${w.dealId}`)],
    fuzz: { slots: ['notification'], build: (w, r, [id]) => get(w, r, `/api/deals/${enc(id!)}`) },
  },
  'GET /api/deals/{dealId}/messages': {
    fixed: async (w, r) => [get(w, r, `/api/deals/${r === 'owner' ? await paidOwnDeal(w) : w.dealId}/messages`)],
    fuzz: { slots: ['notification'], build: (w, r, [id]) => get(w, r, `/api/deals/${enc(id!)}/messages`) },
  },
  'POST /api/deals/{dealId}/messages': {
    fixed: async (w, r) => [
      send(w, r, 'POST', `/api/deals/${r === 'owner' ? await paidOwnDeal(w) : w.dealId}/messages`, {
        text: 'Planted message <b>text</b>',
      }),
    ],
    fuzz: {
      slots: ['notification'],
      build: (w, r, [id]) => send(w, r, 'POST', `/api/deals/${enc(id!)}/messages`, { text: 'Hello' }),
    },
  },
  // D-32: the post's owner confirms or declines a request; others aim at the acceptor's open request.
  'POST /api/deals/{dealId}/confirm': move('confirm', async (w) => (await spareRequest(w)).dealId, 'request'),
  'POST /api/deals/{dealId}/decline': move('decline', async (w) => (await spareRequest(w)).dealId, 'request', {
    reason: 'Those dates are taken',
  }),
  // D-32: the requester withdraws: the owner's own request on a spare account's post.
  'POST /api/deals/{dealId}/withdraw': move('withdraw', ownRequest, 'request'),
  // D-32: either party cancels a confirmed deal; D-34: either party disputes one.
  'POST /api/deals/{dealId}/cancel': move('cancel', async (w) => (await spareDeal(w)).dealId, 'deal'),
  // D-34: marking done needs contact access: the owner's paid spare deal.
  'POST /api/deals/{dealId}/complete': move('complete', async (w) => (await spareDeal(w, 'paid')).dealId, 'deal'),
  'POST /api/deals/{dealId}/dispute': move('dispute', async (w) => (await spareDeal(w)).dealId, 'deal'),
  'POST /api/deals/{dealId}/review': {
    fixed: async (w, r) => [
      send(w, r, 'POST', `/api/deals/${r === 'owner' ? await completedOwnDeal(w) : w.dealId}/review`, {
        rating: 4,
        text: 'Planted review',
      }),
    ],
    fuzz: {
      slots: ['notification'],
      build: (w, r, [id]) => send(w, r, 'POST', `/api/deals/${enc(id!)}/review`, { rating: 5 }),
    },
  },
  // D-32: the requests on a post, for its owner.
  'GET /api/solution/{solutionId}/requests': {
    fixed: (w, r) => [get(w, r, `/api/solution/${w.posts.open}/requests`)],
    fuzz: { slots: ['post'], build: (w, r, [id]) => get(w, r, `/api/solution/${enc(id!)}/requests`) },
  },
  // D-33: the owner's capacity and blocked dates; the owner's own case changes a spare offer.
  'PUT /api/solution/{solutionId}/availability': {
    fixed: async (w, r) => [
      send(w, r, 'PUT', `/api/solution/${r === 'owner' ? await w.spareOffer() : w.posts.open}/availability`, {
        capacity: 2,
        blocked: [{ from: inDays(10), to: inDays(12) }],
      }),
    ],
    fuzz: {
      slots: ['post'],
      build: (w, r, [id]) => send(w, r, 'PUT', `/api/solution/${enc(id!)}/availability`, { capacity: 3 }),
    },
  },
  // D-34: admins see and settle disputes; an admin settles a dispute between two spare accounts.
  'GET /api/admin/deals/disputed': { fixed: (w, r) => [get(w, r, '/api/admin/deals/disputed')] },
  'POST /api/admin/deals/{dealId}/settle': {
    fixed: async (w, r) => [
      send(w, r, 'POST', `/api/admin/deals/${r === 'admin' ? await strangersDispute(w) : w.dealId}/settle`, {
        outcome: 'cancelled',
      }),
    ],
    fuzz: {
      slots: ['nobody'],
      build: (w, r, [id]) => send(w, r, 'POST', `/api/admin/deals/${enc(id!)}/settle`, { outcome: 'completed' }),
    },
  },
  'GET /api/users/{userId}/card': {
    fixed: (w, r) => [get(w, r, `/api/users/${w.people.owner.id}/card`)],
    fuzz: { slots: ['user'], build: (w, r, [id]) => get(w, r, `/api/users/${enc(id!)}/card`) },
  },
  'GET /api/places': {
    fixed: (w, r) => [get(w, r, '/api/places?q=Thies&near=-17.45,14.7')],
    fuzz: { slots: ['text'], build: (w, r, [x]) => get(w, r, `/api/places?q=${enc(x!)}`) },
  },
  'GET /api/places/reverse': { fixed: (w, r) => [get(w, r, '/api/places/reverse?lat=14.7&lng=-17.45')] },
  'GET /api/places/labels': {
    fixed: (w, r) => [get(w, r, '/api/places/labels?bbox=-17.6,14.5,-16.8,14.95&zoom=10')],
    fuzz: {
      slots: ['text', 'text'],
      build: (w, r, [bbox, zoom]) => get(w, r, `/api/places/labels?bbox=${enc(bbox!)}&zoom=${enc(zoom!)}`),
    },
  },
  'POST /api/reports': {
    // D-29: others report the owner's open post; the owner, who may not report their own, reports
    // the acceptor of their deal. Reports are not the victims' data (victimSnapshot).
    fixed: (w, r) => [
      send(
        w,
        r,
        'POST',
        '/api/reports',
        r === 'owner'
          ? { user_id: w.people.acceptor.id, reason: 'other' }
          : { solution_id: w.posts.open, reason: 'spam' },
      ),
    ],
    fuzz: {
      slots: ['post'],
      build: (w, r, [id]) => send(w, r, 'POST', '/api/reports', { solution_id: id, reason: 'spam' }),
    },
  },
  'GET /api/admin/reports': { fixed: (w, r) => [get(w, r, '/api/admin/reports')] },
  'PATCH /api/admin/reports/{reportId}': {
    fixed: async (w, r) => {
      const made = await w.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: w.people.other.headers,
        payload: { solution_id: w.posts.open, reason: 'wrong_info' },
      });
      if (made.statusCode !== 201) throw new Error(`report ${made.statusCode}: ${made.body}`);
      return [send(w, r, 'PATCH', `/api/admin/reports/${made.json().data._id}`, { status: 'closed' })];
    },
    fuzz: {
      slots: ['nobody'],
      build: (w, r, [id]) => send(w, r, 'PATCH', `/api/admin/reports/${enc(id!)}`, { status: 'closed' }),
    },
  },
  'POST /api/admin/solutions/{solutionId}/hide': {
    fixed: async (w, r) => {
      // An admin's allowed call is aimed at a spare account's post so the victim's data stays put.
      const target = r === 'admin' ? (await publish(w.app, await w.spare(), tractorJson()))._id : w.posts.open;
      return [send(w, r, 'POST', `/api/admin/solutions/${target}/hide`, { hidden: true })];
    },
    fuzz: {
      slots: ['nobody'],
      build: (w, r, [id]) => send(w, r, 'POST', `/api/admin/solutions/${enc(id!)}/hide`, { hidden: true }),
    },
  },
  'POST /api/admin/users/{userId}/block': {
    fixed: async (w, r) => {
      const target = r === 'admin' ? (await w.spare()).id : w.people.owner.id;
      return [send(w, r, 'POST', `/api/admin/users/${target}/block`, { blocked: true })];
    },
    fuzz: {
      slots: ['nobody'],
      build: (w, r, [id]) => send(w, r, 'POST', `/api/admin/users/${enc(id!)}/block`, { blocked: true }),
    },
  },
  'PUT /api/user/addNotiLanguage': {
    fixed: (w, r) => [send(w, r, 'PUT', '/api/user/addNotiLanguage', { language: 'fr-ca' })],
  },
  'POST /api/alerts': {
    // Alerts are the caller's own: an attacker's alert is theirs, never the victim's (victimSnapshot).
    fixed: (w, r) => [send(w, r, 'POST', '/api/alerts', { near: '-17.45,14.7', radius_km: 10, q: 'mil' })],
  },
  'GET /api/alerts': { fixed: (w, r) => [get(w, r, '/api/alerts')] },
  'DELETE /api/alerts/{alertId}': {
    // The owner deletes an alert of its own made for it, so w.alertId stays for the other cases.
    fixed: async (w, r) => {
      if (r !== 'owner') return [send(w, r, 'DELETE', `/api/alerts/${w.alertId}`)];
      const made = await w.app.inject(
        send(w, r, 'POST', '/api/alerts', { near: '-17.45,14.7', radius_km: 5 }) as never,
      );
      if (made.statusCode !== 201) throw new Error(`alert ${made.statusCode}: ${made.body}`);
      return [send(w, r, 'DELETE', `/api/alerts/${made.json().data._id}`)];
    },
    fuzz: { slots: ['nobody'], build: (w, r, [id]) => send(w, r, 'DELETE', `/api/alerts/${enc(id!)}`) },
  },
  'PATCH /api/alerts/{alertId}': {
    fixed: (w, r) => [send(w, r, 'PATCH', `/api/alerts/${w.alertId}`, { sms: false })],
    fuzz: { slots: ['nobody'], build: (w, r, [id]) => send(w, r, 'PATCH', `/api/alerts/${enc(id!)}`, { sms: false }) },
  },
  'POST /api/alerts/stop': { fixed: (w, r) => [send(w, r, 'POST', '/api/alerts/stop')] },
};

function country(w: World, r: Role, id: string): Req {
  return send(w, r, 'PATCH', '/api/user/updateCountry', { user_id: id, country: 'NE' });
}

function trial(w: World, r: Role, id: string): Req {
  return send(w, r, 'POST', '/api/user/updateSubscription', { user_id: id, status: true, trail_complete: false });
}

function profile(w: World, r: Role, id: string): Req {
  return form(w, r, 'PUT', '/api/user/updateUser', [
    { name: 'user_id', value: id },
    { name: 'update_data', value: JSON.stringify({ language: 'fr', physical_address: 'Taken over' }) },
  ]);
}

function accept(w: World, r: Role, payload: Record<string, unknown>): Req {
  return send(w, r, 'PUT', '/api/solution/solutionAccepted', payload);
}

function success(w: World, r: Role, paymentId: string, solutionId: string): Req {
  return send(w, r, 'POST', '/api/payment/success', { paymentId, payerId: 'PAYER', solution_id: solutionId });
}

function markPaid(w: World, r: Role, userId: string): Req {
  return send(w, r, 'POST', '/api/admin/markSubscriptionPaid', {
    user_id: userId,
    reference: `MM-${Math.random().toString(36).slice(2, 10)}`,
    currency: 'XOF',
  });
}

function userList(base: string): RouteCase {
  return {
    fixed: (w, r) => [get(w, r, `${base}/${w.people.owner.id}`)],
    fuzz: { slots: ['user'], build: (w, r, [id]) => get(w, r, `${base}/${enc(id!)}`) },
  };
}

function checkout(action: 'approve' | 'cancel'): RouteCase {
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
function notification(w: World, r: Role, tx: string, token: string): Req {
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
function momoCheckout(action: 'approve' | 'refuse'): RouteCase {
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

function tractorJson() {
  return {
    user_role: 'provideSolution',
    category: 'Equipments',
    sub_category_id: 'equipment-tractor',
    description: 'Tractor for a day',
    pickup_lat: 14.7,
    pickup_lng: -17.45,
    pickup_city: 'Dakar',
    pickup_country: 'Senegal',
    pickup_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
  };
}

/**
 * A deal move (D-32, D-34): the owner acts on a spare object of its own (`own`); every other role
 * aims at the victim's open request or confirmed deal, of which it is not a party.
 */
function move(
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
async function spareRequest(w: World) {
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
async function spareDeal(w: World, paid: 'no' | 'approved' | 'paid' = 'no') {
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
async function approvedOrder(w: World): Promise<{ orderId: string; post: string }> {
  const { orderId, post } = await spareDeal(w, 'approved');
  return { orderId, post };
}

/** Issue 15: a deal of the owner's that the owner paid for (contact access, D-27). */
async function paidOwnDeal(w: World): Promise<string> {
  return (await spareDeal(w, 'paid')).dealId;
}

/** D-34: a paid deal of the owner's that both parties marked done (completed: the owner may rate it). */
async function completedOwnDeal(w: World): Promise<string> {
  const { dealId, requester } = await spareDeal(w, 'paid');
  for (const who of [{ headers: requester.headers }, w.people.owner]) {
    const done = await dealMove(w.app, who, dealId, 'complete');
    if (done.statusCode !== 200) throw new Error(`complete ${done.statusCode}: ${done.body}`);
  }
  return dealId;
}

/** D-32: the owner's own open request on a single-use post of a spare account. */
async function ownRequest(w: World): Promise<string> {
  const seller = await w.spare();
  const post = (await publish(w.app, seller, villa('provideSolution')))._id;
  return requested(w.app, partyOf(w.people.owner), post, {
    from: undefined,
    to: undefined,
  });
}

/** D-34: a confirmed deal between two spare accounts, disputed by its requester (what an admin settles). */
async function strangersDispute(w: World): Promise<string> {
  const [seller, buyer] = [await w.spare(), await w.spare()];
  const post = (await publish(w.app, seller, villa('provideSolution')))._id;
  const dealId = await confirmedDeal(w.app, partyOf(seller), partyOf(buyer), post, { from: undefined, to: undefined });
  const disputed = await dealMove(w.app, buyer, dealId, 'dispute');
  if (disputed.statusCode !== 200) throw new Error(`dispute ${disputed.statusCode}: ${disputed.body}`);
  return dealId;
}
