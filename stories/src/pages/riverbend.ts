/**
 * Makes the page stories of the file that imports this first show Riverbend Community College
 * (.storybook/college.ts): it runs before the app's modules, which read the college once.
 */
globalThis.__ADMIT_STORYBOOK_COLLEGE__ = 'example';

/** The college's id, for the stories' `parameters.college`. */
export const RIVERBEND = 'example';
