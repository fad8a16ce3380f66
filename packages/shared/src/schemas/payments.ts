// Subscriptions and payments of API.md (D-13 to D-18, D-22). Amounts are integer minor
// units with an ISO code (D-3), always priced by the server.
import { z } from 'zod';
import { CURRENCY_CODES } from '../money.js';

/** POST /api/user/updateSubscription: `true, false` starts the free trial (SPEC 4). */
export const updateSubscriptionBodySchema = z.object({
  user_id: z.uuid(),
  status: z.boolean(),
  trail_complete: z.boolean(),
});

/** POST /api/payment/pay: pay-as-you-go for one confirmed deal (D-15 revised). */
export const payBodySchema = z
  .object({
    solution_id: z.uuid().optional(),
    deal_id: z.uuid().optional(),
    method: z.enum(['card', 'mobile_money']).optional(),
  })
  .refine((b) => b.solution_id !== undefined || b.deal_id !== undefined, { message: 'Required', path: ['deal_id'] })
  // The same rule for the OpenAPI document, which cannot see a refine.
  .meta({ anyOf: [{ required: ['solution_id'] }, { required: ['deal_id'] }] });
/** POST /api/payment/subscribe: the yearly subscription in a currency (D-15's price table). */
export const subscribeBodySchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  /** D-38: XOF, XAF and CDF default to mobile money; `card` is PayPal. */
  method: z.enum(['card', 'mobile_money']).optional(),
});
/** Both answer the page to send the browser to: the provider's approval page. */
export const redirectResultSchema = z.object({
  url: z.string(),
  /** What will be charged, priced by the server. */
  amount: z.object({ value: z.string(), currency: z.enum(CURRENCY_CODES) }).optional(),
});

/** POST /api/payment/success: the return from the provider. The amount never comes from here (D-17). */
export const paymentSuccessBodySchema = z.object({
  paymentId: z.string().min(1).max(200),
  payerId: z.string().max(200).optional(),
  solution_id: z.uuid(),
});

/** POST /api/payment/updateSubscription: the return from the provider's subscription approval. */
export const subscriptionReturnBodySchema = z.object({ subscription_id: z.string().min(1).max(200) });

/** POST /api/admin/markSubscriptionPaid: a mobile-money subscription (D-18). */
export const markSubscriptionPaidBodySchema = z.object({
  user_id: z.uuid(),
  reference: z.string().trim().min(3).max(100),
  currency: z.enum(CURRENCY_CODES).default('XOF'),
});

export const paymentSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(['onetime', 'subscription']),
    /** Decimal string in `currency` ("2.25", "7900"). */
    amount: z.string(),
    currency: z.enum(CURRENCY_CODES),
    // 'expired': a checkout left pending for over an hour (abandoned at the provider's page).
    status: z.enum(['pending', 'captured', 'failed', 'refunded', 'expired']),
    solution_id: z.string().nullable(),
    created_at: z.string(),
    /** D-38: the mobile-money operator the payer chose, and the provider's reference of the payment. */
    operator: z.string().optional(),
    reference: z.string().optional(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const paymentSuccessResultSchema = z.object({
  payment: paymentSchema,
  /** The other party's contacts, now that the deal has contact access (D-14). */
  contact: z.object({ email: z.string().nullable(), mobile_no: z.string().nullable() }),
});
