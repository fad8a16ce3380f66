// The outside services, chosen by configuration (D-1): SMS, e-mail, push, file storage and payments.
// Registered after the database: app.ts hands it the local providers' stores (payments' tables).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createPaymentAdapter, type PaymentAdapter } from '../adapters/payments/index.js';
import type { LocalOrderStore } from '../adapters/payments/local.js';
import { createMobileMoneyAdapter, type MobileMoneyAdapter } from '../adapters/mobile-money/index.js';
import type { LocalMomoStore } from '../adapters/mobile-money/local.js';
import { createPushAdapter, type PushAdapter } from '../adapters/push/index.js';
import { SmtpMailAdapter, createMailAdapter, type MailAdapter } from '../adapters/mail/index.js';
import { createSmsAdapter } from '../adapters/sms/index.js';
import type { SmsAdapter } from '../adapters/sms/sms-adapter.js';
import { createStorageAdapter } from '../adapters/storage/index.js';
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

/** What the plugin is given: the local providers' stores are the payments module's tables. */
export interface AdaptersOptions {
  config: Config;
  push?: PushAdapter | undefined;
  localOrders: LocalOrderStore;
  localMomo: LocalMomoStore;
}

export const adaptersPlugin = fp(
  async (app: FastifyInstance, { config, push, localOrders, localMomo }: AdaptersOptions) => {
    app.decorate('sms', createSmsAdapter(config, app.log));
    const mail = createMailAdapter(config, app.log);
    app.decorate('mail', mail);
    if (mail instanceof SmtpMailAdapter) app.addHook('onClose', () => mail.close());
    app.decorate('push', push ?? createPushAdapter(config, app.log));
    app.decorate('storage', createStorageAdapter(config));
    app.decorate('payments', createPaymentAdapter(config, app.clock.now, localOrders));
    app.decorate('mobileMoney', createMobileMoneyAdapter(config, localMomo));
  },
);
