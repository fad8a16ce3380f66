import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { publish as publishPost, tractor } from '../../../test/posts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import type { ConsoleSmsAdapter } from '../../adapters/sms/index.js';
import { subscriptions } from '../../db/schema.js';

let t: TestApp;
type Account = Awaited<ReturnType<typeof signedUp>>;
let supplier: Account;
let client: Account;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
  supplier = await signedUp(t.app, { firstName: 'Awa' });
  client = await signedUp(t.app, { firstName: 'Moussa' });
});
afterAll(() => t.close());

const publish = (who: Account, role: 'needSolution' | 'provideSolution') => publishPost(t.app, who, tractor(role));

const accept = (who: Account, solutionId: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/solution/solutionAccepted',
    headers: who.headers,
    payload: { user_id: who.user._id, accepted_by: who.user._id, solution_id: solutionId, ...extra },
  });

const reject = (who: Account, solutionId: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/solution/rejectSolution',
    headers: who.headers,
    payload: { user_id: who.user._id, solution_id: solutionId },
  });

const mailbox = async (who: Account) =>
  (await t.app.inject({ url: `/api/notify/getUserNotif/${who.user._id}`, headers: who.headers })).json().data as {
    _id: string;
    status: string;
    message_en: string;
    message_fr: string;
    solution_id?: string;
  }[];

async function startTrial(who: Account) {
  await t.app.database.db.insert(subscriptions).values({
    userId: who.user._id,
    kind: 'trial',
    status: 'active',
    startAt: new Date(),
    endAt: new Date(Date.now() + 90 * 86_400_000),
  });
}

