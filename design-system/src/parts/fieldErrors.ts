/** A field's error as callers pass it: one message, a list (SPEC §3 error-list shapes), or none. */
export type FieldError = string | readonly string[] | undefined;

/** The messages to show, in order, without blanks or repeats (SPEC §5: de-duplicated per field). */
export function errorMessages(error: FieldError): string[] {
  const messages = typeof error === 'string' ? [error] : (error ?? []);
  return [...new Set(messages.filter((message) => message.trim() !== ''))];
}
