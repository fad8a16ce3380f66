// D-28, D-23: a message written on one instance reaches the other party's event stream open on
// another instance (two instances over one PostgreSQL and one Redis), as the event `message`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { confirmedDeal } from '../../../test/deals.js';
import { publish, tractor } from '../../../test/posts.js';
import { twoInstances, type TwoInstances } from '../../../test/two-instances.js';

type Account = Awaited<ReturnType<typeof signedUp>>;

describe('a deal message reaches the other party on every instance (D-28)', () => {
  let both: TwoInstances;
  let one: TwoInstances['one'];
  let baseTwo: string;
  beforeAll(async () => {
    both = await twoInstances();
    one = both.one;
    baseTwo = await both.two.app.listen({ port: 0, host: '127.0.0.1' });
  }, 400_000);
  afterAll(() => both?.close());

  const inject = (who: Account, method: 'POST' | 'PUT', url: string, payload: object) =>
    one.app.inject({ method, url, headers: who.headers, payload });

  it('streams a message sent on instance one to the owner listening on instance two', async () => {
    const owner = await signedUp(one.app, { firstName: 'Ousmane' });
    const taker = await signedUp(one.app, { firstName: 'Khady' });
    const offer = await publish(one.app, owner, tractor('provideSolution'));
    // D-32: the owner confirms the request, then pays the fee (D-15 revised).
    const dealId = await confirmedDeal(one.app, owner, taker, offer._id);
    const pay = await inject(owner, 'POST', '/api/payment/pay', { solution_id: offer._id });
    const url = pay.json().data.url as string;
    await one.app.inject({ method: 'POST', url: `${url}/approve` });
    const paid = await inject(owner, 'POST', '/api/payment/success', {
      paymentId: decodeURIComponent(url.split('/').pop()!),
      payerId: 'PAYER',
      solution_id: offer._id,
    });
    expect(paid.statusCode).toBe(200);

    const controller = new AbortController();
    const res = await fetch(`${baseTwo}/api/notify/stream`, { headers: owner.headers, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    // Subscribed on instance two once its first bytes arrived; a little time for Redis's SUBSCRIBE.
    await new Promise((r) => setTimeout(r, 200));
    const sent = await inject(taker, 'POST', `/api/deals/${dealId}/messages`, { text: 'Across instances' });
    expect(sent.statusCode).toBe(201);
    const timeout = setTimeout(() => controller.abort(), 10_000);
    while (!text.includes('event: message')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    clearTimeout(timeout);
    controller.abort();
    const data = JSON.parse(/event: message\ndata: (.*)\n/.exec(text)![1]!);
    expect(data).toEqual(sent.json().data);
  });
});
