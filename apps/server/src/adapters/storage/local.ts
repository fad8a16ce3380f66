import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertKey, type StorageAdapter } from './storage-adapter.js';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** Files under DATA_DIR/uploads. */
export function localStorageAdapter(root: string): StorageAdapter {
  const path = (key: string) => {
    assertKey(key);
    return join(root, key);
  };
  return {
    async put(key, body) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        const body = await readFile(path(key));
        return { body, contentType: TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
  };
}
