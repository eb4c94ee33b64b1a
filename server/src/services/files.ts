/**
 * Where uploaded and generated files live, behind one small interface. The embedded default is
 * local disk under DATA_DIR/files with atomic writes (temp file, fsync, rename); production
 * may use S3 (services/s3.ts) behind the same interface.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export interface FileStore {
  /** Writes `bytes` at `key` atomically: readers see the old file or the whole new one. */
  put: (key: string, bytes: Uint8Array) => Promise<void>;
  /** The bytes at `key`, or undefined when there is none. */
  get: (key: string) => Promise<Buffer | undefined>;
  /** Size in bytes, or undefined. */
  size: (key: string) => Promise<number | undefined>;
  /** Removes `key` (no error when missing). */
  delete: (key: string) => Promise<void>;
}

/** Keys are paths of safe segments: letters, digits, `-`, `_`, `.`; no `..`, no leading `/`. */
export const FILE_KEY_PATTERN =
  /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\/){0,8}[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function assertFileKey(key: string): void {
  if (!FILE_KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`unsafe file key: ${JSON.stringify(key)}`);
  }
}

/** The local-disk store: every file under `root`, written atomically and durably. */
export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    assertFileKey(key);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`file key escapes the store: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, path);
      // The rename itself must survive a crash: sync the folder too.
      const folder = await open(dirname(path), 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
