// D-35 over the real API: a visitor, a stranger (signed in, no deal), someone whose request is not
// yet confirmed, a party of a confirmed deal and the owner ask for the same post's position on the
// map, in lists, in search and in its details. Only the owner and the party get the true point;
// everyone else gets the same public point, within 1 km and to 3 decimals, and distances that
// follow from it. Runs on PGlite (server) and on PostgreSQL (server-postgres).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { confirmedDeal, requested } from '../../../test/deals.js';
import { publish, tractor } from '../../../test/posts.js';
import { distanceKm } from '../../lib/geo.js';

type Account = Awaited<ReturnType<typeof signedUp>>;
interface Seen {
  lat: number;
  lng: number;
  exact: boolean;
}

// A home in Bamako, to five decimals (about a metre), far from any other test post.
const HOME = { lat: 12.63921, lng: -8.00287 };
// A depot in Ségou that shows its place.
const DEPOT = { lat: 13.43172, lng: -6.26158 };
const WORD = 'motoculteur';
// A street address names a home as well as its point does.
const STREET = '12 rue du Fleuve';

let t: TestApp;
let owner: Account;
let party: Account;
let asker: Account;
let stranger: Account;
let postId: string;
let depotId: string;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
  owner = await signedUp(t.app, { firstName: 'Awa' });
  party = await signedUp(t.app, { firstName: 'Moussa' });
  asker = await signedUp(t.app, { firstName: 'Fatou' });
  stranger = await signedUp(t.app, { firstName: 'Ibrahim' });
  // A tractor priced per day: a confirmed booking leaves it on the map and in the lists (D-33).
  postId = (
    await publish(t.app, owner, {
      ...tractor(),
      description: `Tractor and ${WORD} for a day`,
      pickup_street_address: STREET,
      pickup_lat: HOME.lat,
      pickup_lng: HOME.lng,
      pickup_city: 'Bamako',
      pickup_country: 'Mali',
    })
  )._id;
  await confirmedDeal(t.app, owner, party, postId);
  // Asked, not confirmed: no exact point yet.
  await requested(t.app, asker, postId, dates(5));
  depotId = (
    await publish(t.app, owner, {
      ...tractor(),
      description: 'Seed depot, open every day',
      pickup_lat: DEPOT.lat,
      pickup_lng: DEPOT.lng,
      pickup_city: 'Ségou',
      pickup_country: 'Mali',
      show_exact_location: true,
    })
  )._id;
});
afterAll(() => t.close());

function dates(n: number) {
  const day = (k: number) => new Date(Date.now() + k * 86_400_000).toISOString().slice(0, 10);
  return { from: day(n), to: day(n + 1) };
}

const headersOf = (who: Account | null) => (who ? who.headers : {});

/** The post as a map point, seen by `who` (null: a visitor). */
async function onMap(who: Account | null, id: string, at: { lat: number; lng: number }): Promise<Seen> {
  const bbox = [at.lng - 0.05, at.lat - 0.05, at.lng + 0.05, at.lat + 0.05].join(',');
  const res = await t.app.inject({ url: `/api/solution/map?bbox=${bbox}&zoom=13`, headers: headersOf(who) });
  expect(res.statusCode).toBe(200);
  const point = res.json().data.points.find((p: { _id: string }) => p._id === id);
  expect(point).toBeDefined();
  expect(point).not.toHaveProperty('user_id');
  return { lat: point.lat, lng: point.lng, exact: point.location_exact };
}

const fromSolution = (s: { pickup_lat: number; pickup_lng: number; location_exact: boolean }): Seen => ({
  lat: s.pickup_lat,
  lng: s.pickup_lng,
  exact: s.location_exact,
});

async function inList(who: Account, id: string, near: { lat: number; lng: number }) {
  const res = await t.app.inject({
    url: `/api/solution/getAllSolutions/provideSolution?limit=100&near=${near.lng},${near.lat}`,
    headers: who.headers,
  });
  expect(res.statusCode).toBe(200);
  const found = res.json().data.find((s: { _id: string }) => s._id === id);
  expect(found).toBeDefined();
  return found as { pickup_lat: number; pickup_lng: number; location_exact: boolean; distance_km: number };
}

