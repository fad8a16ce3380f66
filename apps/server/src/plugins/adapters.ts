// The outside services, chosen by configuration (D-1): SMS and file storage.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createSmsAdapter } from '../adapters/sms/index.js';
import type { SmsAdapter } from '../adapters/sms/sms-adapter.js';
import { localStorageAdapter } from '../adapters/storage/local.js';
import type { StorageAdapter } from '../adapters/storage/storage-adapter.js';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsAdapter;
    storage: StorageAdapter;
  }
}

export const adaptersPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  app.decorate('sms', createSmsAdapter(config, app.log));
  app.decorate('storage', localStorageAdapter(join(config.dataDir, 'uploads')));
});
