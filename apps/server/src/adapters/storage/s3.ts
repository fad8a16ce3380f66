// D-1, D-23: the real storage adapter, for AWS S3 and S3-compatible services (MinIO, R2, ...), so
// that many stateless instances share the images.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, type StorageAdapter } from './storage-adapter.js';

export interface S3StorageOptions {
  /** An S3-compatible service's base URL; unset means AWS. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO needs it). */
  forcePathStyle?: boolean;
  /** How long one attempt may wait for the service's answer. */
  timeoutMs?: number;
}

export const DEFAULT_S3_TIMEOUT_MS = 10_000;

export function s3StorageAdapter(options: S3StorageOptions): StorageAdapter {
  const { bucket } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_S3_TIMEOUT_MS;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Without throwOnRequestTimeout the handler only logs a warning when requestTimeout passes;
    // socketTimeout also ends a body that stops arriving after the headers came.
    requestHandler: {
      connectionTimeout: Math.min(timeoutMs, 5_000),
      requestTimeout: timeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeoutMs,
    },
    // The SDK's default CRC32 checksum headers are refused by several S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    async put(key, body, contentType) {
      assertKey(key);
      // No Cache-Control on the object: the bucket stays private and every image is served by a
      // route that sets its own (public avatars, admin-only ID images).
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = await object.Body?.transformToByteArray();
        return {
          body: bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : Buffer.alloc(0),
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      // S3 answers 204 for a key that does not exist, as local.ts ignores a missing file.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/** NoSuchKey, or a bare 404; a missing bucket is a configuration error and stays one. */
function isMissingKey(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchKey') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}
