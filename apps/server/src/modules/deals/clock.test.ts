// The deal clock (D-32: requests expire after 7 days; D-15 revised: an unpaid confirmed deal lapses
// after 48 hours; D-34: one party's "done" completes the deal 3 days later unless disputed; D-33: a
// reminder the day before a booking starts). The app runs without its job queue (JOBS=off): each
// test moves the server's clock and runs the clock's step itself, as the queue would each minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { booking, dealAs, details, listedOffers, mailbox, startTrial } from '../../../test/deal-parties.js';
import { confirmedDeal, dealMove, requested } from '../../../test/deals.js';
import { publish, tractor } from '../../../test/posts.js';
import { buildDealLifecycleService } from './build.js';

type Account = Awaited<ReturnType<typeof signedUp>>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let tick: () => Promise<{ expired: number; lapsed: number; completed: number; reminded: number }>;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
  const { lifecycle } = buildDealLifecycleService({
    db: t.app.database.db,
    notifier: t.app.notifier,
    now: t.app.clock.now,
    eurPerUsdMicro: 920_000,
  });
  tick = () => lifecycle.tick();
  // Whatever an earlier step left due is moved before each test starts counting.
  await tick();
});
afterAll(() => t.close());

/** A $15.00 villa: no unit, so one confirmed deal takes it (D-32). */
const villa = () => ({ ...tractor(), category: 'Space', sub_category_id: 'space-villa', description: 'Villa' });
const noDates = { from: undefined, to: undefined };

const people = async (...names: string[]) => {
  const out: Account[] = [];
  for (const firstName of names) out.push(await signedUp(t.app, { firstName }));
  return out;
};

/** The notices of `who` about one post whose English text contains `words`. */
const notices = async (who: Account, solutionId: string, words: string) =>
  (await mailbox(t.app, who)).filter((n) => n.solution_id === solutionId && n.message_en.includes(words));

describe('a request nobody answers (D-32)', () => {
  it('is still open after 6 days and expires after 7, the requester told once', async () => {
    const [owner, asker] = await people('Owner', 'Asker');
    const offer = await publish(t.app, owner!, villa());
    const dealId = await requested(t.app, asker!, offer._id, noDates);
    const shown = await dealAs(t.app, asker!, dealId);
    expect(Date.parse(shown.expires_at) - Date.parse(shown.accepted_at)).toBe(7 * DAY);

    t.app.clock.advance(6 * DAY);
    await tick();
    expect((await dealAs(t.app, asker!, dealId)).status).toBe('requested');

    t.app.clock.advance(DAY + MINUTE);
    expect((await tick()).expired).toBeGreaterThanOrEqual(1);
    expect((await dealAs(t.app, asker!, dealId)).status).toBe('expired');
    expect(await tick()).toMatchObject({ expired: 0 });
    const told = await notices(asker!, offer._id, 'expired');
    expect(told.map((n) => n.message_en)).toEqual([
      'Your request for "Villa" expired: it was not answered within 7 days.',
    ]);
    // Expired is final: the owner cannot confirm it any more.
    expect((await dealMove(t.app, owner!, dealId, 'confirm')).statusCode).toBe(409);
  });
});

describe('a confirmed deal whose fee is unpaid (D-15 revised)', () => {
  it('lapses 48 hours after confirmation, and the single-use post is listed again', async () => {
    const [owner, client] = await people('Supplier', 'Client');
    const offer = await publish(t.app, owner!, villa());
    const dealId = await confirmedDeal(t.app, owner!, client!, offer._id, noDates);
    expect(await listedOffers(t.app, client!)).not.toContain(offer._id);

    t.app.clock.advance(47 * HOUR);
    await tick();
    expect((await dealAs(t.app, owner!, dealId)).status).toBe('accepted');

    t.app.clock.advance(HOUR + MINUTE);
    expect((await tick()).lapsed).toBeGreaterThanOrEqual(1);
    expect((await dealAs(t.app, owner!, dealId)).status).toBe('expired');
    expect((await details(t.app, client!, offer._id)).status).toBe('Pending');
    expect(await listedOffers(t.app, client!)).toContain(offer._id);
    for (const who of [owner!, client!]) {
      const told = await notices(who, offer._id, 'lapsed');
      expect(told).toHaveLength(1);
      expect(told[0]!.message_fr).toBe(
        "La commande de « Villa » a expiré\u00a0: ses frais n'ont pas été payés dans les 48 heures.",
      );
    }
    // The owner may now confirm someone else.
    const [next] = await people('Next');
    expect((await requested(t.app, next!, offer._id, noDates)).length).toBeGreaterThan(0);
  });

  it('does not lapse when the supplier started the free trial meanwhile', async () => {
    const [owner, client] = await people('Supplier', 'Client');
    const offer = await publish(t.app, owner!, villa());
    const dealId = await confirmedDeal(t.app, owner!, client!, offer._id, noDates);
    t.app.clock.advance(HOUR);
    await startTrial(t.app, owner!);

    t.app.clock.advance(49 * HOUR);
    await tick();
    const deal = await dealAs(t.app, owner!, dealId);
    expect(deal).toMatchObject({ status: 'accepted', contact_access: true });
    expect(deal).not.toHaveProperty('fee');
    expect(await notices(owner!, offer._id, 'lapsed')).toEqual([]);
    expect((await details(t.app, client!, offer._id)).status).toBe('Accepted');
  });
});

