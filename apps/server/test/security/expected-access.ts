// The expected table of the authorization matrix: for every documented route, the status
// each role gets. "owner" calls with its own objects; the others aim at the owner's (see
// route-cases.ts). `generated` is the set for the fast-check property (existing-but-foreign ids
// and random ones). A 2xx anywhere outside this table is a failure; so is a route missing here.
import { type Access, PUBLIC, SIGNED_IN, OWN_ONLY_GENERATED, OWN_ONLY, ADMIN_ONLY } from './access-levels.js';
import { EXPECTED_ACCESS_DEALS_AND_MORE } from './expected-access-more.js';

export { allowed, type Access, type Expected } from './access-levels.js';

export const EXPECTED_ACCESS: Record<string, Access> = {
  'GET /api/health': { roles: PUBLIC },
  'GET /api/catalogue': { roles: PUBLIC },
  'GET /api/config': { roles: PUBLIC },

  'POST /api/user/sendMessage': {
    roles: { visitor: 409, owner: 409, other: 409, subscriber: 409, admin: 409 },
    why: "registering a taken number: SPEC's 'User already exist'; nothing is sent",
  },
  'POST /api/user/codeValidation': {
    roles: { visitor: 400, owner: 400, other: 400, subscriber: 400, admin: 400 },
    why: 'a guessed code for the victim number (none was sent): CODE_INVALID',
  },
  'POST /api/user/register': {
    roles: { visitor: 409, owner: 409, other: 409, subscriber: 409, admin: 409 },
    why: "the victim's e-mail and number, with a token of the victim's number taken from nowhere: USER_EXISTS first",
  },
  'POST /api/user/login': {
    roles: { visitor: 401, owner: 200, other: 401, subscriber: 401, admin: 401 },
    why: "others try the victim's e-mail with a wrong password",
  },
  'POST /api/user/logout': {
    roles: { visitor: 401, owner: 204, other: 204, subscriber: 204, admin: 204 },
    why: "ends the caller's own session only (run last)",
  },
  'PUT /api/user/updatePassword': {
    roles: { visitor: 401, owner: 204, other: 401, subscriber: 401, admin: 401 },
    why: "others send the victim's number without a token proving it: INVALID_NUMBER_OR_EMAIL",
  },
  'GET /api/user/me': { roles: SIGNED_IN },
  'PATCH /api/user/updateCountry': { roles: OWN_ONLY, generated: OWN_ONLY_GENERATED },
  'POST /api/user/updateSubscription': { roles: OWN_ONLY, generated: OWN_ONLY_GENERATED },
  'PUT /api/user/updateUser': { roles: OWN_ONLY, generated: OWN_ONLY_GENERATED },
  'GET /api/user/addNotiLanguage': {
    roles: { ...OWN_ONLY, owner: 204 },
    generated: OWN_ONLY_GENERATED,
  },
  'DELETE /api/user/{userId}': {
    roles: { ...OWN_ONLY, owner: 204 },
    generated: OWN_ONLY_GENERATED,
    why: 'D-12: own account only, admins included',
  },
  'GET /api/user/getAllUsers': { roles: ADMIN_ONLY, why: 'D-11' },
  'GET /api/admin/users': { roles: ADMIN_ONLY, why: 'D-11' },
  'PATCH /api/admin/users/{userId}': {
    roles: ADMIN_ONLY,
    generated: { visitor: [400, 401], other: [400, 403], subscriber: [400, 403], admin: [200, 400, 403, 404] },
    why: "D-11: admins set badges; an admin's generated id may be a real user (200) or the admin's own (403)",
  },
  'GET /api/admin/users/{userId}/id-images/{index}': {
    roles: ADMIN_ONLY,
    generated: { visitor: [400, 401], other: [400, 403], subscriber: [400, 403], admin: [200, 400, 404] },
    why: 'D-11: ID images are for admins only, not even their owner',
  },
  'GET /api/media/avatars/{file}': {
    roles: PUBLIC,
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'avatars are shown beside posts: public, under random never-reused names',
  },

  'GET /api/solution/map': { roles: PUBLIC, why: 'SPEC 6: visitors see the map' },
  'GET /api/solution/map/tiles/{z}/{x}/{y}': {
    roles: PUBLIC,
    generated: { visitor: [200, 400], other: [200, 400], subscriber: [200, 400], admin: [200, 400] },
    why: 'SPEC 6, D-35: the map by tiles, public points only, the same bytes for everyone',
  },
  'POST /api/solution/addSolution': {
    roles: { visitor: 401, owner: 201, other: 201, subscriber: 201, admin: 201 },
    why: "a post is always the caller's own, whatever user_id the body carries",
  },
  'GET /api/solution/getAllSolutions/{type}': {
    roles: SIGNED_IN,
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
  },
  'GET /api/solution/getCategorySolutions/{category}/{type}': {
    roles: SIGNED_IN,
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
  },
  'GET /api/solution/search': {
    roles: SIGNED_IN,
    generated: { visitor: [400, 401], other: [200, 400], subscriber: [200, 400], admin: [200, 400] },
  },
  'GET /api/solution/searchSolution/{type}/{field}/{text}': {
    roles: SIGNED_IN,
    generated: {
      visitor: [400, 401, 404],
      other: [200, 400, 404],
      subscriber: [200, 400, 404],
      admin: [200, 400, 404],
    },
    why: 'generated field and text: a search of open posts (200) or invalid input',
  },
  'GET /api/solution/getUserSolutions/{userId}': { roles: OWN_ONLY, generated: OWN_ONLY_GENERATED },
  'GET /api/solution/getUserAcceptedSolutions/{userId}': { roles: OWN_ONLY, generated: OWN_ONLY_GENERATED },
  'GET /api/solution/getSolutionDetails/{solutionId}': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: [200, 404] },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [200, 400, 404] },
    why: 'D-6: a taken post only for its owner and acceptor (admins too, for moderation), a deleted one for nobody',
  },
  'POST /api/solution/solutionClicked': {
    roles: { visitor: 401, owner: 204, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "a visit only of a post the caller may see (D-6); the owner's own visit is not counted",
  },
  'DELETE /api/solution/deleteSolution/{userId}/{solutionId}': {
    roles: { ...OWN_ONLY, owner: 204 },
    generated: OWN_ONLY_GENERATED,
  },
  'GET /api/media/posts/{file}': {
    roles: PUBLIC,
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'post images are public (map markers), under random never-reused names; EXIF stripped (D-7)',
  },
  'PUT /api/solution/solutionAccepted': {
    roles: { visitor: 401, owner: 409, other: [403, 409], subscriber: [403, 409], admin: [403, 409] },
    generated: {
      visitor: [400, 401],
      other: [400, 403, 404, 409],
      subscriber: [400, 403, 404, 409],
      admin: [400, 403, 404, 409],
    },
    why: 'owner: its own post (NOT_AVAILABLE); others: the taken post (409), acting as the victim or the acceptor (403)',
  },
  'PUT /api/solution/rejectSolution': {
    roles: { visitor: 401, owner: 409, other: [403, 409], subscriber: [403, 409], admin: [403, 409] },
    generated: {
      visitor: [400, 401],
      other: [400, 403, 404, 409],
      subscriber: [400, 403, 404, 409],
      admin: [400, 403, 404, 409],
    },
    why: 'only the acceptor drops an order (409 for anyone else), nobody in their name (403)',
  },

  'GET /api/notify/getUserNotif/{userId}': { roles: OWN_ONLY, generated: OWN_ONLY_GENERATED },
  'PUT /api/notify/updateNotification': {
    roles: { visitor: 401, owner: 200, other: [403, 404], subscriber: [403, 404], admin: [403, 404] },
    generated: OWN_ONLY_GENERATED,
    why: "the victim's notification: by the victim's id 403, by the caller's own 404 (not theirs)",
  },
  'GET /api/notify/stream': { roles: SIGNED_IN, why: "the caller's own stream; no id is accepted" },

  'GET /api/auth/providers': { roles: PUBLIC },
  'GET /api/auth/{provider}': {
    roles: { visitor: 302, owner: 302, other: 302, subscriber: 302, admin: 302 },
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'starts a sign-in at the local provider (a fresh state, nobody else affected)',
  },
  'GET /api/auth/{provider}/callback': {
    roles: { visitor: 404, owner: 404, other: 404, subscriber: 404, admin: 404 },
    why: 'a stolen code and forged state at the local provider, which has no OAuth callback: no session',
  },
  'GET /api/auth/local/page': {
    roles: PUBLIC,
    why: 'the local sign-in form, echoing the (escaped) state; the state is checked when posted',
  },
  'POST /api/auth/local/page': {
    roles: { visitor: 302, owner: 302, other: 302, subscriber: 302, admin: 302 },
    why: 'a forged state: redirected to /login?error=social, no session',
  },
  'POST /api/user/loginVia/{provider}': {
    roles: { visitor: 401, owner: 401, other: 401, subscriber: 401, admin: 401 },
    generated: { visitor: [400, 401], other: [400, 401], subscriber: [400, 401], admin: [400, 401] },
    why: 'a guessed one-time code',
  },
  'PUT /api/user/register-via-fb/{userId}': {
    roles: OWN_ONLY,
    generated: OWN_ONLY_GENERATED,
    why: 'owner: completing with its own unchanged number and country',
  },
  // D-11: proving the caller's own e-mail; nobody names another's.
  'POST /api/user/email/send-code': {
    roles: SIGNED_IN,
    why: "a code to the caller's own e-mail (the admin's is proven already: sent false)",
  },
  'POST /api/user/email/verify': {
    roles: { visitor: 401, owner: 400, other: 400, subscriber: 400, admin: 400 },
    why: "a guessed code for the caller's own e-mail: CODE_INVALID, nothing proven",
  },

  'POST /api/payment/pay': {
    roles: { visitor: 401, owner: 200, other: 409, subscriber: 409, admin: 409 },
    generated: { visitor: [400, 401], other: [400, 404, 409], subscriber: [400, 404, 409], admin: [400, 404, 409] },
    why: 'D-15 revised: only the supplier side of a confirmed deal (the owner of the taken offer) pays for it, by post or by deal',
  },
  'GET /api/payment/return': {
    roles: { visitor: 303, owner: 303, other: 303, subscriber: 303, admin: 303 },
    why: 'a redirect to /successurl that trusts nothing (D-17)',
  },
  'POST /api/payment/success': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "the victim's order and payment ids: not the caller's payment",
  },
  'POST /api/payment/subscribe': {
    roles: SIGNED_IN,
    why: "a pending subscription of the caller's own",
  },
  'POST /api/payment/updateSubscription': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "the victim's provider subscription id: not the caller's",
  },
  'POST /api/payment/webhook/{provider}': {
    roles: { visitor: 400, owner: 400, other: 400, subscriber: 400, admin: 400 },
    why: 'D-17: no verified signature, nothing trusted',
  },
  'POST /api/admin/markSubscriptionPaid': {
    roles: { visitor: 401, owner: 403, other: 403, subscriber: 403, admin: 200 },
    generated: { visitor: [400, 401], other: [400, 403], subscriber: [400, 403], admin: [400, 404] },
    why: 'D-18: admins only (an admin aims at a spare account); fuzzed admin ids are random only',
  },
  'GET /api/payment/getUserPayments/{userId}': { roles: OWN_ONLY, generated: OWN_ONLY_GENERATED },
  'GET /api/payment/local/checkout/{orderId}': {
    roles: PUBLIC,
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "the local provider's approval page: a capability URL, as PayPal's (refused in production, D-1)",
  },
  'POST /api/payment/local/checkout/{orderId}/approve': {
    roles: { visitor: 303, owner: 303, other: 303, subscriber: 303, admin: 303 },
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'capability URL of the local provider; approval moves nothing: capture needs the payer session',
  },
  'POST /api/payment/local/checkout/{orderId}/cancel': {
    roles: { visitor: 303, owner: 303, other: 303, subscriber: 303, admin: 303 },
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'capability URL of the local provider, as its approve',
  },
  ...EXPECTED_ACCESS_DEALS_AND_MORE,
};
