// Configuration from the environment, validated once at start-up. Every variable is listed in
// the README's table; an invalid value stops the server with a message naming it.
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { productionProblems } from './config-checks.js';
import {
  MOBILE_MONEY_COUNTRIES,
  DEMO_MOBILE_MONEY,
  envSchema,
  type MobileMoneyCountry,
  type ParsedEnv,
} from './config-env.js';

const OSM_ATTRIBUTION = { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' };

/** The tile server's origin, for the CSP and the map pages' early connection ({s}: its first subdomain). */
export const tileOrigin = (tileUrl: string | undefined): string | undefined =>
  tileUrl ? new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin : undefined;

/** The credit for the configured tiles: the operator's, else OpenStreetMap's for its tiles, else the tile host. */
function tileAttribution(
  tileUrl: string,
  text: string | undefined,
  url: string | undefined,
): { text: string; url: string | null } | undefined {
  if (tileUrl === 'off') return undefined;
  const host = new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).hostname;
  if (text) return { text, url: url ?? null };
  if (host === 'tile.openstreetmap.org' || host.endsWith('.tile.openstreetmap.org')) return OSM_ATTRIBUTION;
  return { text: host, url: url ?? null };
}

export class ConfigError extends Error {}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The configuration the server runs with: the environment checked, then shaped. `Config` is its output. */
const configSchema = envSchema.transform((e) => {
  if (e.NODE_ENV === 'production') {
    const unsafe = productionProblems(e);
    if (unsafe.length) throw new ConfigError(`Unsafe configuration for production:\n${unsafe.join('\n')}`);
  }
  const config = {
    env: e.NODE_ENV,
    /** Whether this instance runs the job queue (plugins/jobs.ts). */
    jobs: e.JOBS === 'on',
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicUrl: e.PUBLIC_URL,
    /** Proxies trusted for X-Forwarded-For: hops, addresses/CIDRs, or none (false). */
    trustProxy: e.TRUST_PROXY ?? false,
    databasePoolMax: e.DATABASE_POOL_MAX,
    metricsToken: e.METRICS_TOKEN,
    /** Default 5 s in production, 0 otherwise. */
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 0),
    logLevel: e.LOG_LEVEL,
    /** Fastify's two lines for every request: default off in production (logger.ts). */
    requestLog: e.REQUEST_LOG ?? (e.NODE_ENV === 'production' ? 'errors' : 'all'),
    // Never seed a real database unless asked.
    /** Seed demo users and posts on first start (default: only with the embedded database). */
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    /** D-26: the countries whose cities are loaded into an empty places table; undefined: all, []: none. */
    placesCountries: e.PLACES_COUNTRIES === 'none' ? [] : e.PLACES_COUNTRIES?.toUpperCase().split(','),
    /** D-25: the street tile template, or undefined for the offline shapes alone. */
    tileUrl: e.TILE_URL === 'off' ? undefined : e.TILE_URL,
    /** What the map credits for the tiles (text, and a link when known); undefined without tiles. */
    tileAttribution: tileAttribution(e.TILE_URL, e.TILE_ATTRIBUTION, e.TILE_ATTRIBUTION_URL),
    /** The built web app to serve; absent in API-only tests. */
    webDist: e.WEB_DIST ?? DEFAULT_WEB_DIST,
    /** D-18: the mobile-money payee per country (a number or an operator contact); absent when none. */
    mobileMoney: mobileMoneyOf(e),
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((m) => m.trim().toLowerCase())
      .filter(Boolean),
    /** Admins by proven phone number (E.164). */
    adminPhones: e.ADMIN_PHONES ?? [],
    rateLimitScale: e.RATE_LIMIT_SCALE,
    /** Euros per dollar in millionths (D-4). */
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
    /** D-38: mobile money for XOF, XAF and CDF. */
    mobileMoneyProvider: {
      provider: e.MOBILE_MONEY_PROVIDER,
      cinetpay: {
        apiKey: e.CINETPAY_API_KEY,
        siteId: e.CINETPAY_SITE_ID,
        secretKey: e.CINETPAY_SECRET_KEY,
        apiUrl: e.CINETPAY_API_URL,
      },
    },
    /** Congolese francs per dollar in thousandths (D-15 revised). */
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
    /** D-37: the USSD menu and inbound SMS callbacks, and the simulator. */
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
  return config;
});
export type Config = z.output<typeof configSchema>;

/** Reads and validates the environment. Empty values count as unset. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A provider is enabled only when both its client id and secret are configured. */
const pair = <E extends object>(clientId: string | undefined, clientSecret: string | undefined, endpoints: E) =>
  clientId && clientSecret ? { clientId, clientSecret, ...endpoints } : undefined;

/** D-23: S3 needs a bucket and both keys; every missing one is named. */
type Storage =
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
function storage(e: ParsedEnv): Storage {
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

function mobileMoneyOf(e: ParsedEnv): Partial<Record<MobileMoneyCountry, string>> {
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
