// Posts and deals arranged through the real API (h.app.inject), as the publish form and the
// Accept Offer button would make them.
import { expect } from 'vitest';
import type { Harness } from './harness.js';

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

export const TRACTOR = { user_role: 'provideSolution', category: 'Equipments', sub_category_id: 'equipment-tractor' };
export const PUMP = { user_role: 'provideSolution', category: 'Equipments', sub_category_id: 'equipment-water-pump' };
export const ROOM_NEED = { user_role: 'needSolution', category: 'Space', sub_category_id: 'space-room' };

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

/** PUT /api/solution/solutionAccepted for `userId` (whose key `authKey` is). */
export async function accept(h: Harness, authKey: string, userId: string, solutionId: string): Promise<void> {
  const response = await h.app.inject({
    method: 'PUT',
    url: '/api/solution/solutionAccepted',
    headers: { 'access-token': authKey },
    payload: { user_id: userId, accepted_by: userId, solution_id: solutionId },
  });
  expect(response.statusCode, response.body).toBe(200);
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

/** The owner of an offer pays the 15% fee for the deal a client made on it (local provider). */
export async function payFor(h: Harness, authKey: string, solutionId: string): Promise<void> {
  const headers = { 'access-token': authKey };
  const pay = await h.app.inject({
    method: 'POST',
    url: '/api/payment/pay',
    headers,
    payload: { solution_id: solutionId },
  });
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
