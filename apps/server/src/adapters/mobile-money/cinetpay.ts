// D-38: the real mobile-money adapter, over CinetPay's checkout API v2 with plain fetch.
// https://docs.cinetpay.com/api/1.0-en/checkout/initialisation (POST /v2/payment, JSON; answer
// code "201" with data.payment_url), /checkout/verification (POST /v2/payment/check: data.status
// ACCEPTED, REFUSED or a waiting state) and /checkout/hmac (the notification's `x-token`).
import { minorDigits, parseDecimal, type CurrencyCode } from '@app/shared';
import { PaymentError } from '../payments/payment-adapter.js';
import {
  operatorName,
  verifyCinetpayToken,
  type MobileMoneyAdapter,
  type MobileMoneyStart,
  type MobileMoneyStatus,
  type NotificationFields,
  type NotificationHeaders,
} from './mobile-money-adapter.js';

export interface CinetPayOptions {
  apiKey: string;
  siteId: string;
  secretKey: string;
  /** https://api-checkout.cinetpay.com; tests point it at a stub. */
  apiUrl: string;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** CinetPay takes whole units ("amount: Integer"); CDF keeps two minor digits here (D-3). */
export const toCinetpayAmount = (minor: number, currency: CurrencyCode): number =>
  Math.round(minor / 10 ** minorDigits(currency));

export class CinetPayAdapter implements MobileMoneyAdapter {
  readonly name = 'cinetpay';
  readonly #base: string;
  // Private so that logging or serialising the adapter never shows them.
  readonly #apiKey: string;
  readonly #siteId: string;
  readonly #secretKey: string;
  readonly #timeoutMs: number;

  constructor(options: CinetPayOptions) {
    this.#base = options.apiUrl.replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.#siteId = options.siteId;
    this.#secretKey = options.secretKey;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
  }

  async start(input: MobileMoneyStart): Promise<{ url: string }> {
    const body = await this.#post('/v2/payment', {
      apikey: this.#apiKey,
      site_id: this.#siteId,
      transaction_id: input.transactionId,
      amount: toCinetpayAmount(input.amountMinor, input.currency),
      currency: input.currency,
      // CinetPay asks for no special characters (#, /, $, _, &) in the description.
      description: input.description.replace(/[#/$_&]/g, ' ').slice(0, 200),
      notify_url: input.notifyUrl,
      return_url: input.returnUrl,
      channels: 'MOBILE_MONEY',
      lang: input.lang,
      metadata: input.transactionId,
      customer_id: input.customer.id,
      customer_name: input.customer.name,
      customer_surname: input.customer.surname,
      ...(input.customer.phone ? { customer_phone_number: input.customer.phone } : {}),
      ...(input.customer.country ? { customer_country: input.customer.country } : {}),
    });
    const url = str(obj(body.data).payment_url);
    if (str(body.code) !== '201' || !url) {
      throw new PaymentError(`CinetPay refused the payment: ${str(body.message) ?? 'unknown'}`, 'rejected', {
        issue: str(body.code) ?? undefined,
      });
    }
    return { url };
  }

  verifyNotification(headers: NotificationHeaders, fields: NotificationFields): string | null {
    // A notification for another site is not ours, whatever its token.
    if (fields.cpm_site_id !== undefined && fields.cpm_site_id !== this.#siteId) return null;
    return verifyCinetpayToken(headers, fields, this.#secretKey);
  }

  async check(transactionId: string): Promise<MobileMoneyStatus> {
    const body = await this.#post('/v2/payment/check', {
      apikey: this.#apiKey,
      site_id: this.#siteId,
      transaction_id: transactionId,
    });
    const data = obj(body.data);
    const state = str(data.status);
    const currency = str(data.currency);
    const amount = str(data.amount);
    const known =
      currency && ['XOF', 'XAF', 'CDF', 'USD', 'EUR'].includes(currency) ? (currency as CurrencyCode) : null;
    const units = known && amount ? parseDecimal(amount, known === 'CDF' ? 'XOF' : known) : null;
    return {
      status:
        str(body.code) === '00' && state === 'ACCEPTED' ? 'ACCEPTED' : state === 'REFUSED' ? 'REFUSED' : 'PENDING',
      amountMinor: units === null || !known ? null : known === 'CDF' ? units * 100 : units,
      currency,
      operator: operatorName(str(data.payment_method)),
      reference: str(data.operator_id),
    };
  }

  async #post(path: string, payload: Json): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(`${this.#base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const timeout = error instanceof Error && error.name === 'TimeoutError';
      throw new PaymentError('CinetPay unreachable', timeout ? 'timeout' : 'network', { cause: error });
    }
    const text = await response.text();
    let body: Json;
    try {
      body = obj(JSON.parse(text));
    } catch {
      throw new PaymentError(`CinetPay answered ${response.status} without JSON`, 'network', {
        status: response.status,
      });
    }
    // CinetPay answers its business errors (a refused or unknown transaction) with a code in the
    // body, sometimes with a 4xx status: the body decides; a 5xx is an outage.
    if (response.status >= 500)
      throw new PaymentError(`CinetPay answered ${response.status}`, 'network', { status: response.status });
    return body;
  }
}
