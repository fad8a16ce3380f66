// Payments: fees, subscriptions, webhooks, the local checkouts and mobile money (D-38).
import {
  type RouteCase,
  enc,
  get,
  send,
  success,
  markPaid,
  userList,
  checkout,
  notification,
  momoCheckout,
  approvedOrder,
} from '../route-case-kit.js';

export const paymentsCases: Record<string, RouteCase> = {
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
};
