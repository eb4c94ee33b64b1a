import { ValidationError } from 'yup';

/** Field → its messages (SPEC §3: an array of messages per field). */
export type ErrorMap = Record<string, string[]>;

/** Collects yup's errors into an ErrorMap, de-duplicating messages per field (SPEC §5). */
export function toErrorMap(error: unknown): ErrorMap {
  if (!(error instanceof ValidationError)) throw error;
  const map: ErrorMap = {};
  const leaves = error.inner.length > 0 ? error.inner : [error];
  for (const leaf of leaves) {
    const path = leaf.path ?? '';
    const list = (map[path] ??= []);
    for (const message of leaf.errors) if (!list.includes(message)) list.push(message);
  }
  return map;
}

/** True when the map holds no message. */
export function isValid(errors: ErrorMap): boolean {
  return Object.values(errors).every((list) => list.length === 0);
}
