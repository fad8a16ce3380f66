// D-38: mobile money (XOF, XAF, CDF) goes through an adapter. `local` (the default) shows an
// operator choice on this app's own page; `cinetpay` talks to CinetPay's checkout API. A payment
// is trusted only once the provider's status check says ACCEPTED, never on a notification alone.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CurrencyCode } from '@app/shared';

export interface MobileMoneyStart {
  /** Our own transaction id: CinetPay's `transaction_id`, unique per payment. */
  transactionId: string;
  amountMinor: number;
  currency: CurrencyCode;
  description: string;
  notifyUrl: string;
  returnUrl: string;
  lang: 'fr' | 'en';
  customer: { id: string; name: string; surname: string; phone: string | null; country: string | null };
}

export type MobileMoneyState = 'ACCEPTED' | 'REFUSED' | 'PENDING';

/** What the provider's status check reports: the only thing a payment is granted on. */
export interface MobileMoneyStatus {
  status: MobileMoneyState;
  amountMinor: number | null;
  currency: string | null;
  /** The operator the payer paid with ("Orange Money", "Wave"...), when known. */
  operator: string | null;
  /** The operator's or provider's reference of the payment, for the receipt. */
  reference: string | null;
}

export type NotificationFields = Record<string, string | undefined>;
export type NotificationHeaders = Record<string, string | string[] | undefined>;

export interface MobileMoneyAdapter {
  readonly name: 'local' | 'cinetpay';
  /** Creates the payment; answers the page the payer's browser goes to. */
  start(input: MobileMoneyStart): Promise<{ url: string }>;
  /** The transaction id of a notification whose `x-token` is right; null for a forged one. */
  verifyNotification(headers: NotificationHeaders, fields: NotificationFields): string | null;
  /** Asks the provider for the transaction's status (CinetPay's /v2/payment/check). */
  check(transactionId: string): Promise<MobileMoneyStatus>;
}

/**
 * CinetPay's documented order of the notification fields whose concatenation the `x-token` signs
 * (https://docs.cinetpay.com/api/1.0-en/checkout/hmac).
 */
export const CINETPAY_TOKEN_FIELDS = [
  'cpm_site_id',
  'cpm_trans_id',
  'cpm_trans_date',
  'cpm_amount',
  'cpm_currency',
  'signature',
  'payment_method',
  'cel_phone_num',
  'cpm_phone_prefixe',
  'cpm_language',
  'cpm_version',
  'cpm_payment_config',
  'cpm_page_action',
  'cpm_custom',
  'cpm_designation',
  'cpm_error_message',
] as const;

/** HMAC-SHA256 (hex) with the secret key over the fields in CinetPay's order; a missing one is empty. */
export function cinetpayToken(fields: NotificationFields, secretKey: string): string {
  const data = CINETPAY_TOKEN_FIELDS.map((name) => fields[name] ?? '').join('');
  return createHmac('sha256', secretKey).update(data, 'utf8').digest('hex');
}

/** The notification's transaction id when its `x-token` matches, compared in constant time. */
export function verifyCinetpayToken(
  headers: NotificationHeaders,
  fields: NotificationFields,
  secretKey: string,
): string | null {
  const raw = headers['x-token'];
  const received = Array.isArray(raw) ? raw[0] : raw;
  const transactionId = fields.cpm_trans_id;
  if (!received || !transactionId) return null;
  const expected = Buffer.from(cinetpayToken(fields, secretKey), 'utf8');
  const given = Buffer.from(received.trim().toLowerCase(), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return transactionId;
}

/** CinetPay's `payment_method` codes as the operators payers know. */
const OPERATOR_NAMES: Record<string, string> = {
  OM: 'Orange Money',
  OMCI: 'Orange Money',
  OMSN: 'Orange Money',
  OMCM: 'Orange Money',
  OMBF: 'Orange Money',
  OMML: 'Orange Money',
  MOMO: 'MTN Mobile Money',
  MOMOCI: 'MTN Mobile Money',
  MOMOCM: 'MTN Mobile Money',
  FLOOZ: 'Moov Money',
  MOOV: 'Moov Money',
  WAVE: 'Wave',
  WAVECI: 'Wave',
  WAVESN: 'Wave',
  FREE: 'Free Money',
  FREESN: 'Free Money',
  AIRTEL: 'Airtel Money',
  AIRTELCD: 'Airtel Money',
  MPESA: 'M-Pesa',
  MPESACD: 'M-Pesa',
  TMONEY: 'T-Money',
};

export const operatorName = (method: string | null | undefined): string | null =>
  method ? (OPERATOR_NAMES[method.toUpperCase()] ?? method) : null;