describe('a deal one party marked done (D-34)', () => {
  let owner: Account;
  let client: Account;
  beforeAll(async () => {
    [owner, client] = (await people('Provider', 'Customer')) as [Account, Account];
    // With contact access (the supplier's trial) a deal can be marked done and never lapses.
    await startTrial(t.app, owner);
  });

  it('completes by itself 3 days later, counted once for each party', async () => {
    const offer = await publish(t.app, owner, villa());
    const dealId = await confirmedDeal(t.app, owner, client, offer._id, noDates);
    const done = await dealMove(t.app, client, dealId, 'complete');
    expect(Date.parse(done.json().data.auto_complete_at) - t.app.clock.now().getTime()).toBeLessThanOrEqual(3 * DAY);
    const before = (await dealAs(t.app, client, dealId)).counterpart.completed_deals;

    t.app.clock.advance(2 * DAY);
    await tick();
    expect((await dealAs(t.app, owner, dealId)).status).toBe('accepted');

    t.app.clock.advance(DAY + MINUTE);
    expect((await tick()).completed).toBeGreaterThanOrEqual(1);
    const completed = await dealAs(t.app, owner, dealId);
    expect(completed).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    expect(completed).not.toHaveProperty('completed_by');
    expect(await tick()).toMatchObject({ completed: 0 });
    expect((await dealAs(t.app, client, dealId)).counterpart.completed_deals).toBe(before + 1);
    expect(await notices(client, offer._id, 'is completed')).toHaveLength(1);
    // Completed by the clock, it can be rated.
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/review`,
      headers: owner.headers,
      payload: { rating: 5 },
    });
    expect(review.statusCode).toBe(201);
  });

  it('stays frozen when the other party disputed it', async () => {
    const offer = await publish(t.app, owner, villa());
    const dealId = await confirmedDeal(t.app, owner, client, offer._id, noDates);
    await dealMove(t.app, owner, dealId, 'complete');
    expect((await dealMove(t.app, client, dealId, 'dispute')).statusCode).toBe(200);

    t.app.clock.advance(4 * DAY);
    await tick();
    expect(await dealAs(t.app, client, dealId)).toMatchObject({ status: 'accepted', disputed: true });
    expect(await notices(client, offer._id, 'is completed')).toEqual([]);
  });
});

describe('the day before a booking (D-33)', () => {
  it('reminds each party exactly once, however often the clock runs', async () => {
    const [owner, client] = await people('Lender', 'Renter');
    const offer = await publish(t.app, owner!, tractor());
    const dates = booking(t.app, 1, 2);
    await confirmedDeal(t.app, owner!, client!, offer._id, dates);

    expect((await tick()).reminded).toBeGreaterThanOrEqual(1);
    expect(await tick()).toMatchObject({ reminded: 0 });
    await Promise.all([tick(), tick()]);
    for (const who of [owner!, client!]) {
      const told = await notices(who, offer._id, 'Reminder');
      expect(told).toHaveLength(1);
      expect(told[0]!.message_en).toBe(
        `Reminder: your booking of "Tractor (per day)" starts tomorrow (${dates.from}).`,
      );
      expect(told[0]!.message_fr).toBe(
        `Rappel\u00a0: votre réservation de « Tracteur (par jour) » commence demain (${dates.from}).`,
      );
    }
  });

  it('does not remind a booking that starts in 3 days', async () => {
    const [owner, client] = await people('Lender', 'Renter');
    const offer = await publish(t.app, owner!, tractor());
    await confirmedDeal(t.app, owner!, client!, offer._id, booking(t.app, 3, 1));
    await tick();
    expect(await notices(client!, offer._id, 'Reminder')).toEqual([]);
  });
});

describe('two clock steps at once', () => {
  it('move each due deal once: one expiry, one lapse, one completion, one notice each', async () => {
    const [owner, trialOwner, client] = await people('Free', 'Trial', 'Client');
    await startTrial(t.app, trialOwner!);
    const open = await publish(t.app, owner!, villa());
    const openDeal = await requested(t.app, client!, open._id, noDates);
    const unpaid = await publish(t.app, owner!, villa());
    const unpaidDeal = await confirmedDeal(t.app, owner!, client!, unpaid._id, noDates);
    const done = await publish(t.app, trialOwner!, villa());
    const doneDeal = await confirmedDeal(t.app, trialOwner!, client!, done._id, noDates);
    await dealMove(t.app, client!, doneDeal, 'complete');
    const before = (await dealAs(t.app, trialOwner!, doneDeal)).counterpart.completed_deals;

    t.app.clock.advance(7 * DAY + MINUTE);
    await Promise.all([tick(), tick(), tick()]);

    expect((await dealAs(t.app, client!, openDeal)).status).toBe('expired');
    expect((await dealAs(t.app, client!, unpaidDeal)).status).toBe('expired');
    expect((await dealAs(t.app, client!, doneDeal)).status).toBe('completed');
    expect(await notices(client!, open._id, 'expired')).toHaveLength(1);
    expect(await notices(client!, unpaid._id, 'lapsed')).toHaveLength(1);
    expect(await notices(client!, done._id, 'is completed')).toHaveLength(1);
    expect((await dealAs(t.app, trialOwner!, doneDeal)).counterpart.completed_deals).toBe(before + 1);
    expect(await tick()).toEqual({ expired: 0, lapsed: 0, completed: 0, reminded: 0 });
  });
});
