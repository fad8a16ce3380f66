import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAfricasTalkingStub, type AfricasTalkingStub } from '../../../test/africastalking-stub.js';
import { PRODUCTION_ENV } from '../../../test/production-env.js';
import { ConfigError, loadConfig } from '../../config.js';
import { AfricasTalkingSmsAdapter } from './africastalking.js';
import { createSmsAdapter } from './index.js';
import { SmsSendError } from './sms-adapter.js';

const silent = { info: () => undefined };
let stub: AfricasTalkingStub;
beforeAll(async () => {
  stub = await startAfricasTalkingStub();
});
afterAll(async () => {
  await stub.close();
});

const adapterFor = (apiKey = stub.apiKey) =>
  createSmsAdapter(
    loadConfig({
      SMS_PROVIDER: 'africastalking',
      AT_USERNAME: stub.username,
      AT_API_KEY: apiKey,
      AT_API_URL: stub.url,
      AT_SENDER_ID: 'MARCHE',
    }),
    silent,
  );

describe("Africa's Talking SMS adapter", () => {
  it('sends the text to the number with the sender id, and returns the message id', async () => {
    const sms = adapterFor();
    expect(sms).toBeInstanceOf(AfricasTalkingSmsAdapter);
    const receipt = await (sms as AfricasTalkingSmsAdapter).sendMessage({ to: '+221770000001', text: 'Bonjour' });
    expect(receipt.statusCode).toBe(101);
    expect(stub.messages.at(-1)).toMatchObject({ to: '+221770000001', message: 'Bonjour', from: 'MARCHE' });
    expect(receipt.messageId).toBe(stub.messages.at(-1)?.messageId);
  });

  it('throws a rejection on a wrong API key', async () => {
    await expect(adapterFor('atsk_wrong').send({ to: '+221770000001', text: 'x' })).rejects.toMatchObject({
      name: 'SmsSendError',
      reason: 'rejected',
      status: 401,
    });
  });

  it("throws a rejection carrying the recipient's status code when the number is refused", async () => {
    stub.failNext(403, 'InvalidPhoneNumber');
    const error = await adapterFor()
      .send({ to: '+221770000002', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error).toMatchObject({ code: 403, reason: 'rejected' });
  });

  it('says the provider could not be reached', async () => {
    const sms = new AfricasTalkingSmsAdapter({ username: 'u', apiKey: 'k', apiUrl: 'http://127.0.0.1:9' });
    await expect(sms.send({ to: '+221770000001', text: 'x' })).rejects.toMatchObject({ reason: 'network' });
  });

  it('names the missing settings', () => {
    expect(() => createSmsAdapter(loadConfig({ SMS_PROVIDER: 'africastalking' }), silent)).toThrow(
      /AT_USERNAME, AT_API_KEY/,
    );
  });

  it('is accepted in production with real settings, and its sandbox or missing key refused', () => {
    const at = {
      ...PRODUCTION_ENV,
      SMS_PROVIDER: 'africastalking',
      AT_USERNAME: 'marche',
      AT_API_KEY: 'atsk_9f8e7d6c5b4a3f2e1d0c',
    };
    expect(loadConfig(at).sms.provider).toBe('africastalking');
    expect(() => loadConfig({ ...at, AT_USERNAME: 'sandbox' })).toThrow(/AT_USERNAME: Africa's Talking's sandbox/);
    expect(() => loadConfig({ ...at, AT_API_KEY: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...at, AT_CALLBACK_SECRET: 'change-me-change-me' })).toThrow(/AT_CALLBACK_SECRET/);
  });
});
