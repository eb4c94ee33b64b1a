import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random token of `bytes` bytes (default 32 = 256 bits), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A 6-digit code from a secure random source, leading zeros kept. */
export function randomCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** SHA-256 of a token: tokens of 128+ random bits need no slow hash. */
export function sha256(value: string): Buffer {
  // The one-shot hash: every API call hashes its session token, and a Hash object per call
  // costs twice as much.
  return hash('sha256', value, 'buffer');
}

/** HMAC-SHA-256 with the server's secret: for short secrets such as 6-digit codes. */
export function hmac(secret: Buffer, value: string): Buffer {
  return createHmac('sha256', secret).update(value).digest();
}

/** Constant-time equality of two digests. */
export function sameDigest(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
