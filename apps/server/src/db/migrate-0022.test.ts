// Migration 0022: posts written before it, with country names in English or French,
// keep their countries as ISO codes; a value no list knows stays as written. Its name list is the
// server's (src/lib/countries.ts), and the database normalises names as the server does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, queryRows } from '../../test/databases.js';
import { migrationsBefore } from '../../test/migrations.js';
import { countryNames, namedCountries, normalizeName } from '../lib/countries.js';
import { solutionsRepository } from '../modules/solutions/repository.js';
import { migrateDatabase, resolveMigrationsFolder } from './migrate.js';

const before = migrationsBefore(22);
afterAll(() => before.remove());

/** Stored before → after: [pickup_country, delivery_country]. */
const CASES: [before: [string | null, string | null], after: [string | null, string | null]][] = [
  [
    ['Senegal', 'Sénégal'],
    ['SN', 'SN'],
  ],
  [
    ['  SÉNÉGAL ', null],
    ['SN', null],
  ],
  [
    ["Côte d'Ivoire", 'Ivory Coast'],
    ['CI', 'CI'],
  ],
  [
    ["Côte-d'Ivoire", 'Burkina Faso'],
    ['CI', 'BF'],
  ],
  [
    ['RD Congo', 'République démocratique du Congo'],
    ['CD', 'CD'],
  ],
  [
    ['Congo', 'Republic of the Congo'],
    ['CG', 'CG'],
  ],
  [
    ['Maroc', 'Morocco'],
    ['MA', 'MA'],
  ],
  [
    ['Guinée', 'Guinea-Bissau'],
    ['GN', 'GW'],
  ],
  [
    ['États-Unis', 'United States'],
    ['US', 'US'],
  ],
  [
    ['sn', 'NE'],
    ['SN', 'NE'],
  ],
  [
    ['Narnia', 'Atlantis'],
    ['Narnia', 'Atlantis'],
  ],
];

describeEachDatabase(
  'migration 0022_post_country_codes',
  (database) => {
    it('turns English and French country names into ISO codes and leaves unknown ones', async () => {
      const { db } = database();
      await migrateDatabase(database(), before.folder);
      const [user] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (first_name, email) values ('Awa', 'awa@example.org') returning id`,
      );
      const ids: string[] = [];
      for (const [[pickup, delivery]] of CASES) {
        const [row] = await queryRows<{ id: string }>(
          db,
          sql`insert into solutions (user_id, user_role, category, sub_category_id, sub_category_en, sub_category_fr,
                price_usd, price_eur, price_xof, description, pickup_country, delivery_country, location)
              values (${user!.id}, 'needSolution', 'Delivery', 'delivery-small-box', 'Small box', 'Petite boîte',
                220, 199, 1300, 'A box', ${pickup}, ${delivery}, point(-17.45, 14.7)) returning id`,
        );
        ids.push(row!.id);
      }

      await migrateDatabase(database());

      const rows = await queryRows<{ id: string; pickup: string | null; delivery: string | null }>(
        db,
        sql`select id, pickup_country as pickup, delivery_country as delivery from solutions`,
      );
      const after = new Map(rows.map((r) => [r.id, [r.pickup, r.delivery]]));
      expect(ids.map((id) => after.get(id))).toEqual(CASES.map(([, to]) => to));
      // A search by country finds the converted posts by a name in either language.
      const found = await solutionsRepository(db).search({
        type: 'needSolution',
        field: 'pickup_country',
        text: 'Sénégal',
        categoryNames: [],
        limit: 20,
      });
      expect(found.map((r) => r.pickup_country)).toEqual(['SN', 'SN', 'SN']);
      // A value no list knew is still found by its text.
      const kept = await solutionsRepository(db).search({
        type: 'needSolution',
        field: 'pickup_country',
        text: 'narn',
        categoryNames: [],
        limit: 20,
      });
      expect(kept.map((r) => r.pickup_country)).toEqual(['Narnia']);
    });

    it('normalises every country name as the server does', async () => {
      const names = [...new Set(namedCountries().map(([name]) => name))];
      const rows = await queryRows<{ name: string; norm: string }>(
        database().db,
        sql`select n.name, search_norm(n.name) as norm from json_array_elements_text(${JSON.stringify(names)}::json) as n(name)`,
      );
      const differ = rows.filter((r) => r.norm !== normalizeName(r.name));
      expect(differ).toEqual([]);
      expect(rows).toHaveLength(names.length);
    });
  },
  { migrate: false },
);

describe('migration 0022 name list', () => {
  it('is the server’s: every row is a name the server takes for the same code', () => {
    const text = readFileSync(join(resolveMigrationsFolder(), '0022_post_country_codes.sql'), 'utf8');
    const rows = [...text.matchAll(/\('([a-z0-9 ]+)', '([A-Z]{2})'\)/g)].map((m) => [m[1]!, m[2]!] as const);
    expect(rows.length).toBeGreaterThan(700);
    expect(rows.filter(([name, code]) => countryNames().get(name) !== code)).toEqual([]);
  });
});
