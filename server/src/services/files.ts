/**
 * Where uploaded and generated files live, behind one small interface. The embedded default is
 * local disk under DATA_DIR/files with atomic writes (temp file, fsync, rename); production
 * may use S3 (services/s3.ts) behind the same interface. A write that finds the disk full
 * removes its temporary file, logs one error line (ENOSPC and the folder) and throws a
 * StorageFullError (507); temporary files a crash left behind go with `sweepTemporary`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

import { isDiskFull, StorageFullError } from './errors.ts';

/** A stored file as `list` reports it: its key and when it was last written. */
export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

export interface FileStore {
  /** Writes `bytes` at `key` atomically: readers see the old file or the whole new one. */
  put: (key: string, bytes: Uint8Array) => Promise<void>;
  /** The bytes at `key`, or undefined when there is none. */
  get: (key: string) => Promise<Buffer | undefined>;
  /** Size in bytes, or undefined. */
  size: (key: string) => Promise<number | undefined>;
  /** Removes `key` (no error when missing). */
  delete: (key: string) => Promise<void>;
  /**
   * Every file whose key starts with `prefix` (a folder such as `uploads/`), in no particular
   * order, for the housekeeping sweep of files nothing points at.
   */
  list: (prefix: string) => AsyncIterable<StoredFile>;
  /**
   * Removes temporary files of writes that never finished (a crash, a kill) last changed
   * before `before`; answers how many went. Only stores that write temporary files have it.
   */
  sweepTemporary?: (before: Date) => Promise<number>;
}

/** The name of a write's temporary file, beside its destination: `.<random>.tmp`. */
const TEMPORARY_NAME = /^\.[0-9a-f]{16}\.tmp$/;

/** Every file in `folder` and the folders below it; a folder that vanishes meanwhile is skipped. */
async function* filesUnder(folder: string): AsyncGenerator<string> {
  const folders = [folder];
  for (let next = folders.pop(); next !== undefined; next = folders.pop()) {
    let entries;
    try {
      entries = await readdir(next, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const entry of entries) {
      const path = join(next, entry.name);
      if (entry.isDirectory()) folders.push(path);
      else if (entry.isFile()) yield path;
    }
  }
}

/** A file's last change, or undefined once it is gone (removed between listing and asking). */
function modifiedTime(path: string): Promise<Date | undefined> {
  return stat(path).then(
    (stats) => stats.mtime,
    () => undefined,
  );
}

interface FileStoreLog {
  error: (obj: object, msg: string) => void;
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
export function createLocalFileStore(
  root: string,
  options: { log?: FileStoreLog } = {},
): FileStore {
  const base = resolve(root);

  /** A full disk becomes one error line and a StorageFullError; other errors pass. */
  function full(error: unknown, folder: string): unknown {
    if (!isDiskFull(error)) return error;
    const given = (error as { code?: unknown }).code;
    const code = typeof given === 'string' ? given : 'ENOSPC';
    options.log?.error(
      { code, folder, err: error },
      `disk full: ${code} writing a file in ${folder}; the write was refused (507) and its temporary file removed`,
    );
    return new StorageFullError(code, folder, { cause: error });
  }

  const pathOf = (key: string): string => {
    assertFileKey(key);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`file key escapes the store: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      const folderPath = dirname(path);
      const temp = join(folderPath, `.${randomBytes(8).toString('hex')}.tmp`);
      try {
        await mkdir(folderPath, { recursive: true });
        const handle = await open(temp, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, path);
      } catch (error) {
        // Half a file is never left behind: not on a full disk, not on any other failure.
        await rm(temp, { force: true }).catch(() => undefined);
        throw full(error, folderPath);
      }
      // The rename itself must survive a crash: sync the folder too.
      const folder = await open(folderPath, 'r');
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
    async *list(prefix) {
      const folder = resolve(base, prefix);
      if (!folder.startsWith(base + sep)) throw new Error(`prefix escapes the store: ${prefix}`);
      for await (const path of filesUnder(folder)) {
        const key = relative(base, path).split(sep).join('/');
        // Temporary files of a write in progress are not keys.
        if (!FILE_KEY_PATTERN.test(key)) continue;
        const modifiedAt = await modifiedTime(path);
        if (modifiedAt !== undefined) yield { key, modifiedAt };
      }
    },
    async sweepTemporary(before) {
      let removed = 0;
      for await (const path of filesUnder(base)) {
        if (!TEMPORARY_NAME.test(basename(path))) continue;
        // A write in progress touches its file as it goes: only old ones are abandoned.
        const modifiedAt = await modifiedTime(path);
        if (modifiedAt === undefined || modifiedAt >= before) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
