// A local stand-in for the parts of CinetPay's checkout API v2 the mobile-money adapter uses
// (https://docs.cinetpay.com/api/1.0-en/checkout/...): POST /v2/payment (JSON; answers code "201"
// CREATED with data.payment_token and data.payment_url, or an error code such as 608 MINIMUM
// REQUIRED FIELDS), POST /v2/payment/check (code "00" with data.status ACCEPTED, "662"
// WAITING_CUSTOMER_PAYMENT, "627" TRANSACTION_CANCEL with REFUSED), and the notification CinetPay
// posts form-encoded to notify_url with the `x-token` HMAC of its fields.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cinetpayToken } from '../src/adapters/mobile-money/mobile-money-adapter.js';

export interface CinetPayTransaction {
  transaction_id: string;
  amount: number;
  currency: string;
  description: string;
  notify_url: string;
  return_url: string;
  channels: string;
  lang: string;
  customer_name?: string;
  customer_surname?: string;
  customer_phone_number?: string;
  status: 'PENDING' | 'ACCEPTED' | 'REFUSED';
  payment_method: string | null;
  operator_id: string | null;
}

export interface CinetPayStub {
  url: string;
  apiKey: string;
  siteId: string;
  secretKey: string;
  /** Every request that reached the stub, its body parsed. */
  requests: { path: string; body: Record<string, unknown> }[];
  transactions: Map<string, CinetPayTransaction>;
  /** The payer pays on CinetPay's page with this operator code ("OM", "WAVESN"...). */
  accept(transactionId: string, method?: string): void;
  /** The payer (or the operator) refuses. */
  refuse(transactionId: string): void;
  /** While true, every new checkout is refused (as CinetPay answers a request it will not take). */
  refuseStarts: boolean;
  /** The notification CinetPay would post for a transaction: its form fields and headers. */
  notification(
    transactionId: string,
    overrides?: Record<string, string>,
  ): { fields: Record<string, string>; headers: Record<string, string> };
  close(): Promise<void>;
}

const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();

export async function startCinetPayStub(): Promise<CinetPayStub> {
  const apiKey = `${hex(10)}.${hex(4)}`;
  const siteId = String(100000 + Math.floor(Math.random() * 800000));
  const secretKey = hex(16);
  const stub: CinetPayStub = {
    url: '',
    apiKey,
    siteId,
    secretKey,
    requests: [],
    transactions: new Map(),
    refuseStarts: false,
    accept(transactionId, method = 'OM') {
      const t = stub.transactions.get(transactionId);
      if (t) Object.assign(t, { status: 'ACCEPTED', payment_method: method, operator_id: `MP${hex(8)}` });
    },
    refuse(transactionId) {
      const t = stub.transactions.get(transactionId);
      if (t) Object.assign(t, { status: 'REFUSED', payment_method: 'OM', operator_id: null });
    },
    notification(transactionId, overrides = {}) {
      const t = stub.transactions.get(transactionId);
      const fields: Record<string, string> = {
        cpm_site_id: siteId,
        cpm_trans_id: transactionId,
        cpm_trans_date: '2026-11-28 12:00:00',
        cpm_amount: String(t?.amount ?? 0),
        cpm_currency: t?.currency ?? 'XOF',
        signature: hex(16),
        payment_method: t?.payment_method ?? 'OM',
        cel_phone_num: '771234567',
        cpm_phone_prefixe: '221',
        cpm_language: t?.lang ?? 'fr',
        cpm_version: 'V4',
        cpm_payment_config: 'Single',
        cpm_page_action: 'Payment',
        cpm_custom: transactionId,
        cpm_designation: t?.description ?? '',
        cpm_error_message: t?.status === 'ACCEPTED' ? 'SUCCES' : 'TRANSACTION_CANCEL',
        ...overrides,
      };
      return { fields, headers: { 'x-token': cinetpayToken(fields, secretKey) } };
    },
    close: async () => undefined,
  };

  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const responseId = () => `${Math.floor(Date.now() / 1000)}.${Math.floor(Math.random() * 10000)}`;

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(res, 400, { code: '608', message: 'MINIMUM_REQUIRED_FIELDS', api_response_id: responseId() });
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    stub.requests.push({ path, body });
    if (req.method !== 'POST') return send(res, 404, { code: '404', message: 'NOT_FOUND' });
    if (body.apikey !== apiKey || String(body.site_id) !== siteId) {
      return send(res, 400, { code: '609', message: 'AUTH_NOT_FOUND', api_response_id: responseId() });
    }
    if (path === '/v2/payment') {
      if (stub.refuseStarts) {
        return send(res, 400, { code: '608', message: 'MINIMUM_REQUIRED_FIELDS', api_response_id: responseId() });
      }
      const required = ['transaction_id', 'amount', 'currency', 'description', 'notify_url', 'return_url', 'channels'];
      if (required.some((k) => body[k] === undefined || body[k] === '')) {
        return send(res, 400, { code: '608', message: 'MINIMUM_REQUIRED_FIELDS', api_response_id: responseId() });
      }
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount % 5 !== 0 || amount < 100) {
        return send(res, 400, { code: '613', message: 'ERROR_AMOUNT', api_response_id: responseId() });
      }
      const id = String(body.transaction_id);
      if (stub.transactions.has(id)) {
        return send(res, 400, { code: '805', message: 'CLIENT_TRANSACTION_ID_EXIST', api_response_id: responseId() });
      }
      const token = hex(20).toLowerCase();
      stub.transactions.set(id, {
        transaction_id: id,
        amount,
        currency: String(body.currency),
        description: String(body.description),
        notify_url: String(body.notify_url),
        return_url: String(body.return_url),
        channels: String(body.channels),
        lang: String(body.lang ?? 'fr'),
        ...(typeof body.customer_name === 'string' ? { customer_name: body.customer_name } : {}),
        ...(typeof body.customer_surname === 'string' ? { customer_surname: body.customer_surname } : {}),
        ...(typeof body.customer_phone_number === 'string'
          ? { customer_phone_number: body.customer_phone_number }
          : {}),
        status: 'PENDING',
        payment_method: null,
        operator_id: null,
      });
      return send(res, 200, {
        code: '201',
        message: 'CREATED',
        description: 'Transaction created with success',
        data: { payment_token: token, payment_url: `https://checkout.cinetpay.com/payment/${token}` },
        api_response_id: responseId(),
      });
    }
    if (path === '/v2/payment/check') {
      const t = stub.transactions.get(String(body.transaction_id ?? ''));
      if (!t) return send(res, 400, { code: '629', message: 'TRANSACTION_NOT_FOUND', api_response_id: responseId() });
      const data = {
        amount: String(t.amount),
        currency: t.currency,
        status: t.status === 'PENDING' ? 'WAITING_FOR_CUSTOMER' : t.status,
        payment_method: t.payment_method,
        description: t.description,
        metadata: null,
        operator_id: t.operator_id,
        payment_date: t.status === 'ACCEPTED' ? '2026-11-28 12:00:00' : ' ',
        fund_availability_date: '2026-11-30 00:00:00',
      };
      const [code, message] =
        t.status === 'ACCEPTED'
          ? ['00', 'SUCCES']
          : t.status === 'REFUSED'
            ? ['627', 'TRANSACTION_CANCEL']
            : ['662', 'WAITING_CUSTOMER_PAYMENT'];
      return send(res, 200, { code, message, data, api_response_id: responseId() });
    }
    return send(res, 404, { code: '404', message: 'NOT_FOUND' });
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}
