import { signedUp } from './accounts.js';
import type { TestApp } from './build-test-app.js';
import { confirmedDeal, inDays } from './deals.js';
import { publish, tractor } from './posts.js';

// Shared by the payment route suites (local-checkout.routes, mobile-money.routes); each of them
// still builds its own app in its own beforeAll.

export type Who = Awaited<ReturnType<typeof signedUp>>;

/** A client's need priced 40 000 F CFA for one day, taken by `supplier` and confirmed by its owner. */
export async function cfaDeal(app: TestApp['app'], supplier: Who) {
  const client = await signedUp(app, { firstName: 'Moussa' });
  const post = await publish(app, client, {
    ...tractor('needSolution'),
    sub_category_id: 'equipment-own',
    title: 'Tracteur pour labour',
    price: '40000',
    currency: 'fr',
  });
  const dealId = await confirmedDeal(app, client, supplier, post._id, { from: inDays(2), to: inDays(2) });
  return { client, post, dealId };
}

export const dealView = async (app: TestApp['app'], who: Who, dealId: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/deals/${dealId}?currency=fr&lang=fr`,
    headers: who.headers,
  });
  return res.json().data;
};

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
