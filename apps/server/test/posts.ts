// Posts published through the real API (multipart addSolution), as the publish form sends them.
import type { FastifyInstance } from 'fastify';
import { multipart } from './accounts.js';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A $15.00 tractor in Dakar (SPEC 9): a valid post needing no delivery block. */
export const tractor = (role: 'needSolution' | 'provideSolution' = 'provideSolution') => ({
  user_role: role,
  category: 'Equipments',
  sub_category_id: 'equipment-tractor',
  description: 'Tractor for a day',
  pickup_lat: 14.7,
  pickup_lng: -17.45,
  pickup_city: 'Dakar',
  pickup_country: 'Senegal',
  pickup_date: inDays(1),
});

/**
 * A $15.00 villa: a single-use post (its sub-category has no unit, D-33), which its owner's
 * confirmation takes off the map (D-32). The tractor, priced per day, is booked by date instead.
 */
export const villa = (role: 'needSolution' | 'provideSolution' = 'provideSolution') => ({
  ...tractor(role),
  category: 'Space',
  sub_category_id: 'space-villa',
  description: 'Villa by the sea',
});

/** POST /api/solution/addSolution as `who`; throws unless 201. */
export async function publish(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  solution: Record<string, unknown>,
): Promise<{ _id: string }> {
  const body = multipart([{ name: 'new_solution', value: JSON.stringify(solution) }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/solution/addSolution',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`addSolution ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
