/**
 * Makes the page stories of the file that imports this first speak Spanish
 * (.storybook/language.ts): it runs before the app's modules, which read the language once.
 */
globalThis.__ADMIT_STORYBOOK_LANGUAGE__ = 'es';

/** The language's code, for the stories' `globals`. */
export const SPANISH = 'es';
