// D-1, D-7: files go through a storage adapter. Local disk is the default; an S3-compatible
// adapter comes with the posts. Keys are paths like "avatars/<id>.webp".
export interface StorageAdapter {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such key. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

/** Refuses keys that could leave the storage root ("..", absolute paths, odd characters). */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}
