// D-1: the local payment provider, the default. It approves on its own small page served by this
// app (no account anywhere); never production. Its orders live in a store the app gives it (the
// database, so every instance sees them) or, for a lone adapter, in memory.
import { randomBytes } from 'node:crypto';
import { CURRENCY_CODES, toDecimalString } from '@app/shared';
import {
  PaymentError,
  type Approval,
  type Capture,
  type Money,
  type OrderInput,
  type PaymentAdapter,
  type ProviderSubscription,
  type SubscriptionInput,
  type WebhookEvent,
} from './payment-adapter.js';

export interface LocalOrder extends Money {
  id: string;
  kind: 'order' | 'subscription';
  description: string;
  returnUrl: string;
  cancelUrl: string;
  state: 'created' | 'approved' | 'captured' | 'cancelled' | 'refunded';
  payerId: string | null;
}

type State = LocalOrder['state'];

export interface LocalOrderStore {
  insert(order: LocalOrder): Promise<void>;
  find(id: string): Promise<LocalOrder | undefined>;
  /** Moves the order to `to` if it is in one of `from`; answers the order as it now is. */
  transition(id: string, from: State[], to: State, payerId?: string): Promise<LocalOrder | undefined>;
}

export function memoryLocalOrders(): LocalOrderStore {
  const orders = new Map<string, LocalOrder>();
  return {
    async insert(order) {
      orders.set(order.id, { ...order });
    },
    async find(id) {
      const order = orders.get(id);
      return order && { ...order };
    },
    async transition(id, from, to, payerId) {
      const order = orders.get(id);
      if (order && from.includes(order.state)) Object.assign(order, { state: to }, payerId ? { payerId } : {});
      return order && { ...order };
    },
  };
}

export const LOCAL_CHECKOUT_PATH = '/api/payment/local/checkout';

const newId = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex').toUpperCase()}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class LocalPaymentAdapter implements PaymentAdapter {
  readonly name = 'local';
  readonly subscriptionCurrencies = CURRENCY_CODES;
  readonly #orders: LocalOrderStore;

  constructor(orders: LocalOrderStore = memoryLocalOrders()) {
    this.#orders = orders;
  }

  async createOrder(input: OrderInput): Promise<Approval> {
    return this.#create('order', input, input.description);
  }

  async captureOrder(orderId: string): Promise<Capture> {
    const order = await this.#orders.find(orderId);
    if (!order || order.kind !== 'order') throw new PaymentError('Unknown order', 'rejected', { status: 404 });
    if (order.state === 'created') {
      throw new PaymentError('The payer has not approved the order', 'rejected', { issue: 'ORDER_NOT_APPROVED' });
    }
    if (order.state === 'cancelled' || order.state === 'refunded') {
      throw new PaymentError(`The order was ${order.state}`, 'declined');
    }
    // Like PayPal with the same PayPal-Request-Id, a second capture answers the first one.
    await this.#orders.transition(order.id, ['approved'], 'captured');
    return {
      captureId: `CAPTURE-${order.id}`,
      payerId: order.payerId,
      amountMinor: order.amountMinor,
      currency: order.currency,
    };
  }

  async voidOrder(orderId: string): Promise<void> {
    // The approval page then shows it as cancelled, and a capture is declined.
    await this.#orders.transition(orderId, ['created', 'approved'], 'cancelled');
  }

  async refundCapture(_capture: Capture, orderId: string): Promise<void> {
    await this.#orders.transition(orderId, ['captured'], 'refunded');
  }

  async createSubscription(input: SubscriptionInput): Promise<Approval> {
    return this.#create('subscription', input, 'Yearly subscription');
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    const order = await this.#orders.find(id);
    if (!order || order.kind !== 'subscription')
      throw new PaymentError('Unknown subscription', 'rejected', { status: 404 });
    const status =
      order.state === 'approved' ? 'ACTIVE' : order.state === 'cancelled' ? 'CANCELLED' : 'APPROVAL_PENDING';
    return { id, status };
  }

  /** The local provider sends no webhooks: nothing that arrives is trusted. */
  async verifyWebhook(): Promise<WebhookEvent | null> {
    return null;
  }

  /** The approval page: two forms, no script (the CSP allows none inline). Null for an unknown order. */
  async page(id: string): Promise<string | null> {
    const order = await this.#orders.find(id);
    if (!order) return null;
    const amount = `${toDecimalString(order.amountMinor, order.currency)} ${order.currency}`;
    const open = order.state === 'created';
    const base = `${LOCAL_CHECKOUT_PATH}/${encodeURIComponent(id)}`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local payment provider</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
.card{border:1px solid #ccc;border-radius:8px;padding:1rem}.amount{font-size:1.6rem;font-weight:600}
form{display:inline-block;margin:1rem .5rem 0 0}button{font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #888;cursor:pointer}
.approve{background:#1f7a3a;color:#fff;border-color:#1f7a3a}</style></head>
<body><main class="card"><h1>Local payment provider</h1>
<p>No money moves: this page stands in for the payment provider on this machine.</p>
<p>${escapeHtml(order.description)}</p><p class="amount" data-testid="amount">${escapeHtml(amount)}</p>
${
  open
    ? `<form method="post" action="${base}/approve"><button class="approve" type="submit">Approve</button></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form>`
    : `<p>This ${order.kind === 'order' ? 'order' : 'subscription'} is already ${order.state}.</p>`
}
</main></body></html>`;
  }

  /** The payer approves: the browser returns with the ids PayPal would add. Null for an unknown order. */
  async approve(id: string): Promise<string | null> {
    const order = await this.#orders.transition(id, ['created'], 'approved', newId('LOCALPAYER'));
    if (!order) return null;
    if (order.state === 'cancelled') return order.cancelUrl;
    // Without PUBLIC_URL the app gives a relative return (never one built from Host): kept relative.
    const relative = order.returnUrl.startsWith('/');
    const url = new URL(order.returnUrl, 'http://relative.invalid');
    if (order.kind === 'order') {
      // As PayPal does: the order id as `token`, never `paymentId` (the server's return hop adds that).
      url.searchParams.set('token', order.id);
      url.searchParams.set('PayerID', order.payerId ?? '');
    } else {
      url.searchParams.set('subscription_id', order.id);
    }
    return relative ? `${url.pathname}${url.search}` : url.toString();
  }

  /** The payer cancels: the browser goes to the cancel URL. Null for an unknown order. */
  async cancel(id: string): Promise<string | null> {
    const order = await this.#orders.transition(id, ['created'], 'cancelled');
    return order ? order.cancelUrl : null;
  }

  async #create(
    kind: LocalOrder['kind'],
    input: Money & { returnUrl: string; cancelUrl: string },
    description: string,
  ) {
    const id = newId(kind === 'order' ? 'LOCAL' : 'I-LOCAL');
    await this.#orders.insert({
      id,
      kind,
      description,
      amountMinor: input.amountMinor,
      currency: input.currency,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      state: 'created',
      payerId: null,
    });
    return { id, approveUrl: `${LOCAL_CHECKOUT_PATH}/${encodeURIComponent(id)}` };
  }
}
