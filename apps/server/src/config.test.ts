import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { contentSecurityPolicy } from './plugins/security.js';
import { PRODUCTION_ENV } from '../test/production-env.js';

describe('loadConfig', () => {
  it('defaults to port 3000, ./data, info logs and demo data on the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', logLevel: 'info', demoData: true });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('never seeds a real database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('names every invalid setting', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL/);
    expect(attempt).toThrow(/PUBLIC_URL/);
  });

  it('trusts no proxy by default, and TRUST_PROXY as a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    for (const bad of ['true', '0', '11', '10.0.0.0/33', 'caddy', '10.0.0.1,', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads ADMIN_PHONES as E.164 numbers and names one that is not a number', () => {
    expect(loadConfig({}).adminPhones).toEqual([]);
    expect(loadConfig({ ADMIN_PHONES: '+221 77 123 45 67, 0033612345678' }).adminPhones).toEqual([
      '+221771234567',
      '+33612345678',
    ]);
    expect(() => loadConfig({ ADMIN_PHONES: '+221771234567,boss@example.org' })).toThrow(
      /ADMIN_PHONES: not a phone number with its dial code: boss@example.org/,
    );
  });

  it('reads the SMTP settings, with implicit TLS on port 465', () => {
    const smtp = { MAIL_PROVIDER: 'smtp', SMTP_HOST: 'mail.example.org', SMTP_USER: 'u', SMTP_PASSWORD: 'p' };
    expect(loadConfig(smtp).mail).toEqual({
      provider: 'smtp',
      from: 'Needs & Offers <no-reply@localhost>',
      smtp: { host: 'mail.example.org', port: 587, secure: false, user: 'u', password: 'p' },
    });
    expect(loadConfig({ ...smtp, SMTP_PORT: '465' }).mail.smtp.secure).toBe(true);
    expect(loadConfig({ ...smtp, SMTP_PORT: '2525', SMTP_SECURE: 'true' }).mail.smtp).toMatchObject({
      port: 2525,
      secure: true,
    });
  });

  it('accepts only an https tile URL template, or off', () => {
    expect(loadConfig({ TILE_URL: 'https://tile.example.org/{z}/{x}/{y}.png' }).tileUrl).toContain('{z}');
    expect(() => loadConfig({ TILE_URL: 'http://tile.example.org/{z}/{x}/{y}.png' })).toThrow(/TILE_URL/);
    expect(loadConfig({ TILE_URL: 'off' })).toMatchObject({ tileUrl: undefined, tileAttribution: undefined });
  });

  it("defaults to OpenStreetMap's standard tiles, credited to OpenStreetMap (D-25)", () => {
    expect(loadConfig({})).toMatchObject({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' },
    });
    expect(() => loadConfig({ TILE_ATTRIBUTION_URL: 'javascript:alert(1)' })).toThrow(/TILE_ATTRIBUTION_URL/);
    // The browser may load those tiles: the CSP names their host.
    expect(contentSecurityPolicy(loadConfig({}))['img-src']).toContain('https://tile.openstreetmap.org');
    expect(contentSecurityPolicy(loadConfig({ TILE_URL: 'off' }))['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('names the mobile-money payees configured per country (D-18), and refuses markup', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@h/db',
      MOBILE_MONEY_SN: ' Orange Money +221 77 123 45 67 ',
      MOBILE_MONEY_CD: '+243 81 234 5678',
    });
    expect(config.mobileMoney).toEqual({ SN: 'Orange Money +221 77 123 45 67', CD: '+243 81 234 5678' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).mobileMoney).toEqual({});
    for (const bad of ['<b>+221</b>', 'javascript:alert(1)"', '12', 'x'.repeat(81)]) {
      expect(() => loadConfig({ MOBILE_MONEY_NE: bad }), bad).toThrow(/MOBILE_MONEY_NE/);
    }
  });

  it('shows made-up payees for the local demo only (npm start), never in production or on a real database', () => {
    expect(Object.keys(loadConfig({}).mobileMoney)).toEqual(['SN', 'NE', 'CD']);
    expect(loadConfig({}).mobileMoney.SN).toMatch(/demo/);
    expect(loadConfig({ DEMO_DATA: 'false' }).mobileMoney).toEqual({});
    expect(loadConfig({ MOBILE_MONEY_NE: '+227 90 12 34 56' }).mobileMoney).toEqual({ NE: '+227 90 12 34 56' });
  });
});

