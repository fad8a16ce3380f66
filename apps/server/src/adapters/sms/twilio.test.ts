import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID_TO_NUMBER, startTwilioStub, type TwilioStub } from '../../../test/twilio-stub.js';
import { SmsSendError } from './sms-adapter.js';
import { TwilioSmsAdapter, type TwilioSmsOptions } from './twilio.js';

const FROM = '+15005550006';
const TO = '+15551230001';
let stub: TwilioStub;

const adapter = (overrides: Partial<TwilioSmsOptions> = {}) =>
  new TwilioSmsAdapter({
    accountSid: stub.accountSid,
    authToken: stub.authToken,
    from: FROM,
    apiUrl: stub.url,
    ...overrides,
  });

/** Runs `attempt`, expecting an SmsSendError, and returns it. */
async function failure(attempt: Promise<unknown>): Promise<SmsSendError> {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

beforeAll(async () => {
  stub = await startTwilioStub();
});
afterAll(async () => {
  await stub.close();
});
beforeEach(() => {
  stub.messages.length = 0;
  stub.requests.length = 0;
});

describe('TwilioSmsAdapter', () => {
  it('posts To, From and Body as a form with Basic auth to the account’s Messages resource', async () => {
    const sms = adapter();
    expect(sms.name).toBe('twilio');
    await sms.send({ to: TO, text: 'Your code is 123456' });

    expect(stub.messages).toHaveLength(1);
    expect(stub.messages[0]).toMatchObject({ to: TO, from: FROM, body: 'Your code is 123456', status: 'queued' });
    const request = stub.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${stub.accountSid}/Messages.json`);
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const credentials = Buffer.from(request?.authorization?.replace(/^Basic /, '') ?? '', 'base64').toString();
    expect(credentials).toBe(`${stub.accountSid}:${stub.authToken}`);
  });

  it('returns the sid and status Twilio answers with', async () => {
    const receipt = await adapter().sendMessage({ to: TO, text: 'Bonjour é ü & = +' });
    expect(receipt.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(receipt).toEqual({ sid: stub.messages[0]?.sid, status: 'queued' });
    expect(stub.messages[0]?.body).toBe('Bonjour é ü & = +');
  });

  it('accepts an API URL that ends with a slash', async () => {
    await adapter({ apiUrl: `${stub.url}/` }).send({ to: TO, text: 'hi' });
    expect(stub.messages).toHaveLength(1);
  });

  it('throws SmsSendError with code 20003 when the credentials are wrong', async () => {
    const error = await failure(adapter({ authToken: 'wrong-token' }).send({ to: TO, text: 'hi' }));
    expect(error).toMatchObject({ reason: 'rejected', code: 20003, status: 401, message: 'Authenticate' });
    expect(error.moreInfo).toBe('https://www.twilio.com/docs/errors/20003');
    expect(stub.messages).toHaveLength(0);
  });

  it('throws SmsSendError with Twilio’s code and message for an invalid number', async () => {
    const text = "The 'To' number +15005550001 is not a valid phone number.";
    stub.failNext(INVALID_TO_NUMBER, text);
    const error = await failure(adapter().send({ to: '+15005550001', text: 'hi' }));
    expect(error).toMatchObject({ reason: 'rejected', code: 21211, status: 400, message: text });
    expect(stub.messages).toHaveLength(0);
    // Only the next send fails.
    await adapter().send({ to: TO, text: 'hi' });
    expect(stub.messages).toHaveLength(1);
  });

  it('throws SmsSendError by timeout when Twilio does not answer', async () => {
    stub.hangNext();
    const started = performance.now();
    const error = await failure(adapter({ timeoutMs: 200 }).send({ to: TO, text: 'hi' }));
    const elapsed = performance.now() - started;
    expect(error.reason).toBe('timeout');
    expect(error.message).toContain('200 ms');
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('throws SmsSendError when Twilio cannot be reached', async () => {
    const gone = await startTwilioStub();
    await gone.close();
    const error = await failure(adapter({ apiUrl: gone.url }).send({ to: TO, text: 'hi' }));
    expect(error.reason).toBe('network');
    expect(error.code).toBeUndefined();
  });

  it('never shows the auth token in logs, errors or the adapter itself', async () => {
    const logger = { info: vi.fn<(obj: object, msg: string) => void>() };
    const sms = adapter({ logger });
    await sms.send({ to: TO, text: 'Your code is 987654' });
    const wrong = await failure(adapter({ authToken: `${stub.authToken}x`, logger }).send({ to: TO, text: 'hi' }));

    expect(logger.info).toHaveBeenCalledWith(
      { sms: { to: TO, sid: stub.messages[0]?.sid, status: 'queued' } },
      'SMS accepted by Twilio',
    );
    const seen = [JSON.stringify(logger.info.mock.calls), inspect(sms), JSON.stringify(sms), inspect(wrong)].join();
    expect(seen).not.toContain(stub.authToken);
    expect(seen).not.toContain(Buffer.from(`${stub.accountSid}:${stub.authToken}`).toString('base64'));
    // The text carries a sign-in code.
    expect(JSON.stringify(logger.info.mock.calls)).not.toContain('987654');
  });
});
