// The outside services, chosen by configuration (D-1): SMS, e-mail, push, file storage and payments.
// Registered after the database: the local payment provider keeps its orders there.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createPaymentAdapter, type PaymentAdapter } from '../adapters/payments/index.js';
import { createMobileMoneyAdapter, type MobileMoneyAdapter } from '../adapters/mobile-money/index.js';
import { createPushAdapter, type PushAdapter } from '../adapters/push/index.js';
import { SmtpMailAdapter, createMailAdapter, type MailAdapter } from '../adapters/mail/index.js';
import { createSmsAdapter } from '../adapters/sms/index.js';
import type { SmsAdapter } from '../adapters/sms/sms-adapter.js';
import { createStorageAdapter } from '../adapters/storage/index.js';
import { localMomoRepository, localOrdersRepository } from '../modules/payments/repository.js';
import type { StorageAdapter } from '../adapters/storage/storage-adapter.js';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsAdapter;
    mail: MailAdapter;
    push: PushAdapter;
    storage: StorageAdapter;
    payments: PaymentAdapter;
    /** D-38: mobile money (XOF, XAF, CDF). */
    mobileMoney: MobileMoneyAdapter;
  }
}

export const adaptersPlugin = fp(
  async (app: FastifyInstance, { config, push }: { config: Config; push?: PushAdapter | undefined }) => {
    app.decorate('sms', createSmsAdapter(config, app.log));
    const mail = createMailAdapter(config, app.log);
    app.decorate('mail', mail);
    if (mail instanceof SmtpMailAdapter) app.addHook('onClose', () => mail.close());
    app.decorate('push', push ?? createPushAdapter(config, app.log));
    app.decorate('storage', createStorageAdapter(config));
    app.decorate('payments', createPaymentAdapter(config, app.clock.now, localOrdersRepository(app.database.db)));
    app.decorate('mobileMoney', createMobileMoneyAdapter(config, localMomoRepository(app.database.db)));
  },
);
