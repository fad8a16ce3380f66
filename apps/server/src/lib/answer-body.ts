// An answer serialised as a route's response schema would (fastify-type-provider-zod encodes with
// the schema, then JSON.stringify): a cached body sent as it is is byte for byte what the route
// sent before it was cached.
import { z } from 'zod';

export const answerBody = <S extends z.ZodType>(schema: S, value: z.input<S>): string =>
  JSON.stringify(z.encode(schema, value as z.output<S>));
