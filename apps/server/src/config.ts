// Configuration from the environment, validated once at start-up. Every variable is listed in
// the README's table; an invalid value stops the server with a message naming it.
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
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
 * Issue 14: whose X-Forwarded-For is believed. A hop count (the proxies in front of every
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

/** Issue 14 item 1: comma-separated phone numbers, each stored in E.164 as the users table has it. */
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
const DEMO_MOBILE_MONEY: Record<MobileMoneyCountry, string> = {
  SN: 'Wave +221 77 000 00 00 (demo)',
  NE: 'Airtel Money +227 90 00 00 00 (demo)',
  CD: 'M-Pesa +243 81 000 0000 (demo)',
};
/** D-25: OpenStreetMap's standard tiles, used within its tile policy (no bulk prefetch, caching honoured). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' };

/** The tile server's origin, for the CSP and the map pages' early connection ({s}: its first subdomain). */
export const tileOrigin = (tileUrl: string | undefined): string | undefined =>
  tileUrl ? new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin : undefined;

/** The credit for the configured tiles: the operator's, else OpenStreetMap's for its tiles, else the tile host. */
function tileAttribution(
  tileUrl: string,
  text: string | undefined,
  url: string | undefined,
): Config['tileAttribution'] {
  if (tileUrl === 'off') return undefined;
  const host = new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).hostname;
  if (text) return { text, url: url ?? null };
  if (host === 'tile.openstreetmap.org' || host.endsWith('.tile.openstreetmap.org')) return OSM_ATTRIBUTION;
  return { text: host, url: url ?? null };
}

