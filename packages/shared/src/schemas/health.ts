import { z } from 'zod';

/**
 * Readiness: 'degraded' when the database or Redis is down, 'draining' once the
 * instance is shutting down. The answer is 503 when the database is down or the instance drains
 * (the load balancer stops sending); without Redis the instance keeps serving (D-23).
 */
const healthStatus = z.enum(['ok', 'degraded', 'draining']);

export const healthSchema = z
  .object({
    status: healthStatus,
    data: z.object({
      status: healthStatus,
      database: z.enum(['ok', 'down']),
      /** 'off' when no REDIS_URL is configured. */
      redis: z.enum(['ok', 'down', 'off']),
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