/** A production environment that passes every check, with PostgreSQL and Redis. */
const PRODUCTION = {
  ...PRODUCTION_ENV,
  DATABASE_URL: 'postgres://app:Kq8s7dLr2xVb@db:5432/market',
  REDIS_URL: 'redis://redis:6379',
};

describe('production', () => {
  it('starts with real providers, real secrets and a public https URL', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({ env: 'production', shutdownDrainMs: 5000, requestLog: 'errors' });
    expect(config.social.local).toBe(false);
    expect(loadConfig({ ...PRODUCTION, REQUEST_LOG: 'all' }).requestLog).toBe('all');
  });

  it.each([
    ['PAYMENT_PROVIDER', { PAYMENT_PROVIDER: 'local' }, /PAYMENT_PROVIDER: the local payment page is refused/],
    ['SMS_PROVIDER', { SMS_PROVIDER: 'console' }, /SMS_PROVIDER: the console SMS sender is refused/],
    ['SOCIAL_LOCAL', { SOCIAL_LOCAL: 'true' }, /SOCIAL_LOCAL: the local sign-in page is refused/],
    ['PUBLIC_URL', { PUBLIC_URL: '' }, /PUBLIC_URL: required in production/],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://market.example.org' }, /PUBLIC_URL: must be an https URL/],
    ['METRICS_TOKEN', { METRICS_TOKEN: '' }, /METRICS_TOKEN: required in production/],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }, /METRICS_TOKEN: at least 16 characters/],
    ['PAYPAL_CLIENT_SECRET', { PAYPAL_CLIENT_SECRET: 'change-me' }, /PAYPAL_CLIENT_SECRET: still an example value/],
    ['TWILIO_AUTH_TOKEN', { TWILIO_AUTH_TOKEN: 'changeme' }, /TWILIO_AUTH_TOKEN: still an example value/],
    [
      'S3_SECRET_ACCESS_KEY',
      { STORAGE_PROVIDER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'minioadmin', S3_SECRET_ACCESS_KEY: 'minioadmin' },
      /S3_SECRET_ACCESS_KEY: still an example value/,
    ],
    [
      'DATABASE_URL',
      { DATABASE_URL: 'postgres://postgres:postgres@db/market' },
      /DATABASE_URL: the password is an example value/,
    ],
    ['TWILIO_FROM', { TWILIO_FROM: '' }, /TWILIO_FROM: required with SMS_PROVIDER=twilio/],
    ['PAYPAL_WEBHOOK_ID', { PAYPAL_WEBHOOK_ID: '' }, /PAYPAL_WEBHOOK_ID: required/],
    // An admin's e-mail is proven by a code that must reach a real mailbox.
    ['MAIL_PROVIDER', { MAIL_PROVIDER: 'outbox' }, /MAIL_PROVIDER: the local mail outbox is refused in production/],
    ['MAIL_PROVIDER', { MAIL_PROVIDER: '' }, /MAIL_PROVIDER: the local mail outbox is refused in production/],
    ['SMTP_HOST', { SMTP_HOST: '' }, /SMTP_HOST: required with MAIL_PROVIDER=smtp/],
    ['MAIL_FROM', { MAIL_FROM: '' }, /MAIL_FROM: required with MAIL_PROVIDER=smtp/],
    ['SMTP_PASSWORD', { SMTP_PASSWORD: 'change-me' }, /SMTP_PASSWORD: still an example value/],
  ])('refuses to start and names %s when it is unsafe', (_name, change, message) => {
    const attempt = () => loadConfig({ ...PRODUCTION, ...change });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });

  it('names every unsafe setting at once', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production' });
    for (const name of ['PUBLIC_URL', 'PAYMENT_PROVIDER', 'SMS_PROVIDER', 'MAIL_PROVIDER', 'METRICS_TOKEN']) {
      expect(attempt).toThrow(new RegExp(`${name}:`));
    }
  });

  it('keeps the local stand-ins as the default outside production', () => {
    expect(loadConfig({})).toMatchObject({
      payments: { provider: 'local' },
      sms: { provider: 'console' },
      mail: { provider: 'outbox' },
      shutdownDrainMs: 0,
      requestLog: 'all',
    });
    expect(() => loadConfig({ REQUEST_LOG: 'some' })).toThrow(/REQUEST_LOG/);
  });
});
