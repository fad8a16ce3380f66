// Deals and notifications calls of API.md (issue 5).
import { z } from 'zod';
import { solutionSchema } from './records.js';

export const CONTACT_ACCESS = ['subscription', 'trial', 'payment', 'none'] as const;

export const acceptBodySchema = z.object({
  user_id: z.uuid(),
  /** SPEC 7 sends the acceptor again; when present it must be the caller too. */
  accepted_by: z.uuid().optional(),
  solution_id: z.uuid(),
});
export const rejectBodySchema = z.object({ user_id: z.uuid(), solution_id: z.uuid() });
export const userIdParamsSchema = z.object({ userId: z.uuid() });

export const dealSchema = z
  .object({
    _id: z.string(),
    solution_id: z.string(),
    acceptor_id: z.string(),
    accepted_at: z.string(),
    contact_access: z.enum(CONTACT_ACCESS),
  })
  .meta({ id: 'Deal' });
export type Deal = z.infer<typeof dealSchema>;

export const acceptResultSchema = z.object({ solution: solutionSchema, deal: dealSchema });

/** SPEC 7: `id` is the notification, `_id` the user. */
export const updateNotificationBodySchema = z.object({ id: z.uuid(), _id: z.uuid() });
