// Posts and deals arranged through the real API (h.app.inject), as the publish form, the Accept
// Offer button (a request, D-32), the owner's Confirm and the deal page's fee (D-15 revised) would
// make them.
import { expect } from 'vitest';
import type { Harness } from './harness.js';

const DAY_MS = 86_400_000;
const daysAhead = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const inAWeek = () => daysAhead(7);

/**
 * D-33: the dates a request names for a post booked by date: one unit a week ahead (a day, a
 * night: the day of leaving is the next one, an hour, a month); none for a single-use post.
 */
export function oneUnitInAWeek(unit: string | null | undefined): { from?: string; to?: string } {
  switch (unit) {
    case 'day':
    case 'month':
      return { from: inAWeek(), to: inAWeek() };
    case 'night':
      return { from: inAWeek(), to: daysAhead(8) };
    case 'hour':
      return { from: `${inAWeek()}T09:00`, to: `${inAWeek()}T10:00` };
    default:
      return {};
  }
}

export const TRACTOR = { user_role: 'provideSolution', category: 'Equipments', sub_category_id: 'equipment-tractor' };
export const PUMP = { user_role: 'provideSolution', category: 'Equipments', sub_category_id: 'equipment-water-pump' };
export const ROOM_NEED = { user_role: 'needSolution', category: 'Space', sub_category_id: 'space-room' };
/** Priced per stay, not per unit: single-use, so a confirmed request takes it (D-32). */
export const CABIN = { user_role: 'provideSolution', category: 'Space', sub_category_id: 'space-cabin' };

/** POST /api/solution/addSolution (multipart, no image); returns the new post's id. */
export async function publish(h: Harness, authKey: string, post: Record<string, unknown>): Promise<string> {
  const boundary = `----e2e${Date.now()}`;
  const solution = {
    description: 'Posted by a browser journey.',
    pickup_lat: 14.6928,
    pickup_lng: -17.4467,
    pickup_city: 'Dakar',
    pickup_country: 'Senegal',
    pickup_date: inAWeek(),
    ...post,
  };
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="new_solution"\r\n\r\n` +
    `${JSON.stringify(solution)}\r\n--${boundary}--\r\n`;
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/solution/addSolution',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'access-token': authKey },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { _id: string } }).data._id;
}

/**
 * PUT /api/solution/solutionAccepted for `userId` (whose key `authKey` is): a request (D-32), with
 * one unit a week ahead when the post is booked by date (D-33). Answers the new deal's id.
 */
export async function accept(
  h: Harness,
  authKey: string,
  userId: string,
  solutionId: string,
  details: { note?: string; from?: string; to?: string } = {},
): Promise<string> {
  const post = await h.app.database.db.query.solutions.findFirst({ where: (s, { eq }) => eq(s.id, solutionId) });
  const response = await h.app.inject({
    method: 'PUT',
    url: '/api/solution/solutionAccepted',
    headers: { 'access-token': authKey },
    payload: {
      user_id: userId,
      accepted_by: userId,
      solution_id: solutionId,
      ...oneUnitInAWeek(post?.unit),
      ...details,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { deal: { _id: string } } }).data.deal._id;
}

/** POST /api/deals/:id/confirm: the post's owner (whose key `ownerKey` is) chooses this request (D-32). */
export async function confirm(h: Harness, ownerKey: string, dealId: string): Promise<void> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/deals/${dealId}/confirm`,
    headers: { 'access-token': ownerKey },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect((response.json() as { data: { status: string } }).data.status).toBe('accepted');
}

/** A request its owner confirmed at once: `taker` requests `solutionId`, its owner confirms; answers the deal's id. */
export async function acceptAndConfirm(
  h: Harness,
  taker: { auth_key: string; user: { _id: string } },
  ownerKey: string,
  solutionId: string,
): Promise<string> {
  const dealId = await accept(h, taker.auth_key, taker.user._id, solutionId);
  await confirm(h, ownerKey, dealId);
  return dealId;
}

/** The deal id of a post, as its owner's GET /api/deals lists it. */
export async function dealOn(h: Harness, authKey: string, solutionId: string): Promise<string> {
  const res = await h.app.inject({ url: '/api/deals', headers: { 'access-token': authKey } });
  const deal = (res.json().data as { _id: string; solution: { _id: string } }[]).find(
    (d) => d.solution._id === solutionId,
  );
  expect(deal, res.body).toBeDefined();
  return deal!._id;
}

/**
 * The supplier side (the owner of an offer, the requester of a need; whose key `authKey` is) pays
 * the 15% fee of a deal the owner confirmed (D-15 revised), approved on the local provider's page.
 */
export async function payFor(h: Harness, authKey: string, dealId: string): Promise<void> {
  const headers = { 'access-token': authKey };
  const deal = await h.app.inject({ url: `/api/deals/${dealId}`, headers });
  expect(deal.statusCode, deal.body).toBe(200);
  const solutionId = (deal.json() as { data: { solution: { _id: string } } }).data.solution._id;
  const pay = await h.app.inject({ method: 'POST', url: '/api/payment/pay', headers, payload: { deal_id: dealId } });
  expect(pay.statusCode, pay.body).toBe(200);
  const url = pay.json().data.url as string;
  await h.app.inject({ method: 'POST', url: `${url}/approve` });
  const done = await h.app.inject({
    method: 'POST',
    url: '/api/payment/success',
    headers,
    payload: { paymentId: decodeURIComponent(url.split('/').pop()!), payerId: 'PAYER', solution_id: solutionId },
  });
  expect(done.statusCode, done.body).toBe(200);
}
