import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { pseudoLocalizeString as localize } from 'pseudo-localization';

/**
 * The product's own texts ("catalogues"), as JSON files a translator edits: each package keeps
 * `src/locales/<language>/<area>.json`, a flat object from message id to an ICU MessageFormat
 * text (https://formatjs.github.io/docs/core-concepts/icu-syntax). A language is a folder: adding
 * `src/locales/fr/` beside `en/` and `es/` in every package adds French, with no code
 * (docs/colleges.md, "Languages").
 */
export type Messages = Record<string, string>;

/** Every language's messages, merged from the packages' folders, keyed by language code. */
export type Catalogues = Record<string, Messages>;

/** The pseudo-locale: English with accents and lengthened text, to find texts not translated. */
export const PSEUDO_LANGUAGE = 'en-XA';

function readLanguage(folder: string, language: string, into: Messages, problems: string[]): void {
  const dir = join(folder, language);
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const path = join(dir, file);
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push(`${path}: not JSON (${(error as Error).message})`);
      continue;
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      problems.push(`${path}: must be an object of message id to text`);
      continue;
    }
    for (const [id, text] of Object.entries(data)) {
      if (typeof text !== 'string') problems.push(`${path}: "${id}" must be a text`);
      else if (id in into) problems.push(`${path}: "${id}" is also in another file of ${language}`);
      else {
        try {
          parse(text);
          into[id] = text;
        } catch (error) {
          problems.push(`${path}: "${id}" is not ICU MessageFormat (${(error as Error).message})`);
        }
      }
    }
  }
}

/**
 * Reads and merges the catalogues of `folders` (each a package's `src/locales`), and checks
 * them: every file JSON, every text valid ICU, no id twice, and every id in every language that
 * any of them has. Throws one error naming every problem, as a college's check does.
 *
 * @example loadCatalogues([formModelLocales, designSystemLocales]).es['ds.fileUpload.remove']
 */
export function loadCatalogues(folders: readonly string[]): Catalogues {
  const problems: string[] = [];
  const languages = new Set<string>();
  for (const folder of folders)
    for (const entry of readdirSync(folder))
      if (statSync(join(folder, entry)).isDirectory()) languages.add(entry);
  const catalogues: Catalogues = {};
  for (const language of [...languages].sort()) {
    const messages: Messages = {};
    for (const folder of folders) {
      try {
        readLanguage(folder, language, messages, problems);
      } catch {
        problems.push(`${join(folder, language)}: missing (every package needs each language)`);
      }
    }
    catalogues[language] = messages;
  }
  const ids = new Set(Object.values(catalogues).flatMap((messages) => Object.keys(messages)));
  for (const [language, messages] of Object.entries(catalogues))
    for (const id of ids)
      if (!(id in messages)) problems.push(`${language}: "${id}" has no text in this language`);
  if (problems.length > 0)
    throw new Error(
      `The catalogues have ${String(problems.length)} problem(s):\n${problems.join('\n')}`,
    );
  return catalogues;
}

/** Pseudo-localizes the literal parts of a parsed message, leaving its arguments alone. */
function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: localize(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select)
      return {
        ...element,
        options: Object.fromEntries(
          Object.entries(element.options).map(([key, option]) => [
            key,
            { ...option, value: pseudoElements(option.value) },
          ]),
        ),
      };
    if (element.type === TYPE.tag)
      return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

/**
 * A text in the pseudo-locale: accented and about a third longer, with "⟦ ⟧" around it, so that
 * a page in it shows at a glance any text that did not come from a catalogue, and any text cut.
 */
export function pseudoText(text: string): string {
  return `⟦${localize(text)}⟧`;
}

/**
 * The pseudo-locale's messages, made from English ones: each text's literal parts accented and
 * lengthened, its arguments kept, as parsed messages (ICU's AST).
 */
export function pseudoMessages(english: Messages): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(
    Object.entries(english).map(([id, text]) => [
      id,
      [
        { type: TYPE.literal, value: '⟦' },
        ...pseudoElements(parse(text)),
        { type: TYPE.literal, value: '⟧' },
      ],
    ]),
  );
}

/**
 * A college text in the pseudo-locale, its `{placeholders}` (an add-another's `{n}`) kept as
 * they are: the pseudo-locale shows every text the college's data gave, accented.
 */
export function pseudoCollegeText(text: string): string {
  return text
    .split(/(\{[A-Za-z][A-Za-z0-9]*\})/)
    .map((part) => (part.startsWith('{') || part === '' ? part : pseudoText(part)))
    .join('');
}
