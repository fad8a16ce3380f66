// The authorization matrix of the deals: each deal and mailbox call, as visitor, owner, acceptor, another
// user and a subscriber, against a single-use post whose owner confirmed the acceptor's request (D-32). Statuses come from the table below;
// contacts are checked on the raw JSON (D-14).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { confirmedDeal } from '../../../test/deals.js';
import { subscriptions } from '../../db/schema.js';

type Role = 'visitor' | 'owner' | 'acceptor' | 'other' | 'subscriber';
const ROLES: Role[] = ['visitor', 'owner', 'acceptor', 'other', 'subscriber'];
type Account = Awaited<ReturnType<typeof signedUp>>;

let t: TestApp;
const who = {} as Record<Exclude<Role, 'visitor'>, Account>;
let offerId: string;
let notificationId: string;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
  for (const role of ['owner', 'acceptor', 'other', 'subscriber'] as const) who[role] = await signedUp(t.app);
  await t.app.database.db.insert(subscriptions).values({
    userId: who.subscriber.user._id,
    kind: 'yearly',
    status: 'active',
    startAt: new Date(),
    endAt: new Date(Date.now() + 365 * 86_400_000),
  });
  const body = multipart([
    {
      name: 'new_solution',
      value: JSON.stringify({
        user_role: 'provideSolution',
        category: 'Transport',
        sub_category_id: 'transport-small-car',
        description: 'Dakar to Thiès on Saturday',
        pickup_lat: 14.7,
        pickup_lng: -17.45,
        pickup_city: 'Dakar',
        pickup_country: 'Senegal',
        pickup_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        delivery_city: 'Thiès',
        delivery_country: 'Senegal',
        delivery_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      }),
    },
  ]);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/solution/addSolution',
    headers: { ...who.owner.headers, ...body.headers },
    payload: body.payload,
  });
  offerId = created.json().data._id;
  // A ride has no unit (D-33): the confirmation takes it.
  await confirmedDeal(t.app, who.owner, who.acceptor, offerId, { from: undefined, to: undefined });
  const mailbox = await t.app.inject({
    url: `/api/notify/getUserNotif/${who.owner.user._id}`,
    headers: who.owner.headers,
  });
  notificationId = mailbox.json().data[0]._id;
});
afterAll(() => t.close());

const headersOf = (role: Role) => (role === 'visitor' ? {} : who[role].headers);
const idOf = (role: Role) => (role === 'visitor' ? '00000000-0000-4000-8000-000000000000' : who[role].user._id);

/** Read-only calls: expected status per role. */
const READS: { name: string; url: () => string; expect: Record<Role, number> }[] = [
  {
    name: 'details of a taken offer',
    url: () => `/api/solution/getSolutionDetails/${offerId}`,
    expect: { visitor: 401, owner: 200, acceptor: 200, other: 404, subscriber: 404 },
  },
  {
    name: "the owner's My Offers",
    url: () => `/api/solution/getUserSolutions/${who.owner.user._id}`,
    expect: { visitor: 401, owner: 200, acceptor: 403, other: 403, subscriber: 403 },
  },
  {
    name: "the acceptor's My Orders",
    url: () => `/api/solution/getUserAcceptedSolutions/${who.acceptor.user._id}`,
    expect: { visitor: 401, owner: 403, acceptor: 200, other: 403, subscriber: 403 },
  },
  {
    name: "the owner's mailbox",
    url: () => `/api/notify/getUserNotif/${who.owner.user._id}`,
    expect: { visitor: 401, owner: 200, acceptor: 403, other: 403, subscriber: 403 },
  },
];

