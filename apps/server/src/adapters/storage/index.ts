// D-1, D-23: picks the storage adapter named by STORAGE_PROVIDER. Local disk is the default so
// the product runs on one machine; S3 lets several instances share the images.
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { localStorageAdapter } from './local.js';
import { s3StorageAdapter } from './s3.js';
import type { StorageAdapter } from './storage-adapter.js';

export { localStorageAdapter } from './local.js';
export { DEFAULT_S3_TIMEOUT_MS, s3StorageAdapter, type S3StorageOptions } from './s3.js';
export { assertKey, type StorageAdapter } from './storage-adapter.js';

export function createStorageAdapter(config: Config): StorageAdapter {
  const { storage } = config;
  // loadConfig has already refused S3 without a bucket and both keys.
  if (storage.provider === 's3') return s3StorageAdapter(storage.s3);
  return localStorageAdapter(join(config.dataDir, 'uploads'));
}
