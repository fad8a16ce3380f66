// Reads a multipart request into its fields and image files, within the limits of limits.ts.
import { MAX_IMAGES } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: Buffer[] }> {
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (files.length >= MAX_IMAGES) {
        await part.toBuffer().catch(() => undefined);
        throw new AppError('TOO_MANY_IMAGES');
      }
      files.push(await part.toBuffer());
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

/** A JSON field of a multipart body, validated like a JSON body would be. */
export function jsonField<T>(fields: Record<string, string>, name: string, parse: (v: unknown) => T): T {
  const text = fields[name];
  if (text === undefined) throw new AppError('VALIDATION', 'Invalid input', { [name]: 'Required' });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION', 'Invalid input', { [name]: 'Invalid JSON' });
  }
  return parse(value);
}
