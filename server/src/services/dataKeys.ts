/**
 * The keys that encrypt the applicant's Social Security number at rest (SPEC §9: the SSN is
 * kept private), and the sealing of one value with them.
 *
 * A sealed value is one string, stored in the answers jsonb in place of the number:
 * `sealed:v1:<key id>:<iv>:<ciphertext and tag>` (base64url), AES-256-GCM with a random 96-bit
 * IV per value and the answer key as associated data, so a value copied to another answer key
 * does not open. The key id is the first 8 hex digits of the key's SHA-256: a key names itself,
 * so an operator cannot give two keys one id, and an old key found in DATA_KEY opens what it
 * sealed whatever its place in the list.
 *
 * DATA_KEY holds one key or several, comma-separated, each 32 random bytes in base64
 * (`openssl rand -base64 32`): the first seals, every one opens (rotation: put the new key
 * first, run `npm run admin -- rekey`, then drop the old one). Without DATA_KEY the key is
 * generated once into DATA_DIR/data-key (mode 0600) and reused.
 */
import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** AES-256: 32 bytes of key. */
export const DATA_KEY_BYTES = 32;
/** GCM's recommended IV: 96 bits. */
const IV_BYTES = 12;
/** GCM's full tag: 128 bits. */
const TAG_BYTES = 16;
/** The file the embedded default keeps its key in, under DATA_DIR. */
export const DATA_KEY_FILE = 'data-key';

const PREFIX = 'sealed:v1:';
const SEALED = /^sealed:v1:([0-9a-f]{8}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]+)$/;

/** A key and its id. */
export interface DataKey {
  id: string;
  key: Buffer;
}

/** The keys in use: `current` seals, every one of `all` opens. */
export interface DataKeys {
  current: DataKey;
  all: ReadonlyMap<string, Buffer>;
}

/** DATA_KEY (or the key file) does not hold keys this server can use. */
export class DataKeyError extends Error {
  override name = 'DataKeyError';
}

/** A sealed value the keys at hand cannot open: another key sealed it, or it was altered. */
export class UnreadableValueError extends Error {
  override name = 'UnreadableValueError';
  constructor(
    readonly keyId: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The id a key is known by: the first 8 hex digits of its SHA-256. */
export function dataKeyId(key: Buffer): string {
  return hash('sha256', key, 'hex').slice(0, 8);
}

/** Parses DATA_KEY's text: one or more base64 keys of 32 bytes, comma-separated, newest first. */
export function parseDataKeys(text: string, source = 'DATA_KEY'): DataKeys {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0)
    throw new DataKeyError(
      `${source} is empty: it must hold a key of ${DATA_KEY_BYTES} random bytes in base64, such as the output of \`openssl rand -base64 32\`.`,
    );
  const keys = parts.map((part, index) => {
    const key = /^[A-Za-z0-9+/]+={0,2}$/.test(part) ? Buffer.from(part, 'base64') : undefined;
    if (key?.length !== DATA_KEY_BYTES)
      throw new DataKeyError(
        `${source}'s key number ${index + 1} is not ${DATA_KEY_BYTES} bytes in base64: make one with \`openssl rand -base64 32\`; several keys are separated by commas, the newest first.`,
      );
    return { id: dataKeyId(key), key };
  });
  const all = new Map<string, Buffer>();
  for (const { id, key } of keys) {
    if (all.has(id))
      throw new DataKeyError(`${source} names the same key twice (key id ${id}): list it once.`);
    all.set(id, key);
  }
  const [current] = keys;
  if (current === undefined) throw new DataKeyError(`${source} holds no key.`);
  return { current, all };
}

/**
 * The embedded default's key: DATA_DIR/data-key, generated on first use (mode 0600) and read
 * ever after. Created exclusively: two instances starting together on one DATA_DIR end up with
 * the one key the first wrote.
 */
export function dataKeysFromFile(dataDir: string): { keys: DataKeys; created: boolean } {
  const file = join(dataDir, DATA_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  let created = false;
  try {
    writeFileSync(file, `${randomBytes(DATA_KEY_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
    // The mode above is filtered by the umask; the key is for this user alone.
    chmodSync(file, 0o600);
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return { keys: parseDataKeys(readFileSync(file, 'utf8'), file), created };
}

/** Whether a stored answer is a sealed value (rather than text typed before encryption). */
export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/** The key id a sealed value names, or undefined for anything else. */
export function sealedKeyId(value: unknown): string | undefined {
  return typeof value === 'string' ? SEALED.exec(value)?.[1] : undefined;
}

/** Seals `plain` as the value of `answerKey` with the current key. */
export function seal(keys: DataKeys, answerKey: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv);
  cipher.setAAD(Buffer.from(answerKey, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${keys.current.id}:${iv.toString('base64url')}:${body.toString('base64url')}`;
}

/**
 * Opens a value `seal` made for `answerKey`. Throws UnreadableValueError when no key at hand
 * made it, or it was altered; a value that is not sealed is returned as it is.
 */
export function open(keys: DataKeys, answerKey: string, stored: string): string {
  if (!isSealed(stored)) return stored;
  const match = SEALED.exec(stored);
  if (match === null)
    throw new UnreadableValueError(undefined, `The stored value of ${answerKey} is damaged.`);
  const [, id = '', ivText = '', bodyText = ''] = match;
  const key = keys.all.get(id);
  if (key === undefined)
    throw new UnreadableValueError(
      id,
      `The stored value of ${answerKey} was encrypted with key ${id}, which DATA_KEY does not hold.`,
    );
  const body = Buffer.from(bodyText, 'base64url');
  if (body.length < TAG_BYTES)
    throw new UnreadableValueError(id, `The stored value of ${answerKey} is damaged.`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
    decipher.setAAD(Buffer.from(answerKey, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new UnreadableValueError(
      id,
      `The stored value of ${answerKey} does not open with key ${id}: it was altered, or another key has that id.`,
    );
  }
}
