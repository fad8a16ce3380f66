// Rows of raw SQL (`db.execute`) parsed with a zod schema, so a query that no
// longer answers the shape its caller reads (a renamed column, a type the other driver returns)
// fails at once and says where, instead of flowing on as a wrong cast.
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';

/** What runs raw SQL: a database or a transaction (both drivers answer `{ rows }`). */
export interface SqlExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}

/** A result row that does not have the shape its query promised: a bug, answered as a 500. */
export class RowShapeError extends Error {
  override name = 'RowShapeError';
}

/** The rows of a raw result, unread: throws when the result holds no rows array. */
export function rowsOf(result: unknown): unknown[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new RowShapeError('SQL result without a rows array');
  return rows;
}

/** Each row of `result` parsed with `schema`; the first row of another shape throws. */
export function parseRows<S extends z.ZodType>(result: unknown, schema: S): z.output<S>[] {
  return rowsOf(result).map((row, index) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw new RowShapeError(`SQL row ${index}: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  });
}

/** Runs `query` and parses its rows with `schema`. */
export async function queryRows<S extends z.ZodType>(db: SqlExecutor, query: SQL, schema: S): Promise<z.output<S>[]> {
  return parseRows(await db.execute(query), schema);
}
