// D-38: picks the mobile-money adapter named by MOBILE_MONEY_PROVIDER. The local checkout is the
// default so the product runs on one machine; loadConfig refuses it in production (config.ts).
import { ConfigError, type Config } from '../../config.js';
import { CinetPayAdapter } from './cinetpay.js';
import { LocalMobileMoneyAdapter, type LocalMomoStore } from './local.js';
import type { MobileMoneyAdapter } from './mobile-money-adapter.js';

export { CinetPayAdapter, toCinetpayAmount, type CinetPayOptions } from './cinetpay.js';
export {
  LocalMobileMoneyAdapter,
  LOCAL_MOMO_PATH,
  LOCAL_SITE_ID,
  memoryLocalMomo,
  type LocalMomoOrder,
  type LocalMomoStore,
} from './local.js';
export * from './mobile-money-adapter.js';

export function createMobileMoneyAdapter(config: Config, localOrders?: LocalMomoStore): MobileMoneyAdapter {
  const { provider, cinetpay } = config.mobileMoneyProvider;
  if (provider === 'local') return new LocalMobileMoneyAdapter(localOrders, cinetpay.secretKey);
  const { apiKey, siteId, secretKey, apiUrl } = cinetpay;
  if (!apiKey || !siteId || !secretKey) {
    const missing = Object.entries({
      CINETPAY_API_KEY: apiKey,
      CINETPAY_SITE_ID: siteId,
      CINETPAY_SECRET_KEY: secretKey,
    })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    throw new ConfigError(`MOBILE_MONEY_PROVIDER=cinetpay needs ${missing.join(', ')}`);
  }
  return new CinetPayAdapter({ apiKey, siteId, secretKey, apiUrl });
}
