// D-1, D-22: payments go through an adapter. `local` (the default) approves on its own page served
// by this app; `paypal` talks to PayPal's REST API. Amounts are integer minor units (D-3) taken from
// the server's own order, never from a return URL (D-17).
import type { CurrencyCode } from '@app/shared';

export interface Money {
  amountMinor: number;
  currency: CurrencyCode;
}

/** Where the browser goes to approve, and the provider's id of what it approves. */
export interface Approval {
  id: string;
  approveUrl: string;
}

export interface OrderInput extends Money {
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** Our own reference (kept by the provider as custom_id). */
  reference: string;
}

export interface SubscriptionInput extends Money {
  returnUrl: string;
  cancelUrl: string;
  reference: string;
  subscriber: { givenName: string; email: string | null };
}

/** A completed capture: the money the provider really took. */
export interface Capture extends Money {
  captureId: string;
  payerId: string | null;
}

export type ProviderSubscriptionStatus =
  'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface ProviderSubscription {
  id: string;
  status: ProviderSubscriptionStatus;
}

/** A webhook event whose signature the provider confirmed. */
export interface WebhookEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentAdapter {
  readonly name: 'local' | 'paypal';
  /** Currencies the provider's yearly subscription can be paid in (others go by mobile money, D-18). */
  readonly subscriptionCurrencies: readonly CurrencyCode[];
  createOrder(input: OrderInput): Promise<Approval>;
  /** Captures an approved order; the same order captured again answers the same capture. */
  captureOrder(orderId: string): Promise<Capture>;
  /**
   * An order that must never be captured (its payer is not entitled to what it would
   * settle, or a newer order for the same deal replaced it). Idempotent; a captured order is left as it is.
   */
  voidOrder(orderId: string): Promise<void>;
  /** Gives back the whole of a capture that could not settle into a deal. Idempotent. */
  refundCapture(capture: Pick<Capture, 'captureId' | 'amountMinor' | 'currency'>, orderId: string): Promise<void>;
  createSubscription(input: SubscriptionInput): Promise<Approval>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  /** The event when the provider confirms its signature; null for a forged or unsigned one. */
  verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<WebhookEvent | null>;
}

/** Why a payment call failed: the payer's instrument was declined, the provider refused, or it was unreachable. */
export type PaymentFailure = 'declined' | 'rejected' | 'network' | 'timeout';

export class PaymentError extends Error {
  override readonly name = 'PaymentError';
  constructor(
    message: string,
    readonly reason: PaymentFailure,
    readonly details: { status?: number; issue?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
}
