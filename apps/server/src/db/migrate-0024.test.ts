// Migration 0024 (D-32..D-34): deals recorded before requests existed were taken under the old rule
// and stay what they were: a live deal is confirmed (`accepted`), an ended one `cancelled`, a
// completed one `completed`, each confirmed when it was made (one still unpaid at the upgrade). A post priced per day gets its unit
// (D-33) from its sub-category's English name; other posts get none. The migrated live deal then
// moves like any confirmed deal: cancelling it lists its post again.
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, queryRows } from '../../test/databases.js';
import { migrationsBefore } from '../../test/migrations.js';
import { dealLifecycleRepository } from '../modules/deals/lifecycle-repository.js';
import type { Db } from './client.js';
import { migrateDatabase } from './migrate.js';

const before = migrationsBefore(24);
afterAll(() => before.remove());

const post = async (db: Db, userId: string, sub: { id: string; en: string; fr: string }, status: string) => {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into solutions (user_id, user_role, category, sub_category_id, sub_category_en, sub_category_fr,
          price_usd, price_eur, price_xof, description, pickup_city, location, status)
        values (${userId}, 'provideSolution', 'Equipments', ${sub.id}, ${sub.en}, ${sub.fr},
          1500, 1340, 8790, 'Old post', 'Thiès', point(-16.94, 14.79), ${status}) returning id`,
  );
  return row!.id;
};

const deal = async (
  db: Db,
  solutionId: string,
  acceptorId: string,
  at: string,
  end: { ended?: string; completed?: string; access?: string } = {},
) => {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into deals (solution_id, acceptor_id, accepted_at, contact_access, ended_at, ended_reason, completed_at)
        values (${solutionId}, ${acceptorId}, ${at}::timestamptz, ${end.access ?? 'payment'}::contact_access, ${end.ended ?? null}::timestamptz,
          ${end.ended ? 'rejected' : null}, ${end.completed ?? null}::timestamptz) returning id`,
  );
  return row!.id;
};

const TRACTOR = { id: 'equipment-tractor', en: 'Tractor (per day)', fr: 'Tracteur (par jour)' };
const VILLA = { id: 'space-villa', en: 'Villa', fr: 'Villa' };

describeEachDatabase(
  'migration 0024_deal_requests',
  (database) => {
    it('keeps old deals accepted, cancelled or completed, confirmed when made, and gives per-day posts their unit', async () => {
      const { db } = database();
      await migrateDatabase(database(), before.folder);
      const [owner, client] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (first_name, email) values ('Awa', 'awa@example.org'), ('Moussa', 'moussa@example.org')
            returning id`,
      );
      const tractor = await post(db, owner!.id, TRACTOR, 'Accepted');
      const villa = await post(db, owner!.id, VILLA, 'Pending');
      const done = await post(db, owner!.id, VILLA, 'Accepted');
      const live = await deal(db, tractor, client!.id, '2025-03-01T10:00:00Z');
      const ended = await deal(db, villa, client!.id, '2025-02-01T10:00:00Z', { ended: '2025-02-02T10:00:00Z' });
      const completed = await deal(db, done, client!.id, '2025-01-01T10:00:00Z', {
        completed: '2025-01-05T10:00:00Z',
      });
      // Taken for free under the old rule, its supplier never paid nor subscribed.
      const unpaidPost = await post(db, owner!.id, VILLA, 'Accepted');
      const unpaid = await deal(db, unpaidPost, client!.id, '2025-03-10T10:00:00Z', { access: 'none' });

      await migrateDatabase(database());

      const rows = await queryRows<{ id: string; state: string; confirmed_at: Date | string; units: number }>(
        db,
        sql`select id, state, confirmed_at, units from deals`,
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(live)?.state).toBe('accepted');
      expect(byId.get(ended)?.state).toBe('cancelled');
      expect(byId.get(completed)?.state).toBe('completed');
      expect(new Date(byId.get(live)!.confirmed_at).toISOString()).toBe('2025-03-01T10:00:00.000Z');
      expect(new Date(byId.get(completed)!.confirmed_at).toISOString()).toBe('2025-01-01T10:00:00.000Z');
      expect(rows.every((r) => r.units === 1)).toBe(true);

      // D-15 revised: the 48 hours to pay start with the upgrade, not with a deal made under the old
      // rule, which would otherwise lapse the minute the new clock first runs.
      expect(byId.get(unpaid)?.state).toBe('accepted');
      const lapse = dealLifecycleRepository(db);
      const HOUR = 3_600_000;
      expect((await lapse.unpaidSince(new Date(Date.now() - 48 * HOUR), 10)).map((d) => d.id)).not.toContain(unpaid);
      expect((await lapse.unpaidSince(new Date(Date.now() + HOUR), 10)).map((d) => d.id)).toContain(unpaid);

      const posts = await queryRows<{ id: string; unit: string | null; capacity: number; blocked: unknown }>(
        db,
        sql`select id, unit, capacity, blocked from solutions`,
      );
      const postOf = new Map(posts.map((p) => [p.id, p]));
      expect(postOf.get(tractor)).toMatchObject({ unit: 'day', capacity: 1 });
      expect(postOf.get(villa)?.unit).toBeNull();
      const blocked = postOf.get(tractor)!.blocked;
      expect(typeof blocked === 'string' ? JSON.parse(blocked) : blocked).toEqual([]);

      // The old live deal is a confirmed deal now: cancelling it ends it and lists its post again.
      const cancelled = await dealLifecycleRepository(db).end({
        dealId: live,
        move: 'cancel',
        at: new Date('2025-03-02T10:00:00Z'),
        endedReason: 'cancelled',
        told: [{ userId: owner!.id, notice: { en: 'cancelled', fr: 'annulée' } }],
      });
      expect(cancelled?.deal.state).toBe('cancelled');
      const [relisted] = await queryRows<{ status: string }>(
        db,
        sql`select status from solutions where id = ${tractor}`,
      );
      expect(relisted?.status).toBe('Pending');
      // And an old ended deal cannot be cancelled again.
      expect(
        await dealLifecycleRepository(db).end({
          dealId: ended,
          move: 'cancel',
          at: new Date(),
          endedReason: 'cancelled',
          told: [],
        }),
      ).toBeNull();
    });
  },
  { migrate: false },
);
