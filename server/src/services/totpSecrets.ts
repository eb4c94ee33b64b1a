/**
 * A staff member's TOTP secret at rest: sealed with the data key (services/dataKeys.ts) as the
 * applicant's SSN is, so that a copy of the database (a stolen backup, a read-only leak) gives
 * no one the codes of the office's authenticator apps. The staff member's id is the sealed
 * value's associated data: a secret copied onto another account does not open there.
 */
import { type DataKeys, isSealed, open, seal, sealedKeyId } from './dataKeys.ts';

/** What a staff secret is sealed for: its account, never another. */
const context = (staffId: string) => `staff ${staffId}'s authentication secret`;

/** The secret (base32) as it is stored for the staff member `staffId`. */
export function sealTotpSecret(keys: DataKeys, staffId: string, secret: string): string {
  return seal(keys, context(staffId), secret);
}

/**
 * The secret (base32) of a stored value; a plain one (written before migration 014) as it is.
 * Throws UnreadableValueError when no key at hand sealed it.
 */
export function openTotpSecret(keys: DataKeys, staffId: string, stored: string): string {
  return open(keys, context(staffId), stored);
}

/**
 * The stored value sealed with the current key, or undefined when it already is: migration
 * 014 and `admin rekey`.
 */
export function resealTotpSecret(
  keys: DataKeys,
  staffId: string,
  stored: string,
): string | undefined {
  if (isSealed(stored) && sealedKeyId(stored) === keys.current.id) return undefined;
  return sealTotpSecret(keys, staffId, openTotpSecret(keys, staffId, stored));
}
