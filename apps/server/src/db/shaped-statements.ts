// Statements whose text depends on a few choices (their "shape": which filters are set, how many
// boxes) while their values change with every call. drizzle renders a query's text anew each time
// it runs it; for the map's tile statement (modules/map/repository.ts), nested fragments and all, that was 5 % of the
// instances' CPU under bench/load. Here a statement is rendered once per shape, its values left as
// placeholders, and each call only fills them in: drizzle's own prepared-query path, as
// `db.execute` takes it (the same driver options, so the same row types).
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** Marks a value in a shaped statement: it becomes a placeholder, filled on every call. */
export type Value = (value: unknown) => unknown;

/** A value as it is: the same builders also make plain statements (tests, rare paths). */
export const plainValue: Value = (value) => value;

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

export function shapedStatements(db: Db) {
  const dialect = new PgDialect();
  const prepared = new Map<string, { statement: Prepared; values: number }>();

  /**
   * Runs the statement `build` makes, rendered once for `shape`: the caller names in `shape`
   * every choice that changes the text, and passes every other input through `value`. A shape
   * that comes with another number of values than it was rendered with is a bug, refused.
   */
  return async function run(shape: string, build: (value: Value) => SQL): Promise<unknown> {
    // A stand-in that only executes (a test recording statements to explain them) gets them whole.
    if (!db._?.session) return db.execute(build(plainValue));
    const values: Record<string, unknown> = {};
    let count = 0;
    const query = build((v) => {
      const name = `v${count++}`;
      values[name] = v;
      return sql.placeholder(name);
    });
    let entry = prepared.get(shape);
    if (!entry) {
      const statement = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, undefined, false);
      prepared.set(shape, (entry = { statement, values: count }));
    }
    if (entry.values !== count) {
      throw new Error(`statement shape "${shape}" has ${count} values, but was prepared with ${entry.values}`);
    }
    return entry.statement.execute(values);
  };
}
