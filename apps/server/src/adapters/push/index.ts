// D-1: picks the push adapter named by PUSH_PROVIDER; the local one is the default.
import { ConfigError, type Config } from '../../config.js';
import { LocalPushAdapter } from './local.js';
import type { PushAdapter } from './push-adapter.js';
import { WebPushAdapter } from './web-push.js';

export { LocalPushAdapter } from './local.js';
export { WebPushAdapter } from './web-push.js';
export type { PushAdapter, PushMessage, PushResult } from './push-adapter.js';

export function createPushAdapter(config: Config, log: { info(obj: object, msg: string): void }): PushAdapter {
  if (config.push.provider === 'local') return new LocalPushAdapter(log);
  if (!config.push.vapid) {
    throw new ConfigError(
      'PUSH_PROVIDER=webpush needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys)',
    );
  }
  return new WebPushAdapter(config.push.vapid);
}
