// D-32: requests are free, so the first thing to try is abusing them. A fresh account without a
// subscription sends requests: nothing is taken off the map, nothing can be completed, reviewed or
// written on, the owner can say no, and the account is stopped at 10 a day and 20 open at once.
// Notes carry no contacts and no bidirectional overrides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { booking, dealAs, listedOffers, mailbox, onTheMap, startTrial } from '../../../test/deal-parties.js';
import { confirmedDeal, dealMove, requested, sendRequest } from '../../../test/deals.js';
import { publish, tractor } from '../../../test/posts.js';

type Account = Awaited<ReturnType<typeof signedUp>>;
const HOUR = 3_600_000;

let t: TestApp;
let owners: Account[];
let offers: string[];

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
  owners = [];
  for (const firstName of ['Awa', 'Ibrahima', 'Mariama']) owners.push(await signedUp(t.app, { firstName }));
  offers = [];
  // 22 per-day tractors (D-33), from three owners: more than the open limit of 20.
  for (let i = 0; i < 22; i += 1) offers.push((await publish(t.app, owners[i % 3]!, tractor()))._id);
});
afterAll(() => t.close());

const ownerOf = (i: number) => owners[i % 3]!;

describe('a fresh free account sending requests (D-32)', () => {
  let attacker: Account;
  let deals: string[];

  beforeAll(async () => {
    attacker = await signedUp(t.app, { firstName: 'Mallory' });
    deals = [];
    for (let i = 0; i < 5; i += 1) deals.push(await requested(t.app, attacker, offers[i]!, booking(t.app, 2, 2)));
  });

  it('leaves all 5 offers listed and on the map, Pending', async () => {
    const listed = await listedOffers(t.app, owners[0]!);
    const mapped = await onTheMap(t.app);
    for (const id of offers.slice(0, 5)) {
      expect(listed).toContain(id);
      expect(mapped).toContain(id);
    }
    const res = await t.app.inject({
      url: '/api/solution/getAllSolutions/provideSolution?limit=100',
      headers: attacker.headers,
    });
    const shown = res.json().data.filter((s: { _id: string }) => offers.slice(0, 5).includes(s._id));
    expect(shown).toHaveLength(5);
    expect(shown.every((s: { status: string }) => s.status === 'Pending')).toBe(true);
  });

  it('gets the request back as requested, with no contact access, and sees no contacts of the owner', async () => {
    const deal = await dealAs(t.app, attacker, deals[0]!);
    expect(deal).toMatchObject({ status: 'requested', contact_access: false, role: 'acceptor' });
    expect(deal.counterpart).not.toHaveProperty('email');
    expect(deal.counterpart).not.toHaveProperty('mobile_no');
    expect(deal.solution.user).not.toHaveProperty('mobile_no');
  });

  it('cannot mark any of them done, review them or write on them: 409 NOT_AVAILABLE', async () => {
    for (const dealId of deals) {
      const done = await dealMove(t.app, attacker, dealId, 'complete');
      expect(done.statusCode).toBe(409);
      expect(done.json().code).toBe('NOT_AVAILABLE');
      const review = await t.app.inject({
        method: 'POST',
        url: `/api/deals/${dealId}/review`,
        headers: attacker.headers,
        payload: { rating: 1, text: 'Terrible' },
      });
      expect(review.statusCode).toBe(409);
      expect(review.json().code).toBe('NOT_AVAILABLE');
      const write = await t.app.inject({
        method: 'POST',
        url: `/api/deals/${dealId}/messages`,
        headers: attacker.headers,
        payload: { text: 'Hello' },
      });
      expect(write.statusCode).toBe(409);
      expect(write.json()).toMatchObject({ code: 'NOT_AVAILABLE', message: 'The request is not confirmed' });
      const read = await t.app.inject({ url: `/api/deals/${dealId}/messages`, headers: attacker.headers });
      expect(read.statusCode).toBe(409);
    }
    // Nor can the requester confirm its own request, or dispute one.
    expect((await dealMove(t.app, attacker, deals[0]!, 'confirm')).statusCode).toBe(403);
    expect((await dealMove(t.app, attacker, deals[0]!, 'dispute')).statusCode).toBe(409);
  });

  it('lets the owner decline a request, and the requester is told with the reason', async () => {
    const res = await dealMove(t.app, ownerOf(0), deals[0]!, 'decline', { reason: 'Already promised' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'declined', reason: 'Already promised' });
    const told = (await mailbox(t.app, attacker)).find((n) => n.solution_id === offers[0]);
    expect(told?.message_en).toContain('declined your request');
    expect(told?.message_en).toContain('Reason: Already promised');
    expect(told?.message_fr).toContain('Motif\u00a0: Already promised');
    // Declined once is declined: a second answer is refused.
    expect((await dealMove(t.app, ownerOf(0), deals[0]!, 'decline')).statusCode).toBe(409);
    expect((await dealMove(t.app, ownerOf(0), deals[0]!, 'confirm')).statusCode).toBe(409);
  });

  it('refuses the 11th request within 24 hours with 429 and Retry-After, and takes requests again a day later', async () => {
    for (let i = 5; i < 10; i += 1) await requested(t.app, attacker, offers[i]!, booking(t.app, 2, 2));
    const eleventh = await sendRequest(t.app, attacker, offers[10]!, booking(t.app, 2, 2));
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // The message names the moment: a day after the oldest of the 10.
    const when = /try again after (\S+)$/.exec(eleventh.json().message)?.[1];
    expect(when).toBeDefined();
    const at = Date.parse(when!);
    expect(at).toBeGreaterThan(t.app.clock.now().getTime());
    expect(Math.abs(at - (t.app.clock.now().getTime() + retryAfter * 1000))).toBeLessThan(2000);
    // Nothing was recorded: the offer has no request from the attacker.
    const requests = await t.app.inject({
      url: `/api/solution/${offers[10]}/requests`,
      headers: ownerOf(10).headers,
    });
    expect(requests.json().data).toEqual([]);

    t.app.clock.advance(24 * HOUR + 1000);
    const later = await sendRequest(t.app, attacker, offers[10]!, booking(t.app, 2, 2));
    expect(later.statusCode).toBe(200);
    expect(later.json().data.deal.status).toBe('requested');
  });
});

