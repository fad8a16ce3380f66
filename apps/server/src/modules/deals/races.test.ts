// D-32, D-33: an owner with two tabs open, confirming two requests at the same instant. A single-use
// post gets exactly one confirmed deal and the other request is declined; the last free day of a
// capacity-1 offer goes to exactly one booking. Several rounds, so a race has a chance to show.
// Runs on PGlite (server) and on PostgreSQL (server-postgres), where the two really overlap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { booking, dealAs, details } from '../../../test/deal-parties.js';
import { dealMove, requested } from '../../../test/deals.js';
import { publish, tractor } from '../../../test/posts.js';

type Account = Awaited<ReturnType<typeof signedUp>>;
const ROUNDS = 5;

let t: TestApp;
let owner: Account;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
  owner = await signedUp(t.app, { firstName: 'Owner' });
});
afterAll(() => t.close());

/** Two requesters for a round: each account may send 10 requests a day (D-32). */
const pair = async () => [await signedUp(t.app, { firstName: 'Alpha' }), await signedUp(t.app, { firstName: 'Bravo' })];

/** A $15.00 villa: no unit, so one confirmed deal takes it (D-32). */
const villa = () => ({ ...tractor(), category: 'Space', sub_category_id: 'space-villa', description: 'Villa' });

describe('two confirmations at the same instant (D-32, D-33)', () => {
  it(`gives a single-use post to exactly one request, and declines the other (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [a, b] = (await pair()) as [Account, Account];
      const offer = await publish(t.app, owner, villa());
      const deals = [
        await requested(t.app, a, offer._id, { from: undefined, to: undefined }),
        await requested(t.app, b, offer._id, { from: undefined, to: undefined }),
      ];
      const answers = await Promise.all(deals.map((id) => dealMove(t.app, owner, id, 'confirm')));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.sort(), `round ${round}`).toEqual([200, 409]);

      const states = [(await dealAs(t.app, a, deals[0]!)).status, (await dealAs(t.app, b, deals[1]!)).status];
      expect(states.sort(), `round ${round}`).toEqual(['accepted', 'declined']);
      expect((await details(t.app, owner, offer._id)).status).toBe('Accepted');
    }
  });

  it(`gives the last free day of a capacity-1 offer to exactly one booking (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [a, b] = (await pair()) as [Account, Account];
      const offer = await publish(t.app, owner, tractor());
      // Days 2 and 3 are booked; day 4 is the last free one and both want it.
      const held = await requested(t.app, a, offer._id, booking(t.app, 2, 2));
      expect((await dealMove(t.app, owner, held, 'confirm')).statusCode).toBe(200);
      const [first, second] = [
        await requested(t.app, b, offer._id, booking(t.app, 4, 1)),
        await requested(t.app, a, offer._id, booking(t.app, 4, 1)),
      ];
      const answers = await Promise.all([first!, second!].map((id) => dealMove(t.app, owner, id, 'confirm')));
      expect(answers.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      const loser = answers.find((r) => r.statusCode === 409)!;
      expect(loser.json()).toMatchObject({ code: 'NOT_AVAILABLE', message: 'Those dates are full' });

      const states = [(await dealAs(t.app, b, first!)).status, (await dealAs(t.app, a, second!)).status];
      expect(states.sort(), `round ${round}`).toEqual(['accepted', 'requested']);
      const seen = await details(t.app, b, offer._id);
      expect(seen.status).toBe('Pending');
      expect(seen.taken).toEqual([{ from: booking(t.app, 2).from, to: booking(t.app, 4).from }]);
    }
  });
});
