// D-37: what a USSD menu knows (the number's user, their language) and the services it calls
// (ports). The ports are the product's own services (build.ts): a menu never holds a rule of its own.
import {
  type AcceptedDeal,
  type Alert,
  type CurrencyCode,
  type CurrencySetting,
  type Deal,
  type NewAlert,
  type NewSolution,
  formatMoney,
  payerCurrency,
} from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import type { RequestBody } from '../deals/lifecycle-deps.js';
import type { SessionUser as Caller } from '../sessions/service.js';
import type { SolutionRow } from '../solutions/post-rows-repository.js';
import type { Display } from '../solutions/solution-record.js';
import type { LastSearch, UssdProfile } from './repository.js';
import type { Lang, Texts } from './texts.js';
import { EndWith, end } from './walk.js';

export interface UssdUser {
  id: string;
  firstName: string;
  country: string | null;
  language: Lang;
  admin: boolean;
  mobile: string;
  /** D-29: an account an admin blocked takes no part. */
  blocked?: boolean;
}

export interface TownChoice {
  name: string;
  label: string;
  country: string;
  lat: number;
  lng: number;
}

export interface UssdPorts {
  userByPhone(phone: string): Promise<UssdUser | undefined>;
  register(input: {
    firstName: string;
    country: string;
    phone: string;
    language: Lang;
    sessionId: string;
  }): Promise<UssdUser>;
  profile(userId: string): Promise<UssdProfile | undefined>;
  appPosition(userId: string): Promise<{ lng: number; lat: number } | undefined>;
  saveTown(userId: string, town: TownChoice): Promise<void>;
  saveLastSearch(userId: string, search: LastSearch): Promise<void>;
  /** The 3 best GeoNames matches of a typed name. */
  towns(q: string, lang: Lang): Promise<TownChoice[]>;
  /** The open posts of a type and category nearest a point. */
  nearest(type: LastSearch['type'], category: string, at: [number, number], limit: number): Promise<SolutionRow[]>;
  request(caller: Caller, body: RequestBody): Promise<AcceptedDeal>;
  /** Publishes as the web's publish call does, under the same per-account quota. */
  publish(caller: Caller, input: NewSolution, display: Display): Promise<void>;
  deals(caller: Caller, display: Display): Promise<Deal[]>;
  confirm(caller: Caller, dealId: string, display: Display): Promise<Deal>;
  decline(caller: Caller, dealId: string, display: Display): Promise<Deal>;
  alerts(caller: Caller): Promise<Alert[]>;
  createAlert(caller: Caller, alert: NewAlert): Promise<Alert>;
  setAlertSms(caller: Caller, alertId: string, on: boolean): Promise<Alert>;
  setLanguage(caller: Caller, lang: Lang): Promise<void>;
  sms(to: string, text: string): void;
  /** D-38: the mobile-money operators of a country, for the fee screen. */
  operators(country: string | null): readonly string[];
}

export interface UssdContext {
  sessionId: string;
  phone: string;
  lang: Lang;
  t: Texts;
  /** The USSD code, as the HELP reply and the "dial again" screens name it. */
  code: string;
  /** The web address, for what a basic phone cannot do. */
  web: string;
  now: Date;
  user: UssdUser;
  caller: Caller;
  ports: UssdPorts;
}

/** D-15 revised: a person's prices and fees follow their country. */
export function displayOf(ctx: Pick<UssdContext, 'user' | 'lang'>): Display & { code: CurrencyCode } {
  const payer = payerCurrency(ctx.user.country);
  const currency: CurrencySetting = payer === 'XOF' || payer === 'XAF' ? 'fr' : payer === 'EUR' ? 'euro' : 'dollar';
  const code: CurrencyCode = currency === 'fr' ? 'XOF' : currency === 'euro' ? 'EUR' : 'USD';
  return { currency, lang: ctx.lang, code };
}

/** A post's price in the reader's currency. */
export function priceOf(
  row: Pick<SolutionRow, 'price_usd' | 'price_eur' | 'price_xof'>,
  ctx: Pick<UssdContext, 'user' | 'lang'>,
) {
  const { code } = displayOf(ctx);
  const minor = code === 'XOF' ? row.price_xof : code === 'EUR' ? row.price_eur : row.price_usd;
  return formatMoney(minor, code, ctx.lang === 'fr' ? 'fr-ca' : 'en-us');
}

/** A decimal amount of the API (a fee) as a phone shows it. */
export const amountOf = (money: { amount: string; currency: CurrencyCode }) =>
  `${money.amount} ${money.currency === 'XOF' || money.currency === 'XAF' ? 'F CFA' : money.currency}`;

/** Runs a final action; a refusal of the service ends the session with its reason, in the user's words. */
export async function act<T>(t: Texts, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new EndWith(end(refusal(error, t)));
  }
}

function refusal(error: AppError, t: Texts): string {
  if (error.code === 'RATE_LIMITED' || error.code === 'LIMIT_REACHED') return t.limit;
  if (error.code === 'NOT_AVAILABLE' || error.code === 'NOT_FOUND') return t.notAvailable;
  if (error.code === 'VALIDATION') {
    if (error.fields?.note) return t.noContacts;
    if (error.fields?.from || error.fields?.to || error.fields?.pickup_date) return t.pastDate;
  }
  return t.failed;
}