describe('open requests per account (D-32)', () => {
  it('refuses the 21st open request with 429 RATE_LIMITED and Retry-After, and takes one again once one closes', async () => {
    const hoarder = await signedUp(t.app, { firstName: 'Hoarder' });
    const mine: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      // 10 a day: the clock moves a day after each ten.
      if (i === 10) t.app.clock.advance(24 * HOUR + 1000);
      mine.push(await requested(t.app, hoarder, offers[i]!, booking(t.app, 3, 1)));
    }
    t.app.clock.advance(24 * HOUR + 1000);
    const res = await sendRequest(t.app, hoarder, offers[20]!, booking(t.app, 3, 1));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('20 open requests') });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    expect((await dealMove(t.app, hoarder, mine[0]!, 'withdraw')).statusCode).toBe(200);
    expect((await sendRequest(t.app, hoarder, offers[20]!, booking(t.app, 3, 1))).statusCode).toBe(200);
  });
});

describe("what a request's note may say (D-32)", () => {
  let asker: Account;
  beforeAll(async () => {
    asker = await signedUp(t.app, { firstName: 'Khady' });
  });

  it.each([
    ['a phone number', 'Call me on +221 77 123 45 67'],
    ['a phone number with dashes', 'My number: 77-123-45-67'],
    ['an e-mail address', 'Write to me@x.sn please'],
    ['a WhatsApp link', 'https://wa.me/221771234567'],
    ['a web address', 'See www.x.com'],
  ])('refuses a note with %s: 400 VALIDATION on `note`, and no request is made', async (_kind, note) => {
    const res = await sendRequest(t.app, asker, offers[21]!, { note, ...booking(t.app, 2, 2) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { note: expect.stringContaining('No phone') } });
    const requests = await t.app.inject({ url: `/api/solution/${offers[21]}/requests`, headers: ownerOf(21).headers });
    expect(requests.json().data).toEqual([]);
  });

  it('refuses a note longer than 280 characters', async () => {
    const res = await sendRequest(t.app, asker, offers[21]!, { note: 'a'.repeat(281), ...booking(t.app, 2, 2) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('note');
  });

  it('takes an ordinary note with numbers in it, and strips the right-to-left override from it', async () => {
    const note = 'For 2 days, 3 bags, 15000 F \u202Egpj.exe';
    const dealId = await requested(t.app, asker, offers[21]!, { note, ...booking(t.app, 2, 2) });
    const seen = await dealAs(t.app, ownerOf(21), dealId);
    expect(seen.note).toBe('For 2 days, 3 bags, 15000 F gpj.exe');
    const listed = await t.app.inject({ url: `/api/solution/${offers[21]}/requests`, headers: ownerOf(21).headers });
    expect(listed.json().data[0].note).not.toContain('\u202E');
  });

  it('strips bidirectional overrides from a message too', async () => {
    // A deal that may carry messages: confirmed, its supplier (the owner) on a free trial.
    const owner = await signedUp(t.app, { firstName: 'Oumar' });
    await startTrial(t.app, owner);
    const offer = await publish(t.app, owner, tractor());
    const dealId = await confirmedDeal(t.app, owner, asker, offer._id, booking(t.app, 4, 1));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/messages`,
      headers: asker.headers,
      payload: { text: 'See the \u202Eelif\u202C \u2066photo\u2069' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.text).toBe('See the elif photo');
    const thread = await t.app.inject({ url: `/api/deals/${dealId}/messages`, headers: owner.headers });
    expect(thread.json().data.map((m: { text: string }) => m.text)).toEqual(['See the elif photo']);
  });
});
