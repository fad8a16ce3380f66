// D-1: picks the payment adapter named by PAYMENT_PROVIDER. The local provider is the default so
// the product runs on one machine; loadConfig refuses it in production (config.ts).
import { ConfigError, type Config } from '../../config.js';
import { LocalPaymentAdapter, type LocalOrderStore } from './local.js';
import type { PaymentAdapter } from './payment-adapter.js';
import { PayPalPaymentAdapter } from './paypal.js';

export { LocalPaymentAdapter, LOCAL_CHECKOUT_PATH, type LocalOrderStore } from './local.js';
export { PayPalPaymentAdapter, type PayPalOptions } from './paypal.js';
export * from './payment-adapter.js';

/** `localOrders`: where the local provider keeps its orders (the app passes the database). */
export function createPaymentAdapter(config: Config, now: () => Date, localOrders?: LocalOrderStore): PaymentAdapter {
  const { provider, paypal } = config.payments;
  if (provider === 'local') return new LocalPaymentAdapter(localOrders);
  const { clientId, clientSecret, planId, webhookId, apiUrl } = paypal;
  if (!clientId || !clientSecret || !planId || !webhookId) {
    const missing = Object.entries({
      PAYPAL_CLIENT_ID: clientId,
      PAYPAL_CLIENT_SECRET: clientSecret,
      PAYPAL_PLAN_ID: planId,
      PAYPAL_WEBHOOK_ID: webhookId,
    })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    throw new ConfigError(`PAYMENT_PROVIDER=paypal needs ${missing.join(', ')}`);
  }
  return new PayPalPaymentAdapter({ clientId, clientSecret, planId, webhookId, apiUrl, now });
}
