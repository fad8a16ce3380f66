// PostgreSQL text cannot hold U+0000: a NUL in any string that reaches a query fails it with
// 22021 (a 500) or, outside a transaction, after earlier writes. No field of the API needs one,
// so every request carrying one is refused up front as invalid input.
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

const NUL = '\u0000';

/**
 * The dotted path of the first string (or key) holding a NUL, or undefined. Iterative: a parsed
 * body may be nested thousands of levels deep, which would overflow a recursive walk.
 */
export function findNul(root: unknown, rootPath = ''): string | undefined {
  const stack: [unknown, string][] = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path || 'value';
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const where = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return where;
        stack.push([item, where]);
      }
    }
  }
  return undefined;
}

/** preValidation hook: refuses a NUL in the path, the query or a parsed body with 400 VALIDATION. */
export async function refuseNulInput(request: FastifyRequest): Promise<void> {
  const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
  if (field) throw new AppError('VALIDATION', 'Invalid input', { [field]: 'Must not contain NUL characters' });
}
