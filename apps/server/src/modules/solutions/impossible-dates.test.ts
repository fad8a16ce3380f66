// A post with an impossible date (year 0000, which the ISO pattern lets through
// and the database cannot store) is refused with 400 VALIDATION naming the field, on PGlite and on
// PostgreSQL, and nothing is stored. Before, the database refused it and the answer was a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { DB_TIMEOUT_MS, throwawayDatabaseUrl } from '../../../test/databases.js';

const IN_3_DAYS = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

/** A valid Delivery need: both address blocks, so both date fields are read. */
const deliveryNeed = (overrides: Record<string, unknown>) => ({
  user_role: 'needSolution',
  category: 'Delivery',
  sub_category_id: 'delivery-small-box',
  description: 'A small box of seeds to Thiès',
  pickup_lat: 14.69,
  pickup_lng: -17.44,
  pickup_city: 'Dakar',
  pickup_country: 'Senegal',
  pickup_date: IN_3_DAYS,
  delivery_city: 'Thiès',
  delivery_country: 'Senegal',
  delivery_date: IN_3_DAYS,
  ...overrides,
});

for (const kind of ['pglite', 'postgres'] as const) {
  describe(`impossible dates [${kind}]`, { timeout: DB_TIMEOUT_MS }, () => {
    let t: TestApp;
    let drop: (() => Promise<void>) | undefined;
    let owner: Awaited<ReturnType<typeof signedUp>>;
    beforeAll(async () => {
      const env: Record<string, string> = { RATE_LIMIT_SCALE: '100' };
      if (kind === 'postgres') {
        const db = await throwawayDatabaseUrl();
        drop = db.drop;
        env.DATABASE_URL = db.url;
      }
      t = await buildTestApp(env);
      await t.app.ready();
      owner = await signedUp(t.app);
    }, 400_000);
    afterAll(async () => {
      await t?.close();
      await drop?.();
    }, DB_TIMEOUT_MS);

    const publish = (solution: Record<string, unknown>) => {
      const body = multipart([{ name: 'new_solution', value: JSON.stringify(solution) }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/solution/addSolution',
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
    };

    it.each([
      ['pickup_date', '0000-01-01'],
      ['delivery_date', '0000-01-01'],
      ['pickup_date', '0000-12-31'],
      ['delivery_date', '1899-12-31'],
    ])('refuses %s %s with 400 VALIDATION naming the field, and stores nothing', async (field, value) => {
      const res = await publish(deliveryNeed({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
      expect(Object.keys(res.json().fields)).toContain(field);
      const mine = await t.app.inject({
        url: `/api/solution/getUserSolutions/${owner.user._id}`,
        headers: owner.headers,
      });
      expect(mine.json().data).toEqual([]);
    });

    it('still takes a real date at the far end of the range', async () => {
      const res = await publish(deliveryNeed({ pickup_date: '2099-02-28', delivery_date: '9999-12-31' }));
      expect(res.json().data).toMatchObject({ pickup_date: '2099-02-28', delivery_date: '9999-12-31' });
      expect(res.statusCode).toBe(201);
    });
  });
}
