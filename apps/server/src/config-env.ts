// The environment variables the server reads, as one zod schema: every variable is listed in the
// README's table; an invalid value stops the server with a message naming it.
import { isIP } from 'node:net';
import { z } from 'zod';
import { normalizeMobile } from './lib/phone.js';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** An IPv4 or IPv6 address, with an optional /prefix (CIDR). */
const isAddressOrCidr = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * Whose X-Forwarded-For is believed. A hop count (the proxies in front of every
 * instance, e.g. 1 for Caddy in compose.yaml) or a comma-separated list of proxy addresses and
 * CIDRs. Unset trusts none: the address is the socket's, so a forged header cannot name another.
 */
const trustProxy = z.string().transform((value, ctx) => {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrCidr)) return entries;
  }
  ctx.addIssue({ code: 'custom', message: 'a hop count (1-10) or a comma-separated list of addresses and CIDRs' });
  return z.NEVER;
});

/** Comma-separated phone numbers, each stored in E.164 as the users table has it. */
const phoneList = z.string().transform((value, ctx) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const numbers = entries.map((entry) => normalizeMobile(entry));
  const bad = entries.filter((_, i) => numbers[i] === null);
  if (bad.length === 0) return numbers as string[];
  ctx.addIssue({ code: 'custom', message: `not a phone number with its dial code: ${bad.join(', ')}` });
  return z.NEVER;
});
/**
 * D-18: a mobile-money payee as users read it: a phone number or an operator's contact line
 * ("Orange Money +221 77 123 45 67"), shown as typed. Letters, digits, spaces and common
 * punctuation only, so it can be neither markup nor a link.
 */
const mobileMoneyPayee = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N} +().,:#'/@-]{3,80}$/u, 'must be a phone number or an operator contact (3 to 80 characters)');

export const MOBILE_MONEY_COUNTRIES = ['SN', 'NE', 'CD'] as const;
export type MobileMoneyCountry = (typeof MOBILE_MONEY_COUNTRIES)[number];
/** `npm start` with the embedded database and demo data: made-up payees, so the screen shows one. */
export const DEMO_MOBILE_MONEY: Record<MobileMoneyCountry, string> = {
  SN: 'Wave +221 77 000 00 00 (demo)',
  NE: 'Airtel Money +227 90 00 00 00 (demo)',
  CD: 'M-Pesa +243 81 000 0000 (demo)',
};

