// Shaped statements on both databases: rendered once per shape, each call answered with its own
// values, as db.execute answers the same statement; a shape whose values do not match is refused.
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/databases.js';
import { rowsOf } from '../lib/sql-rows.js';
import { plainValue, shapedStatements, type Value } from './shaped-statements.js';

describeEachDatabase(
  'shaped statements',
  (database) => {
    /** Numbers from `from` to `to`, the evens only when asked: two shapes. */
    const numbers = (from: number, to: number, evens: boolean) => (v: Value) =>
      sql`select n::int as n from generate_series(${v(from)}::int, ${v(to)}::int) as n
        ${evens ? sql`where n % ${v(2)} = 0` : sql``} order by n`;
    const ns = (result: unknown) => rowsOf(result).map((row) => (row as { n: number }).n);

    it('answers each call with its own values, as the same statement run whole', async () => {
      const { db } = database();
      const run = shapedStatements(db);
      expect(ns(await run('all', numbers(1, 3, false)))).toEqual([1, 2, 3]);
      expect(ns(await run('all', numbers(5, 6, false)))).toEqual([5, 6]);
      expect(ns(await run('evens', numbers(1, 6, true)))).toEqual([2, 4, 6]);
      expect(ns(await run('evens', numbers(7, 10, true)))).toEqual([8, 10]);
      expect(ns(await db.execute(numbers(7, 10, true)(plainValue)))).toEqual([8, 10]);
    });

    it('refuses a shape named for another statement, before running it', async () => {
      const run = shapedStatements(database().db);
      await run('numbers', numbers(1, 2, false));
      await expect(run('numbers', numbers(1, 4, true))).rejects.toThrow(
        'statement shape "numbers" has 3 values, but was prepared with 2',
      );
    });

    /** Numbers from `from` to `to` (at most `upTo`, and a word that must be 'yes'): one shape. */
    const window = (from: number, to: number, upTo: number, word: string) => (v: Value) =>
      sql`select n::float8 as n, ${v(word)} = 'yes' as said from generate_series(${v(from)}::int, ${v(to)}::int) as n
        where n <= ${v(upTo)}::float8 order by n`;
    const rows = (result: unknown) => rowsOf(result) as { i: number | string; n: number; said: boolean }[];

    it('runs many statements of one shape as one, each answered with its own values, in order', async () => {
      const { db } = database();
      const run = shapedStatements(db);
      const prepared = vi.spyOn(db._.session, 'prepareQuery');
      // Integers, then a fraction, then a number past int4 in the same column; the word the same.
      const builds = [window(1, 3, 2, 'yes'), window(5, 6, 5.5, 'yes'), window(8, 9, 2 ** 40, 'yes')];
      const answer = rows(await run.many('window', builds));
      expect(answer.map((r) => [Number(r.i), r.n, r.said])).toEqual([
        [1, 1, true],
        [1, 2, true],
        [2, 5, true],
        [3, 8, true],
        [3, 9, true],
      ]);
      // One statement ran them all: the shaped one, once, as a lateral subquery.
      expect(prepared.mock.calls.map(([query]) => query.sql.includes('cross join lateral'))).toEqual([true]);
      prepared.mockRestore();
      // What each statement answers alone.
      const alone = await Promise.all(builds.map(async (build) => rows(await run('window', build))));
      expect(alone.flat().map((r) => r.n)).toEqual(answer.map((r) => r.n));
    });

    it('runs them one by one when their text differs: a word that is not the same in all', async () => {
      const run = shapedStatements(database().db);
      const answer = rows(await run.many('window', [window(1, 2, 9, 'yes'), window(3, 4, 9, 'no')]));
      expect(answer.map((r) => [Number(r.i), r.n, r.said])).toEqual([
        [1, 1, true],
        [1, 2, true],
        [2, 3, false],
        [2, 4, false],
      ]);
    });
  },
  { migrate: false },
);
