import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { startS3Stub, type S3Stub } from '../../../test/s3-stub.js';
import { loadConfig } from '../../config.js';
import { createStorageAdapter } from './index.js';
import { s3StorageAdapter, type S3StorageOptions } from './s3.js';

let stub: S3Stub;

const adapter = (overrides: Partial<S3StorageOptions> = {}) =>
  s3StorageAdapter({
    endpoint: stub.url,
    region: 'us-east-1',
    bucket: stub.bucket,
    accessKeyId: stub.accessKeyId,
    secretAccessKey: stub.secretAccessKey,
    forcePathStyle: true,
    ...overrides,
  });

const s3Env = () => ({
  STORAGE_PROVIDER: 's3',
  S3_ENDPOINT: stub.url,
  S3_BUCKET: stub.bucket,
  S3_ACCESS_KEY_ID: stub.accessKeyId,
  S3_SECRET_ACCESS_KEY: stub.secretAccessKey,
});

const image = Buffer.from('RIFF....WEBPVP8 fake image bytes');

beforeAll(async () => {
  stub = await startS3Stub();
});
afterAll(async () => {
  await stub.close();
});
beforeEach(() => {
  stub.objects.clear();
  stub.requests.length = 0;
  stub.hang = undefined;
});

describe('s3StorageAdapter', () => {
  it('stores an image with its content type and reads the same bytes back', async () => {
    const storage = adapter();
    await storage.put('avatars/u1-abc.webp', image, 'image/webp');

    expect(stub.objects.get('avatars/u1-abc.webp')).toEqual({ body: image, contentType: 'image/webp' });
    expect(await storage.get('avatars/u1-abc.webp')).toEqual({ body: image, contentType: 'image/webp' });
    expect(stub.requests.map((r) => [r.method, r.bucket, r.key])).toEqual([
      ['PUT', stub.bucket, 'avatars/u1-abc.webp'],
      ['GET', stub.bucket, 'avatars/u1-abc.webp'],
    ]);
  });

  it('signs every request with SigV4 for its access key and region', async () => {
    await adapter({ region: 'eu-west-3' }).put('avatars/u1-abc.webp', image, 'image/webp');
    expect(stub.requests[0]?.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${stub.accessKeyId}/\\d{8}/eu-west-3/s3/aws4_request, `),
    );
  });

  it('answers null for a key that does not exist', async () => {
    expect(await adapter().get('avatars/missing.webp')).toBeNull();
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const storage = adapter();
    await storage.put('id-images/u1/0-abc.webp', image, 'image/webp');
    await storage.delete('id-images/u1/0-abc.webp');
    expect(stub.objects.size).toBe(0);
    expect(await storage.get('id-images/u1/0-abc.webp')).toBeNull();
    await expect(storage.delete('id-images/u1/0-abc.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the storage root without calling S3', async () => {
    const storage = adapter();
    for (const key of ['avatars/../secret.webp', '../avatars/x.webp', '/avatars/x.webp', 'avatars']) {
      await expect(storage.put(key, image, 'image/webp')).rejects.toThrow('invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
    }
    expect(stub.requests).toHaveLength(0);
  });

  it('rejects the put when the credentials are wrong, and stores nothing', async () => {
    const put = adapter({ accessKeyId: 'AKIAWRONG' }).put('avatars/u1-abc.webp', image, 'image/webp');
    await expect(put).rejects.toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
    expect(stub.objects.size).toBe(0);
  });

  it('throws rather than answering null when the bucket does not exist', async () => {
    await expect(adapter({ bucket: 'no-such-bucket' }).get('avatars/u1-abc.webp')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it.each(['headers', 'body'] as const)('gives up when S3 stops answering (before the %s)', async (stage) => {
    stub.hang = stage;
    const started = performance.now();
    await expect(adapter({ timeoutMs: 200 }).get('avatars/u1-abc.webp')).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('createStorageAdapter', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'storage-test-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps files on local disk under DATA_DIR/uploads by default', async () => {
    const storage = createStorageAdapter(loadConfig({ DATA_DIR: dataDir }));
    await storage.put('avatars/u1-abc.webp', image, 'image/webp');
    expect(readFileSync(join(dataDir, 'uploads', 'avatars', 'u1-abc.webp'))).toEqual(image);
    expect(stub.requests).toHaveLength(0);
  });

  it('uses the S3 bucket when STORAGE_PROVIDER=s3', async () => {
    const storage = createStorageAdapter(loadConfig({ DATA_DIR: dataDir, ...s3Env() }));
    await storage.put('avatars/u2-abc.webp', image, 'image/webp');
    expect(stub.objects.get('avatars/u2-abc.webp')?.body).toEqual(image);
    expect(await storage.get('avatars/u2-abc.webp')).toEqual({ body: image, contentType: 'image/webp' });
  });
});

describe('GET /api/media/avatars/:file with S3 storage', () => {
  it('serves the stored avatar, and 404 for an unknown one', async () => {
    const t = await buildTestApp(s3Env());
    try {
      await t.app.storage.put('avatars/u3-abc.webp', image, 'image/webp');
      expect(stub.objects.has('avatars/u3-abc.webp')).toBe(true);

      const res = await t.app.inject({ method: 'GET', url: '/api/media/avatars/u3-abc.webp' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload).toEqual(image);

      const missing = await t.app.inject({ method: 'GET', url: '/api/media/avatars/u3-nope.webp' });
      expect(missing.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
