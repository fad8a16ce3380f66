// Migration 0010 (D-30) gives the posts that existed before it their derived title, as the
// server derives it at publishing (firstWords in packages/shared).
import { firstWords } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, queryRows } from '../../test/databases.js';
import { migrationsBefore } from '../../test/migrations.js';
import { migrateDatabase } from './migrate.js';

const before = migrationsBefore(10);
afterAll(() => before.remove());

const DESCRIPTIONS = [
  'Chest freezer',
  '  Chest   freezer of three hundred litres,\nworks well, collect it in Dakar Plateau near the market ',
  'Égreneuse à maïs très peu utilisée, livrée avec ses courroies et sa notice, à prendre à Thiès',
  'x'.repeat(90),
];

describeEachDatabase(
  'migration 0010_post_titles',
  (database) => {
    it('titles older own propositions with their first words and leaves presets to their sub-category', async () => {
      const { db } = database();
      await migrateDatabase(database(), before.folder);
      const [user] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (first_name, email) values ('Awa', 'awa@example.org') returning id`,
      );
      const insert = (subId: string, en: string, description: string) =>
        queryRows<{ id: string }>(
          db,
          sql`insert into solutions (user_id, user_role, category, sub_category_id, sub_category_en, sub_category_fr,
                price_usd, price_eur, price_xof, description, location)
              values (${user!.id}, 'provideSolution', 'Equipments', ${subId}, ${en}, ${en}, 100, 92, 604,
                ${description}, point(-17.45, 14.7)) returning id`,
        );
      const own = [];
      for (const description of DESCRIPTIONS)
        own.push((await insert('equipment-own', 'Your own proposition...', description))[0]!.id);
      const [preset] = await insert('equipment-tractor', 'Tractor (per day)', 'Tractor for a day');

      await migrateDatabase(database());

      const titles = new Map(
        (await queryRows<{ id: string; title: string | null }>(db, sql`select id, title from solutions`)).map((r) => [
          r.id,
          r.title,
        ]),
      );
      expect(own.map((id) => titles.get(id))).toEqual(DESCRIPTIONS.map(firstWords));
      expect(titles.get(own[1]!)).toBe('Chest freezer of three hundred litres, works well, collect…');
      expect(titles.get(preset!.id)).toBeNull();
    });
  },
  { migrate: false },
);
