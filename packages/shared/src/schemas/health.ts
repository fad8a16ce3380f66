import { z } from 'zod';

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    data: z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'down']) }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
