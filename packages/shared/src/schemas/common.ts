import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';

/** API.md: every failure is `{code, message, fields?}`. */
export const errorSchema = z
  .object({
    code: z.enum(ERROR_CODES as [string, ...string[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/** API.md: every success is `{data: ...}`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** API.md: lists are `{data: [...], next_cursor}`. */
export const listOf = <T extends z.ZodType>(schema: T) =>
  z.object({ data: z.array(schema), next_cursor: z.string().nullable() });

export const bilingualSchema = z.object({ en: z.string(), fr: z.string() });
export const idSchema = z.string().min(1).max(64);
/** D-5: WGS84 degrees. */
export const latSchema = z.number().min(-90).max(90);
export const lngSchema = z.number().min(-180).max(180);
/**
 * A calendar date, YYYY-MM-DD. The ISO pattern alone lets year 0000 through, which the
 * database cannot store (a 500); every date field takes a real date between these bounds.
 */
export const PLAIN_DATE_MIN = '1900-01-01';
export const PLAIN_DATE_MAX = '9999-12-31';
export const plainDateSchema = z.iso
  .date()
  .refine((value) => value >= PLAIN_DATE_MIN && value <= PLAIN_DATE_MAX, 'Not a real date');
