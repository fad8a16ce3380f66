// What every payment use case shares: its dependencies, return URLs, and the payment row as the
// API answers it.
import { toDecimalString, type Payment } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { MobileMoneyAdapter } from '../../adapters/mobile-money/index.js';
import { PaymentError, type PaymentAdapter } from '../../adapters/payments/index.js';

import { AppError } from '../../lib/app-error.js';

import type { DealsRepository } from '../deals/repository.js';
import type { Notifier } from '../notifications/notifier.js';

import type { SolutionRow } from '../solutions/post-rows-repository.js';

import type { UsersRepository } from '../users/repository.js';

import type { EntitlementReads } from '../entitlements/service.js';
import { type PaymentRow, type PaymentsRepository } from './repository.js';

/** Where the provider sends the browser back: absolute URLs of the web app. */
export interface ReturnUrls {
  returnUrl: string;
  cancelUrl: string;
}

/** D-38: where a mobile-money provider sends the browser back and posts its notification. */
export interface MobileMoneyUrls {
  /** The return for one transaction id. */
  returnUrl: (transactionId: string) => string;
  notifyUrl: string;
}

/** A deal as payments read it (modules/deals provides it). */
export type PaymentDealReads = Pick<DealsRepository, 'confirmedOn' | 'byId'>;
/** A user as payments read it (modules/users provides it). */
export type PaymentUserReads = Pick<UsersRepository, 'findById' | 'subscriptionState'>;
/** A post, and the reads of the contact rule (D-13, D-14), as payments read them (modules/solutions provides them). */
export interface PaymentPostReads extends EntitlementReads {
  findById(id: string): Promise<SolutionRow | undefined>;
}

export interface PaymentDeps {
  repo: PaymentsRepository;
  /** The reads payments need from other modules (payments/build.ts hands them over). */
  deals: PaymentDealReads;
  users: PaymentUserReads;
  solutions: PaymentPostReads;
  provider: PaymentAdapter;
  /** D-38: mobile money for XOF, XAF and CDF; absent where no provider is configured (D-18). */
  mobileMoney?: MobileMoneyAdapter | undefined;
  /** Congolese francs per dollar in thousandths (D-15 revised). */
  cdfPerUsdMilli?: number;
  notifier: Notifier;
  now: () => Date;
  log?: FastifyBaseLogger;
}

/** D-38: the `provider` of a payment row made by mobile money. */
export const MOBILE_MONEY_PROVIDERS = ['cinetpay', 'local-mobile-money'] as const;
export const isMobileMoneyRow = (row: { provider: string | null }) =>
  (MOBILE_MONEY_PROVIDERS as readonly (string | null)[]).includes(row.provider);
export const newTransactionId = () => `MM${randomBytes(10).toString('hex').toUpperCase()}`;

/** The profile shows everything a person has paid; nobody pays this often. */
export const HISTORY_LIMIT = 200;

export const addMonths = (date: Date, months: number) => {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

/** A checkout still pending after this long was abandoned: the history says 'expired'. */
export const CHECKOUT_EXPIRES_MS = 60 * 60 * 1000;

export function toPayment(row: PaymentRow, now?: Date): Payment {
  const abandoned =
    now !== undefined && row.status === 'pending' && now.getTime() - row.createdAt.getTime() > CHECKOUT_EXPIRES_MS;
  return {
    _id: row.id,
    kind: row.kind,
    amount: toDecimalString(row.amountMinor, row.currency),
    currency: row.currency,
    // A voided order is, to its payer, a payment that did not go through.
    status: row.status === 'voided' ? 'failed' : abandoned ? 'expired' : row.status,
    solution_id: row.solutionId,
    created_at: row.createdAt.toISOString(),
    ...(row.operator ? { operator: row.operator } : {}),
    ...(row.reference ? { reference: row.reference } : {}),
  };
}

/** Provider failures as API errors: a declined card is the payer's business, an outage is ours. */
export function providerError(error: unknown): never {
  if (error instanceof PaymentError) {
    if (error.reason === 'declined') throw new AppError('PAYMENT_DECLINED');
    if (error.reason === 'network' || error.reason === 'timeout') throw new AppError('SERVICE_UNAVAILABLE');
    throw new AppError('VALIDATION', `The payment provider refused: ${error.message}`);
  }
  throw error;
}