describe('PUT /api/solution/solutionAccepted (D-6, D-15)', () => {
  it('lets a client accept an offer for free: a deal, the owner told in the mailbox and by SMS', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const res = await accept(client, offer._id);
    expect(res.statusCode).toBe(200);
    const { solution, deal } = res.json().data;
    expect(solution).toMatchObject({ _id: offer._id, status: 'Accepted' });
    expect(deal).toMatchObject({ solution_id: offer._id, acceptor_id: client.user._id, contact_access: 'none' });
    // The supplier has no contact access yet, so the client does not get its contacts (D-14).
    expect(solution.user).not.toHaveProperty('mobile_no');

    const told = (await mailbox(supplier)).find((n) => n.solution_id === offer._id);
    expect(told).toMatchObject({ status: 'true', message_en: expect.stringContaining('Moussa accepted your post') });
    expect(told!.message_fr).toContain('Moussa a accepté votre annonce');
    const sms = (t.app.sms as ConsoleSmsAdapter).lastTo(supplier.user.mobile_no);
    expect(sms?.text).toContain('Moussa accepted your post');

    const orders = await t.app.inject({
      url: `/api/solution/getUserAcceptedSolutions/${client.user._id}`,
      headers: client.headers,
    });
    expect(orders.json().data.map((s: { _id: string }) => s._id)).toContain(offer._id);
    const offers = await t.app.inject({
      url: `/api/solution/getUserSolutions/${supplier.user._id}`,
      headers: supplier.headers,
    });
    expect(offers.json().data.find((s: { _id: string }) => s._id === offer._id)?.status).toBe('Accepted');
  });

  it('answers 402 CONTACT_ACCESS_REQUIRED to a supplier without contact access accepting a need, and records nothing', async () => {
    const need = await publish(client, 'needSolution');
    const res = await accept(supplier, need._id);
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('CONTACT_ACCESS_REQUIRED');
    const details = await t.app.inject({
      url: `/api/solution/getSolutionDetails/${need._id}`,
      headers: client.headers,
    });
    expect(details.json().data.status).toBe('Pending');
  });

  it("lets a supplier on a free trial accept a need, and then see the client's contacts", async () => {
    const trialist = await signedUp(t.app, { firstName: 'Fatou' });
    await startTrial(trialist);
    const need = await publish(client, 'needSolution');
    const res = await accept(trialist, need._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deal.contact_access).toBe('trial');
    expect(res.json().data.solution.user).toMatchObject({ mobile_no: client.user.mobile_no });
  });

  it('refuses your own post, a taken post and a deleted post with NOT_AVAILABLE or NOT_FOUND', async () => {
    const offer = await publish(supplier, 'provideSolution');
    expect((await accept(supplier, offer._id)).json().code).toBe('NOT_AVAILABLE');
    expect((await accept(client, offer._id)).statusCode).toBe(200);
    const third = await signedUp(t.app);
    const taken = await accept(third, offer._id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('NOT_AVAILABLE');

    const gone = await publish(supplier, 'provideSolution');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${supplier.user._id}/${gone._id}`,
      headers: supplier.headers,
    });
    expect((await accept(client, gone._id)).statusCode).toBe(404);
  });

  it('refuses to accept for somebody else with 403', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const res = await accept(client, offer._id, { user_id: supplier.user._id });
    expect(res.statusCode).toBe(403);
    const res2 = await accept(client, offer._id, { accepted_by: supplier.user._id });
    expect(res2.statusCode).toBe(403);
  });

  it('makes one deal of six concurrent accepts', async () => {
    const offer = await publish(supplier, 'provideSolution');
    const people = await Promise.all(Array.from({ length: 6 }, () => signedUp(t.app)));
    const results = await Promise.all(people.map((p) => accept(p, offer._id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const { sql } = await import('drizzle-orm');
    const rows = (await t.app.database.db.execute(
      sql`select count(*)::int as n from deals where solution_id = ${offer._id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
  });
});

describe('PUT /api/solution/rejectSolution', () => {
  it('lets the acceptor drop the order: the post is open again and its owner told', async () => {
    const offer = await publish(supplier, 'provideSolution');
    await accept(client, offer._id);
    const stranger = await signedUp(t.app);
    expect((await reject(stranger, offer._id)).statusCode).toBe(409);
    expect((await reject(client, offer._id)).statusCode).toBe(204);
    const details = await t.app.inject({
      url: `/api/solution/getSolutionDetails/${offer._id}`,
      headers: stranger.headers,
    });
    expect(details.json().data.status).toBe('Pending');
    expect((await mailbox(supplier)).some((n) => n.message_en.includes('cancelled the order'))).toBe(true);
    expect((await reject(client, offer._id)).statusCode).toBe(409);
  });

  it('tells the acceptor when the owner deletes a post they hold', async () => {
    const offer = await publish(supplier, 'provideSolution');
    await accept(client, offer._id);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${supplier.user._id}/${offer._id}`,
      headers: supplier.headers,
    });
    const told = (await mailbox(client)).find((n) => n.solution_id === offer._id && n.message_en.includes('deleted'));
    expect(told).toBeDefined();
    const orders = await t.app.inject({
      url: `/api/solution/getUserAcceptedSolutions/${client.user._id}`,
      headers: client.headers,
    });
    expect(orders.json().data.map((s: { _id: string }) => s._id)).not.toContain(offer._id);
  });
});

describe('own lists and the mailbox', () => {
  it("refuses another user's offers, orders and notifications with 403", async () => {
    for (const url of [
      `/api/solution/getUserSolutions/${supplier.user._id}`,
      `/api/solution/getUserAcceptedSolutions/${supplier.user._id}`,
      `/api/notify/getUserNotif/${supplier.user._id}`,
    ]) {
      expect((await t.app.inject({ url, headers: client.headers })).statusCode).toBe(403);
    }
  });

  it('marks a notification read; never somebody else’s', async () => {
    const offer = await publish(supplier, 'provideSolution');
    await accept(client, offer._id);
    const note = (await mailbox(supplier)).find((n) => n.solution_id === offer._id)!;
    const byOther = await t.app.inject({
      method: 'PUT',
      url: '/api/notify/updateNotification',
      headers: client.headers,
      payload: { id: note._id, _id: client.user._id },
    });
    expect(byOther.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notify/updateNotification',
      headers: supplier.headers,
      payload: { id: note._id, _id: supplier.user._id },
    });
    expect(res.json().data).toMatchObject({ _id: note._id, status: 'false' });
  });

  it('pushes a new notification over the event stream at once', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notify/stream`, { headers: supplier.headers, signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const offer = await publish(supplier, 'provideSolution');
    const accepted = accept(client, offer._id);
    while (!text.includes('event: notification')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    await accepted;
    controller.abort();
    const data = JSON.parse(/data: (.*)\n/.exec(text)![1]!);
    expect(data).toMatchObject({ solution_id: offer._id, status: 'true' });
    const visitor = await fetch(`${address}/api/notify/stream`);
    expect(visitor.status).toBe(401);
  });
});
