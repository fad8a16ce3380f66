// Migration 0023 (search speed): words with digits leave the search vocabulary, those
// of posts written before it and of posts written after; a post is still found by such a word,
// typed as it is, and by its other words from the walks of the new GiST indexes.
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, queryRows } from '../../test/databases.js';
import { migrationsBefore } from '../../test/migrations.js';
import { solutionsRepository } from '../modules/solutions/repository.js';
import { wordQuery } from '../modules/solutions/search-repository.js';
import type { Db } from './client.js';
import { migrateDatabase } from './migrate.js';

const before = migrationsBefore(23);
afterAll(() => before.remove());

const vocabulary = async (db: Db) =>
  (await queryRows<{ word: string }>(db, sql`select word from search_vocabulary order by word`)).map((r) => r.word);

const post = async (db: Db, userId: string, description: string, created: string) => {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into solutions (user_id, user_role, category, sub_category_id, sub_category_en, sub_category_fr,
          price_usd, price_eur, price_xof, description, pickup_city, location, created_at)
        values (${userId}, 'provideSolution', 'Equipments', 'equipment-tractor', 'Tractor', 'Tracteur',
          1500, 1400, 9000, ${description}, 'Thiès', point(-16.94, 14.79), ${created}::timestamptz) returning id`,
  );
  return row!.id;
};

describeEachDatabase(
  'migration 0023_search_speed',
  (database) => {
    it('drops words with digits from the vocabulary and adds none again; such posts are still found', async () => {
      const { db } = database();
      await migrateDatabase(database(), before.folder);
      const [user] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (first_name, email) values ('Awa', 'awa@example.org') returning id`,
      );
      const old = await post(db, user!.id, 'Post 4521, a 4x4 tractor of 2019', '2025-01-01T00:00:00Z');
      expect(await vocabulary(db)).toEqual(expect.arrayContaining(['4521', '4x4', '2019', 'tractor']));

      await migrateDatabase(database());

      const newer = await post(db, user!.id, 'Post 7788, a red tractor', '2025-02-01T00:00:00Z');
      const words = await vocabulary(db);
      expect(words.filter((w) => /[0-9]/.test(w))).toEqual([]);
      expect(words).toEqual(expect.arrayContaining(['tractor', 'red', 'thies', 'tracteur']));

      const repo = solutionsRepository(db);
      const found = async (typed: string[], near?: [number, number]) => {
        const variants = await repo.searchVariants(typed);
        const rows = await repo.postSearch(
          {
            words: typed,
            near: near ? { at: near, offset: 0 } : undefined,
            best: near ? undefined : { exact: null, offset: 0 },
            limit: 20,
          },
          wordQuery(typed, variants),
        );
        return rows.map((r) => r.id);
      };
      // A word with digits, typed as it is, alone or with others; best match and nearest first.
      expect(await found(['4x4'])).toEqual([old]);
      expect(await found(['7788', 'tractor'])).toEqual([newer]);
      expect(await found(['4521'], [-17.44, 14.69])).toEqual([old]);
      expect(await found(['tractor', '2019'], [-17.44, 14.69])).toEqual([old]);
      // Words without digits come from the GiST walks: newest first, then ranked; nearest first.
      expect(await found(['tractor'])).toEqual([newer, old]);
      expect(await found(['tractor'], [-17.44, 14.69])).toHaveLength(2);
      expect(await found(['4x'])).toEqual([]);
    });
  },
  { migrate: false },
);
