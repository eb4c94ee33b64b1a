/**
 * The machine-readable reasons an error body may carry (`code` of ErrorBodySchema), for the
 * browser to act on beyond showing the message. Plain constants, no schema: the browser imports
 * them from form-model's index without TypeBox.
 */
export const ERROR_CODES = {
  /** POST /public/login: the account waits for its confirmation code (issue 15 #9). */
  unconfirmed: 'UNCONFIRMED',
} as const;