const envSchema = z.object({
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
  /** D-11: comma-separated e-mails of the admins; rights only once the e-mail is proven (issue 14). */
  ADMIN_EMAILS: z.string().optional(),
  /** Issue 14 item 1: comma-separated phone numbers of the admins; their SMS code proves them. */
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
  /** Issue 14 item 1: e-mail logged and kept locally (never in production), or sent over SMTP. */
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

export interface Config {
  env: 'development' | 'production' | 'test';
  /** Whether this instance runs the job queue (plugins/jobs.ts). */
  jobs: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  publicUrl: string | undefined;
  /** Issue 14: proxies trusted for X-Forwarded-For: hops, addresses/CIDRs, or none (false). */
  trustProxy: number | string[] | false;
  databasePoolMax: number;
  metricsToken: string | undefined;
  /** Default 5 s in production, 0 otherwise. */
  shutdownDrainMs: number;
  logLevel: string;
  /** Seed demo users and posts on first start (default: only with the embedded database). */
  demoData: boolean;
  /** D-26: the countries whose cities are loaded into an empty places table; undefined: all, []: none. */
  placesCountries: string[] | undefined;
  /** D-25: the street tile template, or undefined for the offline shapes alone. */
  tileUrl: string | undefined;
  /** What the map credits for the tiles (text, and a link when known); undefined without tiles. */
  tileAttribution: { text: string; url: string | null } | undefined;
  /** The built web app to serve; absent in API-only tests. */
  webDist: string | undefined;
  adminEmails: string[];
  /** Issue 14 item 1: admins by proven phone number (E.164). */
  adminPhones: string[];
  /** D-18: the mobile-money payee per country (a number or an operator contact); absent when none. */
  mobileMoney: Partial<Record<MobileMoneyCountry, string>>;
  rateLimitScale: number;
  /** Euros per dollar in millionths (D-4). */
  eurPerUsdMicro: number;
  push: { provider: 'local' | 'webpush'; vapid?: { publicKey: string; privateKey: string; subject: string } };
  payments: {
    provider: 'local' | 'paypal';
    paypal: { clientId?: string; clientSecret?: string; apiUrl: string; planId?: string; webhookId?: string };
  };
  /** D-38: mobile money for XOF, XAF and CDF. */
  mobileMoneyProvider: {
    provider: 'local' | 'cinetpay';
    cinetpay: { apiKey?: string; siteId?: string; secretKey?: string; apiUrl: string };
  };
  /** Congolese francs per dollar in thousandths (D-15 revised). */
  cdfPerUsdMilli: number;
  sms: {
    provider: 'console' | 'twilio' | 'africastalking';
    twilio: { accountSid?: string; authToken?: string; from?: string; apiUrl: string };
    africastalking: { username?: string; apiKey?: string; senderId?: string; apiUrl: string };
  };
  /** D-37: the USSD menu and inbound SMS callbacks, and the simulator. */
  ussd: { callbackSecret: string | undefined; code: string; simulator: boolean };
  mail: {
    provider: 'outbox' | 'smtp';
    from: string;
    smtp: {
      host?: string | undefined;
      port: number;
      secure: boolean;
      user?: string | undefined;
      password?: string | undefined;
    };
  };
  social: {
    google?: { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string; userinfoUrl: string };
    facebook?: { clientId: string; clientSecret: string; authUrl: string; tokenUrl: string; graphUrl: string };
    local: boolean;
  };
  storage:
    | { provider: 'local' }
    | {
        provider: 's3';
        s3: {
          endpoint: string | undefined;
          region: string;
          bucket: string;
          accessKeyId: string;
          secretAccessKey: string;
          forcePathStyle: boolean;
        };
      };
}

export class ConfigError extends Error {}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Reads and validates the environment. Empty values count as unset. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const unsafe = productionProblems(e);
    if (unsafe.length) throw new ConfigError(`Unsafe configuration for production:\n${unsafe.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    jobs: e.JOBS === 'on',
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    databasePoolMax: e.DATABASE_POOL_MAX,
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 0),
    logLevel: e.LOG_LEVEL,
    // Never seed a real database unless asked (issue 2, part 9).
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    placesCountries: e.PLACES_COUNTRIES === 'none' ? [] : e.PLACES_COUNTRIES?.toUpperCase().split(','),
    tileUrl: e.TILE_URL === 'off' ? undefined : e.TILE_URL,
    tileAttribution: tileAttribution(e.TILE_URL, e.TILE_ATTRIBUTION, e.TILE_ATTRIBUTION_URL),
    webDist: e.WEB_DIST ?? DEFAULT_WEB_DIST,
    mobileMoney: mobileMoneyOf(e),
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((m) => m.trim().toLowerCase())
      .filter(Boolean),
    adminPhones: e.ADMIN_PHONES ?? [],
    rateLimitScale: e.RATE_LIMIT_SCALE,
    eurPerUsdMicro: Math.round(e.FX_EUR_PER_USD * 1_000_000),
    push: {
      provider: e.PUSH_PROVIDER,
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
          : undefined,
    },
    payments: {
      provider: e.PAYMENT_PROVIDER,
      paypal: {
        clientId: e.PAYPAL_CLIENT_ID,
        clientSecret: e.PAYPAL_CLIENT_SECRET,
        apiUrl: e.PAYPAL_API_URL,
        planId: e.PAYPAL_PLAN_ID,
        webhookId: e.PAYPAL_WEBHOOK_ID,
      },
    },
    mobileMoneyProvider: {
      provider: e.MOBILE_MONEY_PROVIDER,
      cinetpay: {
        apiKey: e.CINETPAY_API_KEY,
        siteId: e.CINETPAY_SITE_ID,
        secretKey: e.CINETPAY_SECRET_KEY,
        apiUrl: e.CINETPAY_API_URL,
      },
    },
    cdfPerUsdMilli: Math.round(e.FX_CDF_PER_USD * 1_000),
    sms: {
      provider: e.SMS_PROVIDER,
      twilio: {
        accountSid: e.TWILIO_ACCOUNT_SID,
        authToken: e.TWILIO_AUTH_TOKEN,
        from: e.TWILIO_FROM,
        apiUrl: e.TWILIO_API_URL,
      },
      africastalking: {
        username: e.AT_USERNAME,
        apiKey: e.AT_API_KEY,
        senderId: e.AT_SENDER_ID,
        apiUrl: e.AT_API_URL,
      },
    },
    ussd: {
      callbackSecret: e.AT_CALLBACK_SECRET,
      code: e.USSD_CODE,
      simulator: e.USSD_SIMULATOR ?? e.NODE_ENV !== 'production',
    },
    mail: {
      provider: e.MAIL_PROVIDER,
      from: e.MAIL_FROM,
      smtp: {
        host: e.SMTP_HOST,
        port: e.SMTP_PORT,
        secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465,
        user: e.SMTP_USER,
        password: e.SMTP_PASSWORD,
      },
    },
    social: {
      google: pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, {
        authUrl: e.GOOGLE_AUTH_URL,
        tokenUrl: e.GOOGLE_TOKEN_URL,
        userinfoUrl: e.GOOGLE_USERINFO_URL,
      }),
      facebook: pair(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET, {
        authUrl: e.FACEBOOK_AUTH_URL,
        tokenUrl: e.FACEBOOK_TOKEN_URL,
        graphUrl: e.FACEBOOK_GRAPH_URL,
      }),
      local: e.SOCIAL_LOCAL ?? e.NODE_ENV !== 'production',
    },
    storage: storage(e),
  };
}

/** Values that come from examples and tutorials, never from a real secret store. */
const PLACEHOLDER =
  /change.?me|replace.?me|placeholder|^(secret|password|passw0rd|admin|minioadmin|test|example|postgres|xxx+)$/i;
const SECRETS = [
  'TWILIO_AUTH_TOKEN',
  'AT_API_KEY',
  'AT_CALLBACK_SECRET',
  'PAYPAL_CLIENT_SECRET',
  'CINETPAY_API_KEY',
  'CINETPAY_SECRET_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'VAPID_PRIVATE_KEY',
  'METRICS_TOKEN',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_SECRET',
  'SMTP_PASSWORD',
] as const;

/**
 * Issue 7: production refuses the local stand-ins (payments, SMS, social sign-in), secrets left at
 * an example value, and a missing PUBLIC_URL. Each problem names its setting.
 */
function productionProblems(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  const need = (name: keyof typeof e, why: string) => {
    if (!e[name]) problems.push(`  ${name}: ${why}`);
  };
  need('PUBLIC_URL', 'required in production (payment returns and links are built from it)');
  if (e.PUBLIC_URL && !e.PUBLIC_URL.startsWith('https://'))
    problems.push('  PUBLIC_URL: must be an https URL in production');
  if (e.PAYMENT_PROVIDER === 'local')
    problems.push('  PAYMENT_PROVIDER: the local payment page is refused in production; use paypal');
  else {
    need('PAYPAL_CLIENT_ID', 'required with PAYMENT_PROVIDER=paypal');
    need('PAYPAL_CLIENT_SECRET', 'required with PAYMENT_PROVIDER=paypal');
    need('PAYPAL_PLAN_ID', 'required with PAYMENT_PROVIDER=paypal, for the yearly subscription');
    need('PAYPAL_WEBHOOK_ID', 'required with PAYMENT_PROVIDER=paypal, to verify webhooks');
  }
  if (e.MOBILE_MONEY_PROVIDER === 'local')
    problems.push('  MOBILE_MONEY_PROVIDER: the local mobile-money checkout is refused in production; use cinetpay');
  else {
    need('CINETPAY_API_KEY', 'required with MOBILE_MONEY_PROVIDER=cinetpay');
    need('CINETPAY_SITE_ID', 'required with MOBILE_MONEY_PROVIDER=cinetpay');
    need('CINETPAY_SECRET_KEY', 'required with MOBILE_MONEY_PROVIDER=cinetpay, to verify the x-token of notifications');
  }
  if (e.SMS_PROVIDER === 'console')
    problems.push('  SMS_PROVIDER: the console SMS sender is refused in production; use twilio or africastalking');
  else if (e.SMS_PROVIDER === 'africastalking') {
    need('AT_USERNAME', 'required with SMS_PROVIDER=africastalking');
    need('AT_API_KEY', 'required with SMS_PROVIDER=africastalking');
    if (e.AT_USERNAME === 'sandbox')
      problems.push("  AT_USERNAME: Africa's Talking's sandbox is refused in production");
  } else {
    need('TWILIO_ACCOUNT_SID', 'required with SMS_PROVIDER=twilio');
    need('TWILIO_AUTH_TOKEN', 'required with SMS_PROVIDER=twilio');
    need('TWILIO_FROM', 'required with SMS_PROVIDER=twilio');
  }
  // Issue 14 item 1: an admin's e-mail is proven by a code that must reach a real mailbox.
  if (e.MAIL_PROVIDER === 'outbox')
    problems.push('  MAIL_PROVIDER: the local mail outbox is refused in production; use smtp');
  else {
    need('SMTP_HOST', 'required with MAIL_PROVIDER=smtp');
    if (/@localhost>?$/.test(e.MAIL_FROM))
      problems.push('  MAIL_FROM: required with MAIL_PROVIDER=smtp, an address of this deployment');
  }
  if (e.SOCIAL_LOCAL) problems.push('  SOCIAL_LOCAL: the local sign-in page is refused in production');
  need('METRICS_TOKEN', 'required in production, so /metrics is not public');
  if (e.METRICS_TOKEN && e.METRICS_TOKEN.length < 16) problems.push('  METRICS_TOKEN: at least 16 characters');
  for (const name of SECRETS) {
    const value = e[name];
    if (value && PLACEHOLDER.test(value)) problems.push(`  ${name}: still an example value; set a real secret`);
  }
  for (const name of ['DATABASE_URL', 'REDIS_URL'] as const) {
    const value = e[name];
    const password = value ? decodeURIComponent(new URL(value).password) : '';
    if (password && PLACEHOLDER.test(password)) problems.push(`  ${name}: the password is an example value`);
  }
  return problems;
}

/** A provider is enabled only when both its client id and secret are configured. */
const pair = <E extends object>(clientId: string | undefined, clientSecret: string | undefined, endpoints: E) =>
  clientId && clientSecret ? { clientId, clientSecret, ...endpoints } : undefined;

/** D-23: S3 needs a bucket and both keys; every missing one is named. */
function storage(e: z.output<typeof envSchema>): Config['storage'] {
  if (e.STORAGE_PROVIDER === 'local') return { provider: 'local' };
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!bucket || !accessKeyId || !secretAccessKey) {
    const lines = Object.entries({
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    })
      .filter(([, value]) => !value)
      .map(([name]) => `  ${name}: required with STORAGE_PROVIDER=s3`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    provider: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket,
      accessKeyId,
      secretAccessKey,
      // MinIO and most S3-compatible services answer only path-style requests.
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    },
  };
}

function mobileMoneyOf(e: z.output<typeof envSchema>): Partial<Record<MobileMoneyCountry, string>> {
  const configured = { SN: e.MOBILE_MONEY_SN, NE: e.MOBILE_MONEY_NE, CD: e.MOBILE_MONEY_CD };
  const anySet = Object.values(configured).some(Boolean);
  // Demo payees only for a local demo (embedded database, demo data, not production) set nothing.
  const demo = !anySet && e.NODE_ENV !== 'production' && e.DATABASE_URL === undefined && e.DEMO_DATA !== false;
  const out: Partial<Record<MobileMoneyCountry, string>> = {};
  for (const country of MOBILE_MONEY_COUNTRIES) {
    const payee = demo ? DEMO_MOBILE_MONEY[country] : configured[country];
    if (payee) out[country] = payee;
  }
  return out;
}
