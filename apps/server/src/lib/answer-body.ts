// An answer serialised as a route's response schema would (lib/response-serializer.ts): a cached
// body sent as it is is byte for byte what the route sent before it was cached.
import type { z } from 'zod';
import { serializerFor } from './response-serializer.js';

export const answerBody = <S extends z.ZodType>(schema: S, value: z.input<S>): string => serializerFor(schema)(value);
