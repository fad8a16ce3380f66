// A local stand-in for the parts of PayPal's REST API the payment adapter uses: OAuth client
// credentials, Orders v2 (create, get, capture), Billing Subscriptions (create, get) and
// verify-webhook-signature. It checks Basic and Bearer auth, honours PayPal-Request-Id, answers
// with PayPal's shapes and error bodies, and can be told to expire a token or decline a capture.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PayPalStub {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  planId: string;
  /** Every request that reached the stub. */
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  tokensIssued: number;
  orders: Map<
    string,
    { id: string; status: string; amount: { currency_code: string; value: string }; payerId?: string }
  >;
  subscriptions: Map<string, { id: string; status: string; plan_id: string; start_time: string }>;
  /** Captures refunded, by capture id, with the amount asked back. */
  refunds: Map<string, { currency_code: string; value: string } | undefined>;
  /** The buyer approves an order or subscription on PayPal's page. */
  approve(id: string): void;
  /** The next Bearer call answers 401, as when a token expired early. */
  expireTokenNext(): void;
  /** The next capture answers 422 INSTRUMENT_DECLINED. */
  declineNextCapture(): void;
  /** Runs before PayPal answers a capture (what happens elsewhere while the money moves). */
  beforeCapture: ((orderId: string) => Promise<void>) | null;
  /** Headers PayPal would send with this webhook body. */
  sign(rawBody: string): Record<string, string>;
  close(): Promise<void>;
}

/** The request fields the stub reads. */
interface StubRequestBody {
  purchase_units?: { amount: { currency_code: string; value: string } }[];
  plan_id?: string;
  start_time?: string;
  webhook_id?: string;
  transmission_id?: string;
  transmission_time?: string;
  transmission_sig?: string;
  webhook_event?: unknown;
}

const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();

export async function startPayPalStub(): Promise<PayPalStub> {
  const clientId = `client-${hex(6)}`;
  const clientSecret = hex(12);
  const webhookId = `WH-${hex(8)}`;
  const planId = `P-${hex(10)}`;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const answered = new Map<string, { status: number; body: object }>();
  let expireNext = false;
  let declineNext = false;

  const signature = (id: string, time: string, event: string) =>
    createHmac('sha256', signingKey).update(`${id}|${time}|${webhookId}|${event}`).digest('base64');

  const stub: PayPalStub = {
    url: '',
    clientId,
    clientSecret,
    webhookId,
    planId,
    requests: [],
    tokensIssued: 0,
    orders: new Map(),
    subscriptions: new Map(),
    refunds: new Map(),
    approve(id) {
      const order = stub.orders.get(id);
      if (order) {
        order.status = 'APPROVED';
        order.payerId = `PAYER${hex(5)}`;
      }
      const sub = stub.subscriptions.get(id);
      if (sub) sub.status = 'ACTIVE';
    },
    expireTokenNext: () => {
      expireNext = true;
    },
    declineNextCapture: () => {
      declineNext = true;
    },
    beforeCapture: null,
    sign(rawBody) {
      const id = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-stub',
        'paypal-transmission-id': id,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signature(id, time, JSON.stringify(JSON.parse(rawBody))),
      };
    },
    close: async () => undefined,
  };

  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (name: string, issue: string) => ({
    name,
    message: issue,
    debug_id: hex(6),
    details: [{ issue, description: issue }],
  });
  const orderBody = (id: string) => {
    const o = stub.orders.get(id)!;
    return {
      id,
      status: o.status,
      payer: o.payerId ? { payer_id: o.payerId } : undefined,
      purchase_units: [
        {
          amount: o.amount,
          payments:
            o.status === 'COMPLETED'
              ? { captures: [{ id: `CAP-${id}`, status: 'COMPLETED', amount: o.amount }] }
              : undefined,
        },
      ],
    };
  };

  const route = (
    method: string,
    path: string,
    body: string,
    req: IncomingMessage,
  ): { status: number; body: object } => {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || body !== 'grant_type=client_credentials') {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      const token = `A21-${hex(16)}`;
      tokens.add(token);
      stub.tokensIssued += 1;
      return {
        status: 200,
        body: { access_token: token, token_type: 'Bearer', expires_in: 32400, app_id: 'APP-stub' },
      };
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer) || expireNext) {
      if (expireNext) tokens.delete(bearer);
      expireNext = false;
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }
    const json = (body ? JSON.parse(body) : {}) as StubRequestBody;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const id = hex(8);
      stub.orders.set(id, { id, status: 'CREATED', amount: json.purchase_units![0]!.amount });
      return {
        status: 200,
        body: {
          id,
          status: 'PAYER_ACTION_REQUIRED',
          links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` }],
        },
      };
    }
    if ((m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path))) {
      const order = stub.orders.get(m[1]!);
      if (!order) return { status: 404, body: error('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID') };
      if (method === 'GET') return { status: 200, body: orderBody(order.id) };
      if (declineNext) {
        declineNext = false;
        return { status: 422, body: error('UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED') };
      }
      if (order.status === 'COMPLETED') {
        return { status: 422, body: error('UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED') };
      }
      if (order.status !== 'APPROVED') {
        return { status: 422, body: error('UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED') };
      }
      order.status = 'COMPLETED';
      return { status: 201, body: orderBody(order.id) };
    }
    if (method === 'POST' && (m = /^\/v2\/payments\/captures\/CAP-([^/]+)\/refund$/.exec(path))) {
      const order = stub.orders.get(m[1]!);
      if (order?.status !== 'COMPLETED')
        return { status: 404, body: error('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID') };
      const captureId = `CAP-${order.id}`;
      if (stub.refunds.has(captureId)) {
        return { status: 422, body: error('UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED') };
      }
      const asked = (JSON.parse(body || '{}') as { amount?: { currency_code: string; value: string } }).amount;
      stub.refunds.set(captureId, asked);
      return {
        status: 201,
        body: { id: `REF-${order.id}`, status: 'COMPLETED', amount: asked ?? order.amount },
      };
    }
    if (method === 'POST' && path === '/v1/billing/subscriptions') {
      if (json.plan_id !== planId) return { status: 422, body: error('UNPROCESSABLE_ENTITY', 'INVALID_PLAN') };
      const id = `I-${hex(6)}`;
      stub.subscriptions.set(id, {
        id,
        status: 'APPROVAL_PENDING',
        plan_id: planId,
        start_time: json.start_time ?? '',
      });
      return {
        status: 201,
        body: {
          id,
          status: 'APPROVAL_PENDING',
          links: [
            { rel: 'approve', href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=${id}` },
          ],
        },
      };
    }
    if (method === 'GET' && (m = /^\/v1\/billing\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = stub.subscriptions.get(m[1]!);
      if (!sub) return { status: 404, body: error('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID') };
      return { status: 200, body: sub };
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const ok =
        json.webhook_id === webhookId &&
        json.transmission_sig ===
          signature(json.transmission_id ?? '', json.transmission_time ?? '', JSON.stringify(json.webhook_event));
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    return { status: 404, body: error('NOT_FOUND', 'NOT_FOUND') };
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? '';
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    stub.requests.push({ method, path, headers: req.headers, body });
    // PayPal-Request-Id: the same id answers the first answer again.
    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${path}|${requestId}` : undefined;
    const previous = key ? answered.get(key) : undefined;
    if (previous) return send(res, previous.status, previous.body);
    const capturing = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && capturing && stub.beforeCapture) await stub.beforeCapture(capturing[1]!);
    const answer = route(method, path, body, req);
    if (key && answer.status < 300) answered.set(key, answer);
    send(res, answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}
