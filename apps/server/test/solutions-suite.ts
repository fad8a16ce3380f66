import { afterAll, beforeAll } from 'vitest';
import { multipart, signedUp } from './accounts.js';
import { buildTestApp, type TestApp } from './build-test-app.js';

// Shared by the solution route suites (routes, lists.routes): each file calls solutionsTestApp()
// once and so builds its own app, with its own two accounts, in its beforeAll.

type Account = Awaited<ReturnType<typeof signedUp>>;

export const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
export const IN_3_DAYS = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

/** A valid Equipment offer: one address block, a preset price. */
export const equipmentOffer = (overrides: Record<string, unknown> = {}) => ({
  user_role: 'provideSolution',
  category: 'Equipments',
  sub_category_id: 'equipment-tractor',
  description: 'Tractor with driver, available all week',
  pickup_lat: 14.7,
  pickup_lng: -17.45,
  pickup_city: 'Dakar',
  pickup_country: 'Senegal',
  pickup_date: TOMORROW,
  ...overrides,
});

/** A valid Delivery need: pickup and delivery blocks. */
export const deliveryNeed = (overrides: Record<string, unknown> = {}) => ({
  user_role: 'needSolution',
  category: 'Delivery',
  sub_category_id: 'delivery-small-box',
  description: 'A small box of seeds to Thiès',
  pickup_lat: 14.69,
  pickup_lng: -17.44,
  pickup_city: 'Dakar',
  pickup_country: "Côte d'Ivoire",
  pickup_date: TOMORROW,
  delivery_city: 'Thiès',
  delivery_country: 'Senegal',
  delivery_date: IN_3_DAYS,
  ...overrides,
});

/** Registers the file's beforeAll/afterAll (one app per file) and returns its helpers. */
export function solutionsTestApp() {
  let t: TestApp;
  let owner: Account;
  let other: Account;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
    await t.app.ready();
    owner = await signedUp(t.app, { firstName: 'Awa' });
    other = await signedUp(t.app, { firstName: 'Moussa' });
  });
  afterAll(() => t.close());

  async function post(
    who: { headers: Record<string, string> },
    solution: Record<string, unknown>,
    files: { value: Buffer; filename?: string; type?: string }[] = [],
    query = '',
  ) {
    const body = multipart([
      { name: 'new_solution', value: JSON.stringify(solution) },
      ...files.map((f) => ({
        name: 'files',
        filename: f.filename ?? 'photo.jpg',
        type: f.type ?? 'image/jpeg',
        value: f.value,
      })),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/solution/addSolution${query}`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  }

  return {
    get t() {
      return t;
    },
    get owner() {
      return owner;
    },
    get other() {
      return other;
    },
    post,
  };
}
