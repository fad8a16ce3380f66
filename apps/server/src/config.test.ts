import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
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

  it('accepts only an https tile URL template', () => {
    expect(loadConfig({ TILE_URL: 'https://tile.example.org/{z}/{x}/{y}.png' }).tileUrl).toContain('{z}');
    expect(() => loadConfig({ TILE_URL: 'http://tile.example.org/{z}/{x}/{y}.png' })).toThrow(/TILE_URL/);
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
    expect(config).toMatchObject({ env: 'production', shutdownDrainMs: 5000 });
    expect(config.social.local).toBe(false);
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
  ])('refuses to start and names %s when it is unsafe', (_name, change, message) => {
    const attempt = () => loadConfig({ ...PRODUCTION, ...change });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });

  it('names every unsafe setting at once', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production' });
    for (const name of ['PUBLIC_URL', 'PAYMENT_PROVIDER', 'SMS_PROVIDER', 'METRICS_TOKEN']) {
      expect(attempt).toThrow(new RegExp(`${name}:`));
    }
  });

  it('keeps the local stand-ins as the default outside production', () => {
    expect(loadConfig({})).toMatchObject({
      payments: { provider: 'local' },
      sms: { provider: 'console' },
      shutdownDrainMs: 0,
    });
  });
});
