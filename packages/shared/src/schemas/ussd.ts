// D-37, API.md "Added in the third round": Africa's Talking's USSD and inbound SMS callbacks (its
// form fields, as it posts them), and the simulator's call.
import { z } from 'zod';

/** One step of a USSD session: `text` holds the answers so far, joined by `*` (empty at the dial). */
export const ussdCallbackSchema = z.object({
  sessionId: z.string().trim().min(1).max(100),
  serviceCode: z.string().max(40),
  phoneNumber: z.string().trim().min(3).max(20),
  text: z.string().max(1000).default(''),
  networkCode: z.string().max(20).optional(),
});

export const inboundSmsSchema = z.object({
  from: z.string().trim().min(3).max(20),
  to: z.string().max(20),
  text: z.string().max(1600).default(''),
  date: z.string().max(40),
  id: z.string().max(100),
  linkId: z.string().max(100).optional(),
});

/** The simulator: one step, for the signed-in user's number (or, outside production, a typed one). */
export const ussdSimulatorBodySchema = z.object({
  session_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  text: z.string().max(1000),
  phone: z.string().trim().max(20).optional(),
});
export type UssdSimulatorBody = z.infer<typeof ussdSimulatorBodySchema>;

export const ussdScreenSchema = z.object({
  /** Begins `CON ` (more to come) or `END ` (the last screen); at most 182 characters after it. */
  reply: z.string(),
  end: z.boolean(),
});
export type UssdScreen = z.infer<typeof ussdScreenSchema>;
