import 'server-only';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { typeOfKey } from './sniff';
import { isValidKey, type FileStorage } from './types';

/** Files under FILES_DIR; the type comes back from the key's extension. */
export class LocalStorage implements FileStorage {
  readonly name = 'local';
  private readonly root: string;
  constructor(dir: string) {
    this.root = path.resolve(dir);
  }

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    const p = path.resolve(this.root, key);
    if (!p.startsWith(this.root + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return p;
  }

  async put(key: string, bytes: Uint8Array) {
    const p = this.pathOf(key);
    await mkdir(path.dirname(p), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${p}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, bytes);
      await rename(tmp, p);
    } catch (e) {
      // A full or failing disk leaves no half-written file behind.
      await rm(tmp, { force: true }).catch(() => {});
      throw e;
    }
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  async get(key: string) {
    if (!isValidKey(key)) return null;
    try {
      const bytes = await readFile(this.pathOf(key));
      return { bytes: new Uint8Array(bytes), contentType: typeOfKey(key) };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw e;
    }
  }
}
