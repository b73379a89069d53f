import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type ImageStorage, type StoredObject } from './image-storage.js';

// Content types are derived from the file extension the server chose when it wrote the key.
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Stores photos as files under one folder (by default DATA_DIR/images). */
export function createLocalImageStorage(root: string): ImageStorage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file and a crash leaves no torn photo.
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, bytes, { mode: 0o640 });
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key): Promise<StoredObject | null> {
      const target = resolve(key);
      try {
        const bytes = await readFile(target);
        return { bytes, contentType: CONTENT_TYPES[path.extname(target)] ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
