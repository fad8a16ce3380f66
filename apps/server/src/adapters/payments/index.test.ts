import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createPaymentAdapter, LocalPaymentAdapter, PayPalPaymentAdapter } from './index.js';

const now = () => new Date();
const PAYPAL = {
  PAYMENT_PROVIDER: 'paypal',
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_PLAN_ID: 'P-1',
  PAYPAL_WEBHOOK_ID: 'WH-1',
};

describe('createPaymentAdapter', () => {
  it('uses the local provider by default, against the PayPal sandbox when PayPal is chosen', () => {
    expect(createPaymentAdapter(loadConfig({}), now)).toBeInstanceOf(LocalPaymentAdapter);
    expect(loadConfig(PAYPAL).payments.paypal.apiUrl).toBe('https://api-m.sandbox.paypal.com');
    expect(createPaymentAdapter(loadConfig(PAYPAL), now)).toBeInstanceOf(PayPalPaymentAdapter);
  });

  it('refuses the local provider in production', () => {
    expect(() => createPaymentAdapter(loadConfig({ NODE_ENV: 'production' }), now)).toThrow(ConfigError);
  });

  it('names every missing PayPal setting', () => {
    const attempt = () => createPaymentAdapter(loadConfig({ PAYMENT_PROVIDER: 'paypal' }), now);
    expect(attempt).toThrow(/PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_PLAN_ID, PAYPAL_WEBHOOK_ID/);
  });
});
