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

/**
 * How runMany passes a value: numbers as a column of the table, typed as PostgreSQL types such a
 * value alone (int4, which the statements' integer operators such as `>>` take; int8; float8);
 * text the same in every statement (a filter: an enum column's value) as one parameter, which
 * PostgreSQL types from where it is used, as in the single statement. Null when neither applies.
 */
const INT4 = 2 ** 31;
function columnKind(values: unknown[]): 'int4' | 'int8' | 'float8' | 'param' | null {
  if (values.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= -INT4 && v < INT4)) return 'int4';
  if (values.every((v) => typeof v === 'number' && Number.isInteger(v))) return 'int8';
  if (values.every((v) => typeof v === 'number')) return 'float8';
  if (values.every((v) => typeof v === 'string' && v === values[0])) return 'param';
  return null;
}

export function shapedStatements(db: Db) {
  const dialect = new PgDialect();
  const prepared = new Map<string, { statement: Prepared; values: number }>();

  function prepare(key: string, query: () => SQL, count: number) {
    let entry = prepared.get(key);
    if (!entry) {
      const statement = db._.session.prepareQuery(dialect.sqlToQuery(query()), undefined, undefined, false);
      prepared.set(key, (entry = { statement, values: count }));
    }
    if (entry.values !== count) {
      throw new Error(`statement shape "${key}" has ${count} values, but was prepared with ${entry.values}`);
    }
    return entry.statement;
  }

  /**
   * Runs the statement `build` makes, rendered once for `shape`: the caller names in `shape`
   * every choice that changes the text, and passes every other input through `value`. A shape
   * that comes with another number of values than it was rendered with is a bug, refused.
   */
  async function run(shape: string, build: (value: Value) => SQL): Promise<unknown> {
    // A stand-in that only executes (a test recording statements to explain them) gets them whole.
    if (!db._?.session) return db.execute(build(plainValue));
    const values: Record<string, unknown> = {};
    let count = 0;
    const query = build((v) => {
      const name = `v${count++}`;
      values[name] = v;
      return sql.placeholder(name);
    });
    return prepare(shape, () => query, count).execute(values);
  }

  /**
   * Runs the statements `builds` make, all of one `shape`, as one: their values become the columns
   * of a table (one row each, `i` numbering them from 1), and the shaped statement runs once per
   * row as a lateral subquery, so they cost one round trip and one execution instead of one each.
   * Rows come back with their statement's `i`, in order.
   */
  async function runMany(shape: string, builds: ((value: Value) => SQL)[]): Promise<unknown> {
    const separately = async () => {
      const rows = [];
      for (const [index, build] of builds.entries()) {
        const result = (await run(shape, build)) as { rows: Record<string, unknown>[] };
        rows.push(...result.rows.map((row) => ({ i: index + 1, ...row })));
      }
      return { rows };
    };
    if (!db._?.session || builds.length === 1) return separately();
    const columns: unknown[][] = [];
    for (const build of builds) {
      let count = 0;
      build((v) => {
        (columns[count++] ??= []).push(v);
        return sql.placeholder('unused');
      });
    }
    if (columns.some((column) => column.length !== builds.length)) {
      throw new Error(`statement shape "${shape}" was built with different numbers of values`);
    }
    const kinds = columns.map(columnKind);
    if (kinds.some((kind) => kind === null) || !kinds.some((kind) => kind !== 'param')) return separately();
    const values = Object.fromEntries(columns.map((column, k) => [`c${k}`, kinds[k] === 'param' ? column[0] : column]));
    const key = `many|${kinds.join(',')}|${shape}`;
    return prepare(key, () => manyQuery(builds[0]!, kinds as string[]), kinds.length).execute(values);
  }

  return Object.assign(run, { many: runMany });
}

/** The lateral statement of runMany: the shaped statement over `t`, the table of its numbers. */
function manyQuery(build: (value: Value) => SQL, kinds: string[]): SQL {
  let k = 0;
  const inner = build(() => {
    const c = k++;
    return kinds[c] === 'param' ? sql.placeholder(`c${c}`) : sql.raw(`t.c${c}`);
  });
  const table = kinds.flatMap((kind, c) => (kind === 'param' ? [] : [c]));
  const arrays = table.map((c) => sql`${sql.placeholder(`c${c}`)}::${sql.raw(kinds[c]!)}[]`);
  const names = table.map((c) => `c${c}`).join(', ');
  return sql`select t.i, v.* from unnest(${sql.join(arrays, sql`, `)}) with ordinality as t(${sql.raw(names)}, i)
    cross join lateral (${inner}) v order by t.i`;
}
