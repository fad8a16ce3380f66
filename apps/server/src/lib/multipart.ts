// Reads a multipart request into its fields and image files, within the bounds of plugins/multipart.ts.
import { MAX_IMAGES } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { findNul } from './nul-input.js';

export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: Buffer[] }> {
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (files.length >= MAX_IMAGES) {
          await part.toBuffer().catch(() => undefined);
          throw new AppError('TOO_MANY_IMAGES');
        }
        files.push(await part.toBuffer());
      } else if (typeof part.value === 'string') {
        const nul = findNul({ [part.fieldname]: part.value });
        if (nul) throw new AppError('VALIDATION', 'Invalid input', { [nul]: 'Must not contain NUL characters' });
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw asClientError(error);
  }
  return { fields, files };
}

/**
 * The parser's failures are the client's: a limit passed is 413, a form that is not multipart
 * 415, and a broken one (no boundary, cut short) 400, where busboy's plain Error would be a 500.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (status === 406 || status === 415) return new AppError('UNSUPPORTED_MEDIA', 'Send multipart/form-data');
  return new AppError('VALIDATION', 'Malformed multipart body');
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
  // A JSON string may spell a NUL as an escape (\u0000) the raw field check cannot see.
  const nul = findNul(value, name);
  if (nul) throw new AppError('VALIDATION', 'Invalid input', { [nul]: 'Must not contain NUL characters' });
  return parse(value);
}
