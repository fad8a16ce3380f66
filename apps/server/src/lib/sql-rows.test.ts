import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseRows, queryRows, RowShapeError, rowsOf } from './sql-rows.js';

const session = z.object({ user_id: z.string(), admin: z.boolean() });

/** A database answering every query with `result`, as both drivers do. */
const answering = (result: unknown) => ({ execute: async () => result });

describe('typed rows from raw SQL', () => {
  it('gives each row parsed with the schema', async () => {
    const rows = await queryRows(answering({ rows: [{ user_id: 'u1', admin: false }] }), sql`select 1`, session);
    expect(rows).toEqual([{ user_id: 'u1', admin: false }]);
    expect(parseRows({ rows: [] }, session)).toEqual([]);
  });

  it('fails loudly, naming the row and the column, when a row has another shape', async () => {
    // e.g. a driver answering a boolean as text, or a column renamed in the query.
    const wrong = answering({
      rows: [
        { user_id: 'u1', admin: false },
        { user_id: 'u2', admin: 't' },
      ],
    });
    const failure = queryRows(wrong, sql`select 1`, session);
    await expect(failure).rejects.toBeInstanceOf(RowShapeError);
    await expect(failure).rejects.toThrow(/SQL row 1:[\s\S]*admin/);
    expect(() => parseRows({ rows: [{ userId: 'u1', admin: true }] }, session)).toThrow(/SQL row 0:[\s\S]*user_id/);
  });

  it('fails loudly on a result without rows', () => {
    expect(() => rowsOf(undefined)).toThrow(RowShapeError);
    expect(() => rowsOf({ rowCount: 1 })).toThrow('SQL result without a rows array');
  });
});
