// Deals: the inbox, threads and moves (D-32..D-34), requests and availability, disputes.
import { inDays } from '../../deals.js';
import {
  type RouteCase,
  enc,
  get,
  send,
  move,
  spareRequest,
  spareDeal,
  paidOwnDeal,
  completedOwnDeal,
  ownRequest,
  strangersDispute,
} from '../route-case-kit.js';

export const dealsCases: Record<string, RouteCase> = {
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
};
