/**
 * The page stories' language: `virtual:admit-language` in Storybook (main.ts), as the built
 * app's is the language the server writes into the page. Which one: languageChoice.ts. Only the
 * app imports this module, so it is decided when the app loads, after a story file's own
 * language is set.
 */
import { catalogues } from 'virtual:admit-catalogues';

import { loadedLanguage } from './languageChoice.ts';

export const language = loadedLanguage();
/** Every language of the app's catalogues, the pseudo-locale among them. */
export const languages = Object.keys(catalogues);
export const messages = catalogues[language] ?? catalogues.en;
/** Every message area's texts are in `messages` already (form-app/src/messageAreas.ts). */
export const loadMessageArea = (): Promise<void> => Promise.resolve();
