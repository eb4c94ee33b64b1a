/**
 * The prerender's language: the one the server asked for (`language` beside the college in
 * `globalThis.__ADMIT_COLLEGE__`), with its messages from every catalogue the bundle holds.
 * The prerender build resolves `virtual:admit-language` to this module (cataloguePlugin.ts).
 */
import { catalogues } from 'virtual:admit-catalogues';

import { readPageData } from './pageData.ts';

const given = readPageData() as { language?: string; languages?: readonly string[] };

export const language = given.language ?? 'en';
export const languages = given.languages ?? [language];
const chosen = catalogues[language];
if (chosen === undefined) throw new Error(`prerender: no catalogue for the language "${language}"`);
export const messages = chosen;

/** Every area is in `messages` already. */
export const loadMessageArea = (): Promise<void> => Promise.resolve();
