import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import { parse } from '@formatjs/icu-messageformat-parser';
import type * as TenantConfigNode from '@admit/tenant-config/node';
import { type Plugin, runnerImport } from 'vite';

import { AREA_NAMES, messagesOfArea } from './src/messageAreas.ts';
import { CATALOGUES_MODULE, LANGUAGE_MODULE, MESSAGE_AREAS_MODULE } from './src/tenantModules.ts';

/** The packages whose catalogues the app shows (each keeps `src/locales/<language>/*.json`). */
const APP_CATALOGUE_PACKAGES = ['@admit/form-model', '@admit/design-system', '@admit/form-app'];

/** A package's `src/locales` folder, through its `exports` (`./locales/*`). */
export function localesFolder(packageName: string): string {
  return fileURLToPath(new URL('.', import.meta.resolve(`${packageName}/locales/_`)));
}

/**
 * Every language of the app's catalogues, each message parsed into ICU's AST here, at build
 * time: the browser formats them with react-intl without shipping the parser (FormatJS's
 * "no-parser" advice), and the pseudo-locale is made from English.
 */
async function generate(): Promise<Record<string, Record<string, unknown>>> {
  const { module } = await runnerImport<typeof TenantConfigNode>('@admit/tenant-config/node', {
    configFile: false,
    logLevel: 'error',
  });
  const catalogues = module.loadCatalogues(APP_CATALOGUE_PACKAGES.map(localesFolder));
  const compiled: Record<string, Record<string, unknown>> = {};
  for (const [language, messages] of Object.entries(catalogues))
    compiled[language] = Object.fromEntries(
      Object.entries(messages).map(([id, text]) => [id, parse(text)]),
    );
  compiled[module.PSEUDO_LANGUAGE] = module.pseudoMessages(catalogues.en ?? {});
  return compiled;
}

const RESOLVED_CATALOGUES = `\0${CATALOGUES_MODULE}`;
const RESOLVED_LANGUAGE = `\0${LANGUAGE_MODULE}`;
const RESOLVED_MESSAGE_AREAS = `\0${MESSAGE_AREAS_MODULE}`;
/** Where the message areas' files are, in the build's folder: `assets/messages-<area>-<language>-<hash>.json`. */
const AREA_FILE_PREFIX = 'assets/messages-';

/** Eight characters that change whenever any compiled message does. */
function catalogueHash(compiled: Record<string, Record<string, unknown>>): string {
  return createHash('sha256').update(JSON.stringify(compiled)).digest('base64url').slice(0, 8);
}

/**
 * The app's texts as modules:
 * - `virtual:admit-catalogues`: every language's messages (the prerender, which writes the
 *   chosen language's into each page, and Storybook's language switch);
 * - `virtual:admit-language`: the language this page is in and its messages. In the browser
 *   build it reads them from the page (src/languageOnPage.ts: only the chosen language is
 *   downloaded); in the prerender from what the server gave; in the dev server and the tests
 *   English (`ADMIT_LANGUAGE` picks another in the dev server);
 * - in the browser build, `virtual:admit-message-areas`: where the file of each message area
 *   (src/messageAreas.ts) in each language is (a JSON file of the build's, written here), which
 *   `loadMessageArea` fetches when a page needing them is opened.
 */
export function admitCatalogues(mode: 'page' | 'prerender' | 'dev'): Plugin {
  let compiled: Record<string, Record<string, unknown>> | undefined;
  const formApp = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'admit:catalogues',
    enforce: 'pre',
    async buildStart() {
      compiled = await generate();
    },
    resolveId(source) {
      if (source === CATALOGUES_MODULE) return RESOLVED_CATALOGUES;
      if (source === MESSAGE_AREAS_MODULE) return RESOLVED_MESSAGE_AREAS;
      if (source !== LANGUAGE_MODULE) return undefined;
      if (mode === 'page') return `${formApp}src/languageOnPage.ts`;
      if (mode === 'prerender') return `${formApp}src/languageInPrerender.ts`;
      return RESOLVED_LANGUAGE;
    },
    load(id) {
      if (compiled === undefined) return undefined;
      if (id === RESOLVED_CATALOGUES)
        return `export const catalogues = ${JSON.stringify(compiled)};`;
      if (id === RESOLVED_MESSAGE_AREAS)
        return `export const messageFile = (area, language) => \`${AREA_FILE_PREFIX}\${area}-\${language}-${catalogueHash(compiled)}.json\`;`;
      if (id === RESOLVED_LANGUAGE) {
        const language = process.env.ADMIT_LANGUAGE ?? 'en';
        return `import { catalogues } from ${JSON.stringify(CATALOGUES_MODULE)};
export const language = ${JSON.stringify(language)};
export const languages = ${JSON.stringify(Object.keys(compiled))};
export const messages = catalogues[language];
/** Every area is in \`messages\` already. */
export const loadMessageArea = () => Promise.resolve();`;
      }
      return undefined;
    },
    generateBundle() {
      // The browser build's message areas: one JSON file per area and language, named by the
      // catalogues' hash (the server caches `assets/NAME-HASH.ext` for good).
      if (mode !== 'page' || compiled === undefined) return;
      const hash = catalogueHash(compiled);
      for (const [language, messages] of Object.entries(compiled))
        for (const area of AREA_NAMES)
          this.emitFile({
            type: 'asset',
            fileName: `${AREA_FILE_PREFIX}${area}-${language}-${hash}.json`,
            source: JSON.stringify(messagesOfArea(messages, area)),
          });
    },
    async handleHotUpdate({ file, server }) {
      if (!file.includes('/src/locales/')) return undefined;
      compiled = await generate();
      const module = server.moduleGraph.getModuleById(RESOLVED_CATALOGUES);
      if (module !== undefined) server.moduleGraph.invalidateModule(module);
      server.ws.send({ type: 'full-reload' });
      return undefined;
    },
  };
}