describe('authorization matrix of deals and the mailbox', () => {
  for (const read of READS) {
    for (const role of ROLES) {
      it(`${read.name} as ${role} → ${read.expect[role]}`, async () => {
        const res = await t.app.inject({ url: read.url(), headers: headersOf(role) });
        expect(res.statusCode).toBe(read.expect[role]);
        if (res.statusCode >= 400) expect(res.json()).toHaveProperty('code');
      });
    }
  }

  it.each(ROLES)('marking the owner’s notification read as %s succeeds only for the owner', async (role) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notify/updateNotification',
      headers: headersOf(role),
      payload: { id: notificationId, _id: idOf(role) },
    });
    expect(res.statusCode).toBe({ visitor: 401, owner: 200, acceptor: 404, other: 404, subscriber: 404 }[role]);
  });

  it.each(ROLES)('rejecting the order as %s succeeds only for the acceptor', async (role) => {
    if (role === 'acceptor') return; // Done last, below: it changes the deal.
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/solution/rejectSolution',
      headers: headersOf(role),
      payload: { user_id: idOf(role), solution_id: offerId },
    });
    expect(res.statusCode).toBe({ visitor: 401, owner: 409, other: 409, subscriber: 409 }[role]);
  });

  it.each(ROLES)('deleting the offer as %s succeeds only for the owner (checked without deleting)', async (role) => {
    if (role === 'owner') return;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${idOf(role)}/${offerId}`,
      headers: headersOf(role),
    });
    expect(res.statusCode).toBe({ visitor: 401, acceptor: 403, other: 403, subscriber: 403 }[role]);
  });

  it('acting with the owner’s id in the body or path is refused to everybody else', async () => {
    for (const role of ['acceptor', 'other', 'subscriber'] as const) {
      const asOwner = await t.app.inject({
        method: 'DELETE',
        url: `/api/solution/deleteSolution/${who.owner.user._id}/${offerId}`,
        headers: who[role].headers,
      });
      expect(asOwner.statusCode).toBe(403);
      const accept = await t.app.inject({
        method: 'PUT',
        url: '/api/solution/solutionAccepted',
        headers: who[role].headers,
        payload: { user_id: who.owner.user._id, solution_id: offerId },
      });
      expect(accept.statusCode).toBe(403);
    }
  });

  it("sends the owner's contacts only to those entitled, checked on the raw JSON (D-14)", async () => {
    const { email, mobile_no } = who.owner.account as { email: string; mobile_no: string };
    // An open post of the owner, that anyone signed in may open.
    const body = multipart([
      {
        name: 'new_solution',
        value: JSON.stringify({
          user_role: 'provideSolution',
          category: 'Space',
          sub_category_id: 'space-bed',
          description: 'A bed',
          pickup_lat: 14.7,
          pickup_lng: -17.45,
          pickup_city: 'Dakar',
          pickup_country: 'Senegal',
          pickup_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        }),
      },
    ]);
    const open = (
      await t.app.inject({
        method: 'POST',
        url: '/api/solution/addSolution',
        headers: { ...who.owner.headers, ...body.headers },
        payload: body.payload,
      })
    ).json().data._id;
    const seen: Record<string, boolean> = {};
    for (const role of ['owner', 'other', 'subscriber'] as const) {
      const raw = (await t.app.inject({ url: `/api/solution/getSolutionDetails/${open}`, headers: who[role].headers }))
        .body;
      seen[role] = raw.includes(email) && raw.includes(mobile_no);
      if (!seen[role]) expect(raw.includes(email) || raw.includes(mobile_no)).toBe(false);
    }
    expect(seen).toEqual({ owner: true, other: false, subscriber: true });
    // Lists never carry contacts, even for a subscriber.
    const list = await t.app.inject({
      url: '/api/solution/getAllSolutions/provideSolution',
      headers: who.subscriber.headers,
    });
    expect(list.body.includes(mobile_no)).toBe(false);
  });

  it('lets the acceptor reject, after which the offer is open to everyone again', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/solution/rejectSolution',
      headers: who.acceptor.headers,
      payload: { user_id: who.acceptor.user._id, solution_id: offerId },
    });
    expect(res.statusCode).toBe(204);
    const byOther = await t.app.inject({
      url: `/api/solution/getSolutionDetails/${offerId}`,
      headers: who.other.headers,
    });
    expect(byOther.json().data.status).toBe('Pending');
  });
});
