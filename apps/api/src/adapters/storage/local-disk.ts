import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { contentTypeForKey, isValidStorageKey, type Storage, type StoredObject } from './storage';

/**
 * Stores objects as files under one root folder (DATA_DIR/media). Keys are checked against a strict
 * pattern and the resolved path must stay inside the root, so no key can reach another file.
 * The content type follows the key's extension.
 */
export class LocalDiskStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string | undefined {
    if (!isValidStorageKey(key)) return undefined;
    const path = resolve(join(this.root, key));
    return path.startsWith(this.root + sep) ? path : undefined;
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    if (!path) throw new Error(`invalid storage key: ${key}`);
    await mkdir(dirname(path), { recursive: true });
    // Written under a temporary name, then renamed: a reader never sees half a file.
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, bytes, { mode: 0o640 });
    await rename(temporary, path);
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const path = this.pathOf(key);
    if (!path) return undefined;
    try {
      return { bytes: await readFile(path), contentType: contentTypeForKey(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR')
        return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (path) await rm(path, { force: true });
  }
}