async function inSearch(who: Account, id: string): Promise<Seen> {
  const res = await t.app.inject({ url: `/api/solution/search?q=${WORD}`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  const found = res.json().data.find((s: { _id: string }) => s._id === id);
  expect(found).toBeDefined();
  return fromSolution(found);
}

async function inDetails(who: Account, id: string): Promise<Seen & { raw: string }> {
  const res = await t.app.inject({ url: `/api/solution/getSolutionDetails/${id}`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return { ...fromSolution(res.json().data), raw: res.body };
}

const threeDecimals = (x: number) => Math.round(x * 1000) / 1000 === x;

describe("a post's position by viewer (D-35)", () => {
  it('gives the owner and the party of a confirmed deal the exact point, everywhere', async () => {
    for (const who of [owner, party]) {
      const seen = [
        await onMap(who, postId, HOME),
        fromSolution(await inList(who, postId, HOME)),
        await inSearch(who, postId),
        await inDetails(who, postId),
      ];
      for (const s of seen) expect({ lat: s.lat, lng: s.lng, exact: s.exact }).toEqual({ ...HOME, exact: true });
      expect((await inDetails(who, postId)).raw).toContain(STREET);
    }
  });

  it('gives a visitor, a stranger and an unconfirmed requester one public point within 1 km, to 3 decimals', async () => {
    const publicPoint = await onMap(null, postId, HOME);
    expect(publicPoint.exact).toBe(false);
    expect(threeDecimals(publicPoint.lat) && threeDecimals(publicPoint.lng)).toBe(true);
    expect(distanceKm([HOME.lng, HOME.lat], publicPoint.lat, publicPoint.lng)).toBeLessThanOrEqual(1);
    expect(publicPoint).not.toMatchObject(HOME);
    for (const who of [stranger, asker]) {
      const details = await inDetails(who, postId);
      const seen = [
        await onMap(who, postId, HOME),
        fromSolution(await inList(who, postId, HOME)),
        await inSearch(who, postId),
        details,
      ];
      for (const s of seen) expect({ lat: s.lat, lng: s.lng, exact: s.exact }).toEqual(publicPoint);
      // The true point is nowhere in the answer, nor the street.
      expect(details.raw).not.toContain(STREET);
      expect(details.raw).not.toContain(String(HOME.lat));
      expect(details.raw).not.toContain(String(HOME.lng));
    }
  });

  it('answers distance_km from the public point, to the half kilometre, so circling the post never finds it', async () => {
    const publicPoint = await onMap(null, postId, HOME);
    // Eight compass points 0.3 km and 3 km around the true point (degrees per km at this latitude).
    const kmLat = 1 / 111.19;
    const kmLng = kmLat / Math.cos((HOME.lat * Math.PI) / 180);
    const observers = [0.3, 3].flatMap((km) =>
      Array.from({ length: 8 }, (_, i) => {
        const a = (i * Math.PI) / 4;
        return { lat: HOME.lat + km * Math.sin(a) * kmLat, lng: HOME.lng + km * Math.cos(a) * kmLng };
      }),
    );
    const answers: number[] = [];
    for (const at of observers) {
      const { distance_km } = await inList(stranger, postId, at);
      expect(distance_km * 2).toBe(Math.round(distance_km * 2));
      expect(distance_km).toBe(Math.round(distanceKm([at.lng, at.lat], publicPoint.lat, publicPoint.lng) * 2) / 2);
      answers.push(distance_km);
    }
    // The answers are those of the public point, which is uniform over the disc of 1 km around
    // the true one: together they say no more about the true point than the public point does.
    expect(answers).toHaveLength(16);
  });

  it('gives the exact point to everyone when the owner shows the place (a depot)', async () => {
    const visitor = await onMap(null, depotId, DEPOT);
    expect(visitor).toEqual({ ...DEPOT, exact: true });
    expect(await inDetails(stranger, depotId)).toMatchObject({ ...DEPOT, exact: true });
    expect(fromSolution(await inList(stranger, depotId, DEPOT))).toEqual({ ...DEPOT, exact: true });
  });

  it('keeps the exact point out of the deal for the requester until the owner confirms', async () => {
    const res = await t.app.inject({ url: '/api/deals', headers: asker.headers });
    const mine = res.json().data.find((d: { solution: { _id: string } }) => d.solution._id === postId);
    expect(mine.solution.location_exact).toBe(false);
    const partyDeals = await t.app.inject({ url: '/api/deals', headers: party.headers });
    const confirmed = partyDeals.json().data.find((d: { solution: { _id: string } }) => d.solution._id === postId);
    expect(confirmed.solution).toMatchObject({ pickup_lat: HOME.lat, pickup_lng: HOME.lng, location_exact: true });
  });
});
