/**
 * What an error body says, shared by the server that sends it and the browser that shows it:
 * SPEC §8's messages, word for word, and the machine-readable reasons (`code` of
 * ErrorBodySchema) the browser acts on beyond showing the message. Plain constants, no schema:
 * the browser imports them from form-model's index without TypeBox.
 */
import errors from '../locales/en/errors.json' with { type: 'json' };

/**
 * SPEC §8: the generic message, for anything unexpected, in English (the catalogue's text; a
 * page shows `messagesIn(language, …).genericError`).
 */
export const GENERIC_ERROR_MESSAGE = errors['model.error.generic'];
/** SPEC §8: the session-invalid message, on every 401, in English (`sessionInvalid` per language). */
export const SESSION_INVALID_MESSAGE = errors['model.error.sessionInvalid'];

export const ERROR_CODES = {
  /** POST /public/login: the account waits for its confirmation code. */
  unconfirmed: 'UNCONFIRMED',
  /**
   * PUT /api/answer: some answers were refused (`errors` names each with its sentence); every
   * other answer of the request was stored.
   */
  answersRefused: 'ANSWERS_REFUSED',
} as const;
