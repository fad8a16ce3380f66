// D-1, D-22: the real payment adapter, over PayPal's REST API with plain fetch (no SDK).
// OAuth client credentials (cached until expiry, refreshed once on a 401), Orders v2 for one-time
// payments, Billing Subscriptions for the yearly plan, and webhook signatures checked by PayPal.
// https://developer.paypal.com/docs/api/orders/v2/ · /docs/api/subscriptions/v1/ · /docs/api/webhooks/v1/
import { randomUUID } from 'node:crypto';
import { CURRENCY_CODES, parseDecimal, toDecimalString, type CurrencyCode } from '@app/shared';
import {
  PaymentError,
  type Approval,
  type Capture,
  type OrderInput,
  type PaymentAdapter,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
  type SubscriptionInput,
  type WebhookEvent,
  type WebhookHeaders,
} from './payment-adapter.js';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com; tests point it at a stub. */
  apiUrl: string;
  /** The yearly plan (Billing Plans) subscriptions are created on. */
  planId: string;
  /** The webhook id whose signatures are checked. */
  webhookId: string;
  brandName?: string;
  timeoutMs?: number;
  /** D-16: the server's clock, for start_time. */
  now?: () => Date;
}

export const DEFAULT_PAYPAL_TIMEOUT_MS = 15_000;
/** SPEC 7: the subscription starts 30 minutes ahead. */
const START_DELAY_MS = 30 * 60 * 1000;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const WEBHOOK_HEADERS = [
  'paypal-auth-algo',
  'paypal-cert-url',
  'paypal-transmission-id',
  'paypal-transmission-sig',
  'paypal-transmission-time',
] as const;

type Json = Record<string, unknown>;

const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const first = (value: unknown): Json => obj(Array.isArray(value) ? value[0] : undefined);

export class PayPalPaymentAdapter implements PaymentAdapter {
  readonly name = 'paypal';
  // PayPal's plan is priced in one currency; PayPal does not take CFA or Congolese francs (D-18).
  readonly subscriptionCurrencies: readonly CurrencyCode[] = ['USD'];
  readonly #base: string;
  // Private so that logging or serialising the adapter never shows the secret or token.
  readonly #basic: string;
  readonly #planId: string;
  readonly #webhookId: string;
  readonly #brandName: string;
  readonly #timeoutMs: number;
  readonly #now: () => Date;
  #token: { value: string; expiresAt: number } | null = null;
  #pendingToken: Promise<string> | null = null;

  constructor(options: PayPalOptions) {
    this.#base = options.apiUrl.replace(/\/+$/, '');
    this.#basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    this.#planId = options.planId;
    this.#webhookId = options.webhookId;
    this.#brandName = options.brandName ?? 'Marketplace';
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_PAYPAL_TIMEOUT_MS;
    this.#now = options.now ?? (() => new Date());
  }