/** D-25: OpenStreetMap's standard tiles, used within its tile policy (no bulk prefetch, caching honoured). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The durable job queue (deal expiries, lapses, completions, reminders): `off` only for tests. */
  JOBS: z.enum(['on', 'off']).default('on'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Put before every key this deployment writes in Redis, for a Redis shared with others. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{0,64}$/, 'letters, digits and : _ . - only')
    .default(''),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxy.optional(),
  /** Connections each instance may hold; instances × this must stay under max_connections. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Bearer token for GET /metrics; without it /metrics answers only in development and tests. */
  METRICS_TOKEN: z.string().optional(),
  /** On SIGTERM, how long an instance keeps serving (health says 503) before it closes, so the load balancer can stop sending first. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `all`: a line when each request arrives and when it is answered; `errors`: only refusals and failures. */
  REQUEST_LOG: z.enum(['all', 'errors']).optional(),
  DEMO_DATA: bool.optional(),
  /** D-26: load only the cities of these countries (comma-separated ISO codes, or `none`; tests); unset loads all. */
  PLACES_COUNTRIES: z
    .string()
    .regex(/^(none|[A-Za-z]{2}(,[A-Za-z]{2})*)$/, 'comma-separated two-letter country codes, or none')
    .optional(),
  /** D-25: the street tiles above the offline shapes; `off` keeps the shapes alone. */
  TILE_URL: z
    .string()
    .regex(
      /^(off|https:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}.*)$/,
      'must be an https URL template with {z}, {x} and {y}, or off',
    )
    .default(OSM_TILE_URL),
  /** Plain text naming the tiles' source, shown on every map (HTML is not allowed: it is escaped). */
  TILE_ATTRIBUTION: z.string().trim().min(1).max(200).optional(),
  /** Where the attribution links to (the tile provider's copyright page). */
  TILE_ATTRIBUTION_URL: z.url({ protocol: /^https$/ }).optional(),
  WEB_DIST: z.string().optional(),
  /** D-11: comma-separated e-mails of the admins; rights only once the e-mail is proven. */
  ADMIN_EMAILS: z.string().optional(),
  /** Comma-separated phone numbers of the admins; their SMS code proves them. */
  ADMIN_PHONES: phoneList.optional(),
  /** D-18: who receives mobile-money payments in Senegal, Niger and DR Congo. */
  MOBILE_MONEY_SN: mobileMoneyPayee.optional(),
  MOBILE_MONEY_NE: mobileMoneyPayee.optional(),
  MOBILE_MONEY_CD: mobileMoneyPayee.optional(),
  /** Multiplies the per-address rate limits (tests raise it; all requests come from 127.0.0.1). */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(10000).default(1),
  // D-4: euros per US dollar for own-proposition prices (the CFA franc is pegged to the euro).
  FX_EUR_PER_USD: z.coerce.number().min(0.1).max(10).default(0.92),
  SMS_PROVIDER: z.enum(['console', 'twilio', 'africastalking']).default('console'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  /** Twilio's API base; tests point it at a local stub. */
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /** D-37: Africa's Talking's account name (`sandbox` for its sandbox) and API key. */
  AT_USERNAME: z.string().optional(),
  AT_API_KEY: z.string().optional(),
  /** Africa's Talking's API base; its sandbox is https://api.sandbox.africastalking.com; tests point it at a local stub. */
  AT_API_URL: z.url().default('https://api.africastalking.com'),
  /** The registered sender id or short code; unset sends from the account's default. */
  AT_SENDER_ID: z.string().max(11).optional(),
  /** D-37: the secret part of the USSD and inbound SMS callback paths; unset, both answer 404. */
  AT_CALLBACK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, '16 to 128 letters, digits, _ or -')
    .optional(),
  /** The USSD code the HELP reply names (as the network shows it). */
  USSD_CODE: z
    .string()
    .regex(/^[*#0-9]{2,20}$/, 'digits, * and #')
    .default('*384*100#'),
  /** D-37: the phone-shaped USSD screen at /ussd; default on outside production (admins only in production). */
  USSD_SIMULATOR: bool.optional(),
  /** E-mail logged and kept locally (never in production), or sent over SMTP. */
  MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  MAIL_FROM: z.string().min(3).max(320).default('Needs & Offers <no-reply@localhost>'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** TLS from the first byte (port 465); default true on 465, else STARTTLS when offered. */
  SMTP_SECURE: bool.optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  /** The providers' OAuth endpoints; tests point them at a local stub. */
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_AUTH_URL: z.url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /** The made-up-identity sign-in page for the embedded default and tests; never in production. */
  SOCIAL_LOCAL: bool.optional(),
  /** D-21: push messages logged locally, or sent with Web Push (VAPID). */
  PUSH_PROVIDER: z.enum(['local', 'webpush']).default('local'),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:admin@example.org'),
  /** D-1, D-22: payments on the local approval page (never in production) or through PayPal. */
  PAYMENT_PROVIDER: z.enum(['local', 'paypal']).default('local'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  /** PayPal's API base; the sandbox unless told otherwise; tests point it at a local stub. */
  PAYPAL_API_URL: z.url().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_PLAN_ID: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  /** D-38: mobile money (XOF, XAF, CDF) on the local checkout page (never in production) or through CinetPay. */
  MOBILE_MONEY_PROVIDER: z.enum(['local', 'cinetpay']).default('local'),
  CINETPAY_API_KEY: z.string().optional(),
  CINETPAY_SITE_ID: z.string().optional(),
  /** Signs the `x-token` of CinetPay's notifications (HMAC-SHA256). */
  CINETPAY_SECRET_KEY: z.string().optional(),
  /** CinetPay's checkout API base; tests point it at a local stub. */
  CINETPAY_API_URL: z.url().default('https://api-checkout.cinetpay.com'),
  /** D-15 revised: Congolese francs per US dollar, for fees charged in CDF. */
  FX_CDF_PER_USD: z.coerce.number().min(1).max(1_000_000).default(2800),
  /** D-23: images on local disk (DATA_DIR/uploads) or in an S3-compatible bucket. */
  STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
  /** An S3-compatible service (MinIO, R2, ...); unset means AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
});

export type Env = z.input<typeof envSchema>;
/** The environment once parsed. */
export type ParsedEnv = z.output<typeof envSchema>;
