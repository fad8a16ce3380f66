// Posts and posters written straight into the harness's database, at chosen points, for the map
// journeys to find as markers.
import { solutions, users } from '../../server/src/db/schema.js';
import type { Harness } from './harness.js';

/** The harness's browser position (Dakar). */
export const HERE = { lat: 14.6928, lng: -17.4467 };

export async function poster(h: Harness, name: string, badges: { verified?: boolean; vip?: boolean } = {}) {
  const [row] = await h.app.database.db
    .insert(users)
    .values({
      firstName: name,
      email: `${name.toLowerCase()}-${Date.now()}@example.org`,
      mobileNo: `+2217${String(Date.now()).slice(-8)}`,
      verified: badges.verified ?? false,
      vip: badges.vip ?? false,
    })
    .returning({ id: users.id });
  return row!.id;
}

export async function post(
  h: Harness,
  userId: string,
  role: 'needSolution' | 'provideSolution',
  at: { lat: number; lng: number },
  sub: { id: string; en: string; fr: string; category: 'Equipments' | 'Space' | 'Delivery' },
) {
  const [row] = await h.app.database.db
    .insert(solutions)
    .values({
      userId,
      userRole: role,
      category: sub.category,
      subCategoryId: sub.id,
      subCategoryEn: sub.en,
      subCategoryFr: sub.fr,
      priceUsd: 1500,
      priceEur: 1340,
      priceXof: 8790,
      description: `${sub.en} near the test`,
      location: { x: at.lng, y: at.lat },
    })
    .returning({ id: solutions.id });
  return row!.id;
}

export const TRACTOR = {
  id: 'equipment-tractor',
  en: 'Tractor (per day)',
  fr: 'Tracteur (par jour)',
  category: 'Equipments',
} as const;
export const ROOM = { id: 'space-room', en: 'Room per night', fr: 'Chambre par nuit', category: 'Space' } as const;
export const PUMP = {
  id: 'equipment-water-pump',
  en: 'Water pump (per day)',
  fr: 'Pompe à eau (par jour)',
  category: 'Equipments',
} as const;
