// The authorization matrix's expected statuses for mobile money, deals, places, reports,
// moderation, alerts and USSD (expected-access.ts has the rest).
import { type Access, PUBLIC, SIGNED_IN, OWN_ONLY, ADMIN_ONLY } from './access-levels.js';

export const EXPECTED_ACCESS_DEALS_AND_MORE: Record<string, Access> = {
  // D-38: mobile money.
  'GET /api/payment/notify/cinetpay': { roles: PUBLIC, why: "CinetPay's availability ping of the notify URL" },
  'POST /api/payment/notify/cinetpay': {
    roles: { visitor: 401, owner: 401, other: 401, subscriber: 401, admin: 401 },
    generated: { visitor: [400, 401], other: [400, 401], subscriber: [400, 401], admin: [400, 401] },
    why: 'D-38: without the x-token of the secret key nothing is trusted, whoever sends it',
  },
  'GET /api/payment/mobile-money/return': {
    roles: { visitor: 303, owner: 303, other: 303, subscriber: 303, admin: 303 },
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'a redirect to the success page that trusts nothing (D-17, D-38)',
  },
  'POST /api/payment/mobile-money/return': {
    roles: { visitor: 303, owner: 303, other: 303, subscriber: 303, admin: 303 },
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'CinetPay returns the payer with POST: a redirect that trusts nothing (D-38)',
  },
  'GET /api/payment/mobile-money/checkout/{tx}': {
    roles: PUBLIC,
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'the local mobile-money checkout: a capability URL, as CinetPay’s (refused in production, D-38)',
  },
  'POST /api/payment/mobile-money/checkout/{tx}/approve': {
    roles: { visitor: 303, owner: 303, other: 303, subscriber: 303, admin: 303 },
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'capability URL of the local checkout; what it grants is decided by the status check (D-38)',
  },
  'POST /api/payment/mobile-money/checkout/{tx}/refuse': {
    roles: { visitor: 303, owner: 303, other: 303, subscriber: 303, admin: 303 },
    generated: { visitor: [400, 404], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'capability URL of the local checkout, as its approve',
  },

  // D-27 to D-29, D-32 to D-34: a deal exists only for its two parties; the victim's deal
  // has no contact access, so the owner's own message, move and finishing cases run on spare deals
  // of its own.
  'GET /api/deals': { roles: SIGNED_IN, why: "the caller's own deals; no id is accepted" },
  'GET /api/deals/unread': { roles: SIGNED_IN, why: "the caller's own unread messages" },
  'GET /api/deals/{dealId}': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'D-27: a party only; to anybody else, admins included, the deal does not exist',
  },
  'GET /api/deals/{dealId}/messages': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "D-28: a party of a deal with contact access (the owner's paid spare deal)",
  },
  'POST /api/deals/{dealId}/messages': {
    roles: { visitor: 401, owner: 201, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "D-28: a party of a deal with contact access (the owner's paid spare deal)",
  },
  'POST /api/deals/{dealId}/confirm': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "D-32: the post's owner (a request on a spare offer of its own); the victim's open request does not exist for others",
  },
  'POST /api/deals/{dealId}/decline': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "D-32: the post's owner, with a reason (a request on a spare offer of its own)",
  },
  'POST /api/deals/{dealId}/withdraw': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "D-32: the requester (the owner's own request on a spare account's post)",
  },
  'POST /api/deals/{dealId}/cancel': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'D-32: either party of a confirmed deal, before completion (a spare deal of the owner)',
  },
  'POST /api/deals/{dealId}/complete': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "D-34: a party marks a confirmed deal with contact access done (the owner's paid spare deal)",
  },
  'POST /api/deals/{dealId}/dispute': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'D-34: either party freezes a confirmed deal (a spare deal of the owner)',
  },
  'POST /api/deals/{dealId}/review': {
    roles: { visitor: 401, owner: 201, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: 'D-34: a party of a completed deal that was confirmed and had contact access, once (a spare deal both marked done)',
  },
  'GET /api/solution/{solutionId}/requests': {
    roles: OWN_ONLY,
    generated: { visitor: [400, 401], other: [400, 403, 404], subscriber: [400, 403, 404], admin: [400, 403, 404] },
    why: "D-32: the post's owner sees who asked; everybody else, admins included, is refused (a deleted or unknown post is not found)",
  },
  'PUT /api/solution/{solutionId}/availability': {
    roles: OWN_ONLY,
    generated: { visitor: [400, 401], other: [400, 403, 404], subscriber: [400, 403, 404], admin: [400, 403, 404] },
    why: "D-33: the post's owner sets its capacity and blocked dates (the owner's own case on a spare offer)",
  },
  'GET /api/admin/deals/disputed': { roles: ADMIN_ONLY, why: 'D-34' },
  'POST /api/admin/deals/{dealId}/settle': {
    roles: ADMIN_ONLY,
    generated: { visitor: [400, 401], other: [400, 403], subscriber: [400, 403], admin: [400, 404] },
    why: 'D-34: admins settle a dispute (an admin settles one between two spare accounts); fuzzed ids are random only',
  },
  'GET /api/users/{userId}/card': {
    roles: SIGNED_IN,
    generated: { visitor: [400, 401], other: [200, 400, 404], subscriber: [200, 400, 404], admin: [200, 400, 404] },
    why: 'D-29: anybody signed in sees a person without contacts; a generated id may be a real user',
  },
  'GET /api/places': {
    roles: PUBLIC,
    generated: { visitor: [200, 400], other: [200, 400], subscriber: [200, 400], admin: [200, 400] },
    why: 'D-26: city names from GeoNames, public data; bounded per address',
  },
  'GET /api/places/reverse': { roles: PUBLIC, why: 'D-26: the nearest city to a point, public data' },
  'GET /api/places/labels': {
    roles: PUBLIC,
    generated: { visitor: [200, 400], other: [200, 400], subscriber: [200, 400], admin: [200, 400] },
    why: 'D-26: the names a map without tiles draws, public GeoNames data',
  },
  'POST /api/reports': {
    roles: { visitor: 401, owner: 201, other: 201, subscriber: 201, admin: 201 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "D-29: anyone signed in reports the owner's open post (the owner reports the acceptor); a taken, deleted or unknown post is not found",
  },
  'GET /api/admin/reports': { roles: ADMIN_ONLY, why: 'D-29' },
  'PATCH /api/admin/reports/{reportId}': {
    roles: ADMIN_ONLY,
    generated: { visitor: [400, 401], other: [400, 403], subscriber: [400, 403], admin: [400, 404] },
    why: 'D-29: admins close reports',
  },
  'POST /api/admin/solutions/{solutionId}/hide': {
    roles: ADMIN_ONLY,
    generated: { visitor: [400, 401], other: [400, 403], subscriber: [400, 403], admin: [400, 404] },
    why: "D-29: admins hide posts (an admin aims at a spare account's post); fuzzed ids are random only",
  },
  'POST /api/admin/users/{userId}/block': {
    roles: ADMIN_ONLY,
    generated: { visitor: [400, 401], other: [400, 403], subscriber: [400, 403], admin: [400, 404] },
    why: 'D-29: admins block users (an admin aims at a spare account); fuzzed ids are random only',
  },
  'PUT /api/user/addNotiLanguage': {
    roles: SIGNED_IN,
    why: "D-24: the caller's own language only; the body names no user",
  },
  'POST /api/alerts': {
    roles: { visitor: 401, owner: 201, other: 201, subscriber: 201, admin: 201 },
    why: 'D-36: anyone signed in makes an alert of their own; the body names no user',
  },
  'GET /api/alerts': { roles: SIGNED_IN, why: "D-36: the caller's own alerts only" },
  'DELETE /api/alerts/{alertId}': {
    roles: { visitor: 401, owner: 204, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "D-36: own alerts only; another's answers as one that does not exist",
  },
  'PATCH /api/alerts/{alertId}': {
    roles: { visitor: 401, owner: 200, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [400, 401], other: [400, 404], subscriber: [400, 404], admin: [400, 404] },
    why: "D-36: the SMS switch of one's own alert; another's answers as one that does not exist",
  },
  'POST /api/alerts/stop': { roles: SIGNED_IN, why: 'D-36: "STOP" turns the caller\'s own SMS alerts off' },
  // D-37: no session opens a callback; only the configured secret path exists.
  'POST /api/ussd/africastalking/{secret}': {
    roles: { visitor: 404, owner: 404, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [404], other: [404], subscriber: [404], admin: [404] },
    why: "D-37: Africa's Talking's USSD callback answers only on the secret path",
  },
  'POST /api/sms/africastalking/{secret}': {
    roles: { visitor: 404, owner: 404, other: 404, subscriber: 404, admin: 404 },
    generated: { visitor: [404], other: [404], subscriber: [404], admin: [404] },
    why: "D-37: Africa's Talking's inbound SMS answers only on the secret path",
  },
  'POST /api/ussd/simulator': {
    roles: SIGNED_IN,
    why: "D-37: the menu for the caller's own number (a typed one only outside production)",
  },
};
