import type * as schema from './schema.ts';

let loading: Promise<typeof schema.validateAnswers> | undefined;

/**
 * `validateAnswers`, loaded on first call with the yup schema it builds. The browser
 * validates only while the web status is validating (SPEC §4), so a visitor or a new
 * applicant never downloads yup; the server imports `validateAnswers` itself.
 *
 * @example
 * ```ts
 * const validateAnswers = await loadValidateAnswers();
 * const errors = validateAnswers(pages, answers, { context });
 * ```
 */
export function loadValidateAnswers(): Promise<typeof schema.validateAnswers> {
  loading ??= import('./schema.ts').then(
    (module) => module.validateAnswers,
    (error: unknown) => {
      // A failed download may succeed later: the next call tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