  async createOrder(input: OrderInput): Promise<Approval> {
    const body = await this.#call('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.reference,
          custom_id: input.reference,
          description: input.description.slice(0, 127),
          amount: { currency_code: input.currency, value: toDecimalString(input.amountMinor, input.currency) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: this.#brandName,
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
          },
        },
      },
    });
    return { id: requireId(body), approveUrl: link(body, ['payer-action', 'approve']) };
  }

  async captureOrder(orderId: string): Promise<Capture> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`;
    let body: Json;
    try {
      // The same request id for the same order: a retried capture answers the first one.
      body = await this.#call('POST', path, {}, `capture-${orderId}`);
    } catch (error) {
      if (error instanceof PaymentError && error.details.issue === 'ORDER_ALREADY_CAPTURED') {
        body = await this.#call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
      } else throw error;
    }
    const capture = first(obj(first(body.purchase_units).payments).captures);
    const status = str(capture.status);
    if (status === 'DECLINED' || status === 'FAILED') {
      throw new PaymentError('The payment was declined', 'declined', { issue: status });
    }
    if (str(body.status) !== 'COMPLETED' || status !== 'COMPLETED') {
      throw new PaymentError(`The capture is ${status ?? str(body.status) ?? 'unknown'}`, 'rejected', {
        issue: status,
      });
    }
    const amount = obj(capture.amount);
    const currency = str(amount.currency_code) as CurrencyCode | undefined;
    const minor =
      currency && CURRENCY_CODES.includes(currency) ? parseDecimal(str(amount.value) ?? '', currency) : null;
    if (!currency || minor === null) throw new PaymentError('PayPal answered an unreadable amount', 'rejected');
    return {
      captureId: str(capture.id) ?? '',
      payerId: str(obj(body.payer).payer_id) ?? null,
      amountMinor: minor,
      currency,
    };
  }

  /**
   * Orders v2 has no void for an order with intent CAPTURE (only authorizations are voided): an
   * approved order that is never captured lapses at PayPal. The server's payment row says `voided`,
   * and the service never captures a voided order.
   */
  async voidOrder(): Promise<void> {
    return undefined;
  }

  async refundCapture(capture: Pick<Capture, 'captureId' | 'amountMinor' | 'currency'>): Promise<void> {
    // The whole capture, named so that a retried refund is the same refund (PayPal-Request-Id).
    await this.#call(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(capture.captureId)}/refund`,
      { amount: { currency_code: capture.currency, value: toDecimalString(capture.amountMinor, capture.currency) } },
      `refund-${capture.captureId}`,
    );
  }

  async createSubscription(input: SubscriptionInput): Promise<Approval> {
    const body = await this.#call('POST', '/v1/billing/subscriptions', {
      plan_id: this.#planId,
      start_time: new Date(this.#now().getTime() + START_DELAY_MS).toISOString(),
      quantity: '1',
      custom_id: input.reference,
      shipping_amount: { currency_code: 'USD', value: '0.00' },
      subscriber: {
        name: { given_name: input.subscriber.givenName },
        ...(input.subscriber.email ? { email_address: input.subscriber.email } : {}),
      },
      application_context: {
        brand_name: this.#brandName,
        locale: 'en-US',
        shipping_preference: 'NO_SHIPPING',
        user_action: 'SUBSCRIBE_NOW',
        payment_method: { payer_selected: 'PAYPAL', payee_preferred: 'IMMEDIATE_PAYMENT_REQUIRED' },
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      },
    });
    return { id: requireId(body), approveUrl: link(body, ['approve']) };
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    const body = await this.#call('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`);
    return { id: requireId(body), status: (str(body.status) ?? 'APPROVAL_PENDING') as ProviderSubscriptionStatus };
  }

  async verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<WebhookEvent | null> {
    const values = WEBHOOK_HEADERS.map((name) => {
      const value = headers[name];
      return typeof value === 'string' ? value : undefined;
    });
    // Unsigned: refused without asking PayPal.
    if (values.some((v) => !v)) return null;
    let event: Json;
    try {
      event = obj(JSON.parse(rawBody));
    } catch {
      return null;
    }
    const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values as string[];
    // The event goes back to PayPal exactly as it arrived: a re-serialised body would not match its signature.
    const request = `{"auth_algo":${JSON.stringify(authAlgo)},"cert_url":${JSON.stringify(certUrl)},"transmission_id":${JSON.stringify(
      transmissionId,
    )},"transmission_sig":${JSON.stringify(transmissionSig)},"transmission_time":${JSON.stringify(
      transmissionTime,
    )},"webhook_id":${JSON.stringify(this.#webhookId)},"webhook_event":${rawBody}}`;
    const answer = await this.#call('POST', '/v1/notifications/verify-webhook-signature', request);
    if (str(answer.verification_status) !== 'SUCCESS') return null;
    const id = str(event.id);
    const type = str(event.event_type);
    if (!id || !type) return null;
    return { id, event_type: type, resource: obj(event.resource) };
  }

  /** A bearer token, cached until shortly before it expires; concurrent callers share one request. */
  async #accessToken(): Promise<string> {
    if (this.#token && this.#token.expiresAt > Date.now()) return this.#token.value;
    this.#pendingToken ??= this.#fetchToken().finally(() => {
      this.#pendingToken = null;
    });
    return this.#pendingToken;
  }

  async #fetchToken(): Promise<string> {
    const { status, body } = await this.#fetch(`${this.#base}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: this.#basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const token = str(body.access_token);
    if (status !== 200 || !token) {
      throw new PaymentError(`PayPal refused the credentials (HTTP ${status})`, 'rejected', { status });
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 300;
    this.#token = { value: token, expiresAt: Date.now() + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return token;
  }

  /** An API call with the bearer token; a 401 drops the token and retries once with a new one. */
  async #call(method: 'GET' | 'POST', path: string, payload?: unknown, requestId?: string): Promise<Json> {
    const id = method === 'POST' ? (requestId ?? randomUUID()) : undefined;
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.#accessToken();
      const { status, body } = await this.#fetch(`${this.#base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(method === 'POST'
            ? { 'content-type': 'application/json', 'paypal-request-id': id!, prefer: 'return=representation' }
            : {}),
        },
        ...(method === 'POST' ? { body: typeof payload === 'string' ? payload : JSON.stringify(payload ?? {}) } : {}),
      });
      if (status === 401 && attempt === 0) {
        this.#token = null;
        continue;
      }
      if (status >= 200 && status < 300) return body;
      const issue = str(first(body.details).issue) ?? str(body.name);
      const declined = issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED';
      throw new PaymentError(
        str(body.message) ?? `PayPal answered HTTP ${status}`,
        declined ? 'declined' : 'rejected',
        {
          status,
          ...(issue ? { issue } : {}),
        },
      );
    }
  }

  async #fetch(url: string, init: RequestInit): Promise<{ status: number; body: Json }> {
    // One signal for the request and the body read: a stalled answer times out too.
    const signal = AbortSignal.timeout(this.#timeoutMs);
    try {
      const response = await fetch(url, { ...init, signal });
      const text = await response.text();
      let body: Json = {};
      try {
        body = obj(JSON.parse(text));
      } catch {
        body = {};
      }
      return { status: response.status, body };
    } catch (error) {
      if (signal.aborted) {
        throw new PaymentError(`PayPal did not answer within ${this.#timeoutMs} ms`, 'timeout', { cause: error });
      }
      throw new PaymentError('PayPal could not be reached', 'network', { cause: error });
    }
  }
}

function requireId(body: Json): string {
  const id = str(body.id);
  if (!id) throw new PaymentError('PayPal answered without an id', 'rejected');
  return id;
}

function link(body: Json, rels: string[]): string {
  const links = Array.isArray(body.links) ? body.links.map(obj) : [];
  for (const rel of rels) {
    const href = str(links.find((l) => l.rel === rel)?.href);
    if (href) return href;
  }
  throw new PaymentError('PayPal answered without an approval link', 'rejected');
}
