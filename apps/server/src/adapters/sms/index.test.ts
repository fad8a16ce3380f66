import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { startTwilioStub, type TwilioStub } from '../../../test/twilio-stub.js';
import { ConfigError, loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { ConsoleSmsAdapter } from './console.js';
import { createSmsAdapter, type SmsLogger } from './index.js';
import { TwilioSmsAdapter } from './twilio.js';
import { PRODUCTION_ENV } from '../../../test/production-env.js';

const logger = () => ({ info: vi.fn<(obj: object, msg: string) => void>() });
const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'secret-token',
  TWILIO_FROM: '+15005550006',
  TWILIO_API_URL: 'http://127.0.0.1:9',
};

let stub: TwilioStub;
beforeAll(async () => {
  stub = await startTwilioStub();
});
afterAll(async () => {
  await stub.close();
});

describe('createSmsAdapter', () => {
  it('uses the console adapter by default', async () => {
    const log = logger();
    const sms = createSmsAdapter(loadConfig({}), log);
    expect(sms).toBeInstanceOf(ConsoleSmsAdapter);
    await sms.send({ to: '+15551230001', text: 'hello' });
    expect(log.info).toHaveBeenCalledOnce();
  });

  it('uses the console adapter in tests and development', () => {
    for (const NODE_ENV of ['test', 'development']) {
      expect(createSmsAdapter(loadConfig({ NODE_ENV, SMS_PROVIDER: 'console' }), logger()).name).toBe('console');
    }
  });

  it('refuses the console adapter in production, naming SMS_PROVIDER', () => {
    const attempt = () => createSmsAdapter(loadConfig({ NODE_ENV: 'production' }), logger());
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/SMS_PROVIDER/);
  });

  it('uses Twilio when configured, in production too, and sends through TWILIO_API_URL', async () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      ...TWILIO,
      TWILIO_ACCOUNT_SID: stub.accountSid,
      TWILIO_AUTH_TOKEN: stub.authToken,
      TWILIO_API_URL: stub.url,
    });
    const sms = createSmsAdapter(config, logger());
    expect(sms).toBeInstanceOf(TwilioSmsAdapter);
    await sms.send({ to: '+15551230001', text: 'via config' });
    expect(stub.messages.at(-1)).toMatchObject({ to: '+15551230001', from: '+15005550006', body: 'via config' });
  });

  it.each(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'])('names %s when it is missing', (name) => {
    const attempt = () => createSmsAdapter(loadConfig({ ...TWILIO, [name]: '' }), logger());
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`SMS_PROVIDER=twilio needs ${name}$`));
  });

  it('names every missing Twilio setting at once', () => {
    const attempt = () => createSmsAdapter(loadConfig({ SMS_PROVIDER: 'twilio' }), logger());
    expect(attempt).toThrow('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM');
  });

  it('accepts the app’s pino logger and Fastify’s', () => {
    expectTypeOf<FastifyBaseLogger>().toExtend<SmsLogger>();
    expect(createSmsAdapter(loadConfig({}), createLogger('silent')).name).toBe('console');
  });
});
