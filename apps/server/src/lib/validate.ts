import type { z } from 'zod';
import { AppError } from './app-error.js';

/** Validates a value that did not come through a route schema (a multipart field). */
export function parseOrFail<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[[prefix, ...issue.path].filter(Boolean).join('.')] ??= issue.message;
  throw new AppError('VALIDATION', 'Invalid input', fields);
}
