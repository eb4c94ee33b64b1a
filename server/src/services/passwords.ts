/**
 * Password storage and the common-password refusal. argon2id with OWASP's parameters; the
 * whole password is hashed (no truncation of long or Unicode passwords).
 */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is 2 (a const enum the package does not export as a value).
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Passwords longer than this are refused (hashing megabytes is a denial of service). */
export const MAX_PASSWORD_LENGTH = 1024;

export async function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password.normalize('NFC'));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash, so an unknown username takes as long as a known one. */
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not a real password: timing only');
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/** The 30,000 most common passwords (zxcvbn's list, built from leaked password corpora). */
async function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  const list = dictionary['passwords-common'];
  return new Set(list.map((word) => word.toLowerCase()));
}

/**
 * Whether a password is common: on the list as it is, or a listed word dressed up with a few
 * trailing digits or symbols ("Password123!", "Welcome2024!!").
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= loadCommonPasswords();
  const list = await commonPasswords;
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const match = /^(.*?)([^a-z]{0,6})$/u.exec(lower);
  const stem = match?.[1] ?? lower;
  return stem.length > 0 && stem !== lower && list.has(stem);
}

/** How many passwords the common list holds (for tests and the README). */
export async function commonPasswordCount(): Promise<number> {
  commonPasswords ??= loadCommonPasswords();
  return (await commonPasswords).size;
}
