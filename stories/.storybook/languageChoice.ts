/**
 * Which language the page stories are in, decided on first use (the app reads it once, as it
 * starts, through language.ts), in this order:
 *
 * 1. the `language` toolbar's choice when the preview loaded (the `globals` of the preview's
 *    address, `language:es`): choosing another reloads the preview for the page stories
 *    (preview.tsx), as choosing another college does;
 * 2. a story file's own language, set before the app loads (`pages/spanish.ts`, imported first
 *    by `Spanish.stories.tsx`): in the tests each file runs in a page of its own;
 * 3. English.
 */
import { catalogues } from 'virtual:admit-catalogues';

declare global {
  /** A story file's language, set before the app loads (pages/spanish.ts). */
  var __ADMIT_STORYBOOK_LANGUAGE__: string | undefined;
}

/** The `language` global in the preview's address (`?globals=language:es;…`), if it has one. */
function addressLanguage(): string | undefined {
  const globals = new URLSearchParams(window.location.search).get('globals') ?? '';
  return /(?:^|;)language:([\w-]+)/.exec(globals)?.[1];
}

let loaded: string | undefined;

/** The language the app's pages are in, decided on first use (see above). */
export function loadedLanguage(): string {
  loaded ??=
    [addressLanguage(), globalThis.__ADMIT_STORYBOOK_LANGUAGE__].find(
      (code): code is string => code !== undefined && Object.hasOwn(catalogues, code),
    ) ?? 'en';
  return loaded;
}
