// The SMTP adapter (nodemailer) against a local SMTP server (test/smtp-stub.ts), and the choice
// of adapter by configuration: the outbox by default, refused in production.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTION_ENV } from '../../../test/production-env.js';
import { REFUSED_RECIPIENT, startSmtpStub, type SmtpStub } from '../../../test/smtp-stub.js';
import { ConfigError, loadConfig } from '../../config.js';
import { emailCodeMessage } from '../../modules/users/email-texts.js';
import { createMailAdapter } from './index.js';
import { MailSendError } from './mail-adapter.js';
import { OutboxMailAdapter } from './outbox.js';
import { SmtpMailAdapter, type SmtpMailOptions } from './smtp.js';

const FROM = 'Needs & Offers <no-reply@market.example.org>';
const logger = () => ({ info: vi.fn<(obj: object, msg: string) => void>() });
let stub: SmtpStub;
const adapters: SmtpMailAdapter[] = [];

const adapter = (overrides: Partial<SmtpMailOptions> = {}) => {
  const made = new SmtpMailAdapter({
    host: stub.host,
    port: stub.port,
    secure: false,
    user: stub.user,
    password: stub.password,
    from: FROM,
    timeoutMs: 2000,
    ...overrides,
  });
  adapters.push(made);
  return made;
};

async function failure(attempt: Promise<unknown>): Promise<MailSendError> {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailSendError);
  return error as MailSendError;
}

beforeAll(async () => {
  stub = await startSmtpStub();
});
afterAll(async () => {
  for (const made of adapters) made.close();
  await stub.close();
});
beforeEach(() => {
  stub.received.length = 0;
});

describe('SmtpMailAdapter', () => {
  it('signs in and delivers the code as plain text, from MAIL_FROM to the address', async () => {
    const log = logger();
    const mail = adapter({ logger: log });
    expect(mail.name).toBe('smtp');
    await mail.send({ to: 'awa@example.org', ...emailCodeMessage('en', 'Awa', '123456') });
    expect(stub.received).toHaveLength(1);
    const [got] = stub.received;
    expect(got).toMatchObject({ from: 'no-reply@market.example.org', to: ['awa@example.org'], user: stub.user });
    expect(got?.headers.subject).toBe('Confirm your e-mail address');
    expect(got?.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(got?.text).toContain('123456 is your code to confirm this e-mail address');
    // The log says it went, never with the code.
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('123456');
  });

  it('keeps the French text whole, accents included', async () => {
    await adapter().send({ to: 'awa@example.org', ...emailCodeMessage('fr', 'Aïssatou', '654321') });
    const [got] = stub.received;
    expect(got?.headers.subject).toBe('Confirmez votre adresse courriel');
    expect(got?.text).toContain('Bonjour Aïssatou,');
    expect(got?.text).toContain("Si vous ne l'avez pas demandé, ignorez ce message.");
  });

  it('throws MailSendError with 535 when the password is wrong, and sends nothing', async () => {
    const error = await failure(adapter({ password: 'wrong' }).send({ to: 'a@example.org', subject: 's', text: 't' }));
    expect(error.responseCode).toBe(535);
    expect(stub.received).toEqual([]);
  });

  it('throws MailSendError with 550 when the server refuses the mailbox', async () => {
    const error = await failure(adapter().send({ to: REFUSED_RECIPIENT, subject: 's', text: 't' }));
    expect(error.responseCode).toBe(550);
    expect(stub.received).toEqual([]);
  });

  it('throws MailSendError when nothing listens, or the server never greets', async () => {
    const closed = await failure(adapter({ port: 9 }).send({ to: 'a@example.org', subject: 's', text: 't' }));
    expect(closed.responseCode).toBeUndefined();

    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const started = Date.now();
    await failure(adapter({ port, timeoutMs: 300 }).send({ to: 'a@example.org', subject: 's', text: 't' }));
    expect(Date.now() - started).toBeLessThan(5000);
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});

describe('createMailAdapter', () => {
  it('uses the outbox by default, in development and tests', () => {
    for (const env of [{}, { NODE_ENV: 'test' }, { NODE_ENV: 'development' }]) {
      expect(createMailAdapter(loadConfig(env), logger())).toBeInstanceOf(OutboxMailAdapter);
    }
  });

  it('refuses the outbox in production, naming MAIL_PROVIDER', () => {
    const attempt = () => loadConfig({ ...PRODUCTION_ENV, MAIL_PROVIDER: 'outbox' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/MAIL_PROVIDER: the local mail outbox is refused in production/);
  });

  it('uses SMTP when configured, in production too, and delivers through SMTP_HOST and SMTP_PORT', async () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      SMTP_HOST: stub.host,
      SMTP_PORT: String(stub.port),
      SMTP_USER: stub.user,
      SMTP_PASSWORD: stub.password,
    });
    const mail = createMailAdapter(config, logger());
    expect(mail).toBeInstanceOf(SmtpMailAdapter);
    adapters.push(mail as SmtpMailAdapter);
    await mail.send({ to: 'boss@example.org', subject: 'via config', text: 'hello' });
    expect(stub.received.at(-1)).toMatchObject({ to: ['boss@example.org'], from: 'no-reply@market.example.org' });
  });

  it('names SMTP_HOST when MAIL_PROVIDER=smtp has none', () => {
    const attempt = () => createMailAdapter(loadConfig({ MAIL_PROVIDER: 'smtp' }), logger());
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow('MAIL_PROVIDER=smtp needs SMTP_HOST');
  });
});
