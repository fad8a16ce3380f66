// D-1: picks the SMS adapter named by SMS_PROVIDER. The console adapter is the default so the
// product runs on one machine; loadConfig refuses it in production (config.ts).
import { ConfigError, type Config } from '../../config.js';
import { ConsoleSmsAdapter } from './console.js';
import type { SmsAdapter, SmsLogger } from './sms-adapter.js';
import { TwilioSmsAdapter } from './twilio.js';
import { AfricasTalkingSmsAdapter } from './africastalking.js';

export { ConsoleSmsAdapter, type ConsoleSmsOptions, type SentSms } from './console.js';
export { TwilioSmsAdapter, type TwilioReceipt, type TwilioSmsOptions } from './twilio.js';
export { AfricasTalkingSmsAdapter, type AfricasTalkingReceipt } from './africastalking.js';
export {
  SmsSendError,
  type SmsAdapter,
  type SmsFailure,
  type SmsLogger,
  type SmsMessage,
  type SmsSendErrorDetails,
} from './sms-adapter.js';

export function createSmsAdapter(config: Config, logger: SmsLogger): SmsAdapter {
  const { provider, twilio } = config.sms;
  if (provider === 'console') return new ConsoleSmsAdapter({ logger });
  if (provider === 'africastalking') {
    const { username, apiKey, senderId, apiUrl } = config.sms.africastalking;
    if (!username || !apiKey) {
      const missing = Object.entries({ AT_USERNAME: username, AT_API_KEY: apiKey })
        .filter(([, value]) => !value)
        .map(([name]) => name);
      throw new ConfigError(`SMS_PROVIDER=africastalking needs ${missing.join(', ')}`);
    }
    return new AfricasTalkingSmsAdapter({ username, apiKey, senderId, apiUrl, logger });
  }
  const { accountSid, authToken, from, apiUrl } = twilio;
  if (!accountSid || !authToken || !from) {
    const missing = Object.entries({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: from,
    })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    throw new ConfigError(`SMS_PROVIDER=twilio needs ${missing.join(', ')}`);
  }
  return new TwilioSmsAdapter({ accountSid, authToken, from, apiUrl, logger });
}
